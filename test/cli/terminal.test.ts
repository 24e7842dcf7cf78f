// On a terminal the scan draws a progress bar on stderr and colours the text
// report; `script` (util-linux) gives the child a real pseudo-terminal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCANNER, VULNERABLE_ROUTE, makeTree } from './helpers.ts';

const hasScript = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).status === 0;

function inTerminal(command: string): { code: number | null; output: string } {
  const env = { ...process.env };
  delete env.CI; // the progress bar stays off in CI logs even on a terminal
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  const run = spawnSync('script', ['-qefc', command, '/dev/null'], { encoding: 'utf8', env, timeout: 60_000 });
  return { code: run.status, output: run.stdout };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

test('progress bar and colours on a terminal', { skip: !hasScript && process.env.CI !== 'true' ? 'needs script(1)' : false }, () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) files[`routes/r${i}.js`] = VULNERABLE_ROUTE;
  const tree = makeTree(files);
  try {
    const out = path.join(tree.dir, 'report.json');
    const withBar = inTerminal(`${quote(process.execPath)} ${quote(SCANNER)} scan ${quote(tree.dir)} --format json --output ${quote(out)} --no-cache`);
    assert.equal(withBar.code, 1, withBar.output);
    assert.match(withBar.output, /scanning [█░]+ +\d+% +\d+\/30 files/);
    assert.match(withBar.output, /\r\u001b\[K/, 'the bar is erased before the summary');
    assert.equal(JSON.parse(readFileSync(out, 'utf8')).findings.length, 30, 'the report file holds no bar');

    const coloured = inTerminal(`${quote(process.execPath)} ${quote(SCANNER)} scan ${quote(tree.dir)} --no-cache`);
    assert.equal(coloured.code, 1);
    assert.match(coloured.output, /\u001b\[1m\u001b\[35mcritical/);
  } finally {
    tree.remove();
  }
});
