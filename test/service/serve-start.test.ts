// What `scanner serve` tells its operator on start, and what it keeps out of sight: the
// start-up lines (where the API and dashboard are, where the data is, how to make a key,
// with a command that runs here), the database readable by its owner only, and request
// logs without a credential put in the query string.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cliCommand } from '../../src/cli/serve.ts';
import { freePort, tempDir } from './harness.ts';
import { launch, stop, waitHealthy } from './processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin', 'scanner.js');
const FAKE_KEY = 'scn_notARealKeyJustForTheLogTest0000000000000';

const waitFor = async (probe: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(probe(), what);
};

describe('scanner serve on start', () => {
  it('names the API, dashboard, database and a key command that runs here; keeps the database private and query-string keys out of the logs', { skip: process.platform === 'win32' }, async () => {
    const { dir, remove } = tempDir('serve-start');
    const dataDir = path.join(dir, 'server');
    const port = await freePort();
    // After `npm ci` in a checkout there is no `scanner` on PATH: only node's folder here.
    const PATH = path.dirname(process.execPath);
    const server = launch(['serve', '--port', String(port), '--data-dir', dataDir], { PATH, SCANNER_LOG_LEVEL: 'info', DATABASE_URL: '' });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitHealthy(`${base}/api/v1`, server);
      await waitFor(() => server.output().includes('API keys are made'), 'the start-up lines');
      const output = server.output();
      assert.ok(output.includes(`scanner: serving ${base}/api/v1 (OpenAPI: ${base}/api/v1/openapi.json), dashboard at ${base}/`), output);
      assert.ok(output.includes(`scanner: database: SQLite, ${path.join(dataDir, 'scanner.db')}`), output);
      const hint = `node bin/scanner.js keys create --name NAME --data-dir ${JSON.stringify(dataDir)}`;
      assert.ok(output.includes(`scanner: API keys are made in the dashboard, or with: ${hint}`), output);
      // The first start's line names the same command, and it works as printed (from the folder serve ran in).
      const first = /Create an API key for it with: {2}(.+)$/m.exec(output)?.[1];
      assert.equal(first, `node bin/scanner.js keys create --name my-key --data-dir ${JSON.stringify(dataDir)}`);
      const created = await new Promise<string>((resolve, reject) =>
        execFile('sh', ['-c', first!], { cwd: ROOT, env: { ...process.env, PATH, DATABASE_URL: '' } }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr)) : resolve(stdout),
        ),
      );
      assert.match(created, /scn_[A-Za-z0-9_-]{43}/);

      assert.equal((statSync(path.join(dataDir, 'scanner.db')).mode & 0o777).toString(8), '600');
      assert.equal((statSync(dataDir).mode & 0o777).toString(8), '700');

      // A key in the query string is not how keys are sent, but clients do it: it must not reach the log.
      assert.equal((await fetch(`${base}/api/v1/jobs?api_key=${FAKE_KEY}&limit=5`)).status, 401);
      assert.equal((await fetch(`${base}/api/v1/usage?limit=1&token=${FAKE_KEY}`)).status, 401);
      // The dashboard sends a signed-out visitor to sign in with the page as `next`: the key is inside it, encoded.
      const page = await fetch(`${base}/scans?api_key=${FAKE_KEY}`, { redirect: 'manual' });
      const location = page.headers.get('location');
      if (location) await fetch(new URL(location, base), { redirect: 'manual' });
      // Wait for the last request's own log line: counting completed requests also counts the health checks.
      await waitFor(() => /"url":"\/signin\?next=/.test(server.output()), 'the request logs');
      const logs = server.output();
      assert.ok(!logs.includes(FAKE_KEY.slice(4)), `a key in the query string was logged:\n${logs}`);
      assert.match(logs, /"url":"\/api\/v1\/jobs\?api_key=\[redacted\]&limit=5"/);
      assert.match(logs, /"url":"\/api\/v1\/usage\?limit=1&token=\[redacted\]"/);
      assert.ok(location, 'the dashboard redirects to sign in');
      assert.match(logs, /"url":"\/signin\?next=%2Fscans%3Fapi_key%3D\[redacted\]"/);
    } finally {
      await stop(server);
      remove();
    }
  });

  it('names the scanner command when this installation is on PATH', () => {
    const { dir, remove } = tempDir('serve-command');
    try {
      const bin = path.join(dir, 'bin');
      mkdirSync(bin);
      symlinkSync(BIN, path.join(bin, 'scanner'));
      assert.equal(cliCommand(BIN, [bin], dir), 'scanner');
      assert.equal(cliCommand(BIN, [path.dirname(process.execPath)], ROOT), 'node bin/scanner.js');
      assert.equal(cliCommand(BIN, [], dir), `node ${BIN}`, 'an absolute path from elsewhere');
    } finally {
      remove();
    }
  });
});
