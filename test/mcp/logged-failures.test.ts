// Stored state the MCP server cannot read is logged (with SCANNER_DEBUG, on stderr), not
// silently treated as missing: a corrupt scan record or timings file, an unreadable saved-scans
// folder. A file that simply is not there yet logs nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientDir } from '../../src/sources/workspace.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `body` (an ES module's text) in a fresh Node with SCANNER_DEBUG=1 (log.ts reads it at load); its stderr. */
function runLogged(body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', body], { cwd: REPO, env: { ...process.env, SCANNER_DEBUG: '1' } }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(String(stderr)),
    );
  });
}

test('a corrupt scan record and a corrupt timings file are logged; missing ones are not', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-logged-'));
  try {
    const scans = path.join(clientDir(root), 'scans');
    mkdirSync(scans, { recursive: true });
    writeFileSync(path.join(scans, 'broken.json'), '{"scan_id": "broken", ');
    const timings = path.join(root, 'timings.json');
    writeFileSync(timings, 'not json');
    const stderr = await runLogged(`
      import { ScanStore } from './src/mcp/client-state.ts';
      import { readTimings } from './src/mcp/timing.ts';
      const store = new ScanStore(${JSON.stringify(root)});
      if ((await store.load('broken')) !== undefined) throw new Error('a corrupt record loaded');
      if ((await store.load('absent')) !== undefined) throw new Error('a missing record loaded');
      const t = await readTimings(${JSON.stringify(timings)});
      if (t.tree.length !== 0) throw new Error('corrupt timings read');
      await readTimings(${JSON.stringify(path.join(root, 'none.json'))});
    `);
    assert.match(stderr, /could not read \S*broken\.json/);
    assert.match(stderr, /could not read scan timings \S*timings\.json/);
    assert.doesNotMatch(stderr, /absent\.json|none\.json/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a saved-scans folder that cannot be listed is logged', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-logged-'));
  try {
    mkdirSync(clientDir(root), { recursive: true });
    // A file where the folder should be: readdir fails with ENOTDIR, not ENOENT.
    writeFileSync(path.join(clientDir(root), 'scans'), '');
    const stderr = await runLogged(`
      import { ScanStore } from './src/mcp/client-state.ts';
      const ids = await new ScanStore(${JSON.stringify(root)}).list();
      if (ids.length !== 0) throw new Error('listed scans');
    `);
    assert.match(stderr, /could not list the saved scans/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
