// On a terminal the scan draws a progress bar on stderr and colours the text
// report; `script` (util-linux) gives the child a real pseudo-terminal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
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

/**
 * A repository of `commits` commits, each changing one file, made with git fast-import (a
 * second, not minutes); the first commit adds a fake key, the second removes it.
 */
function historyRepo(commits: number): { dir: string; remove(): void } {
  const tree = makeTree({});
  const git = (args: string[], input?: string) =>
    spawnSync('git', args, {
      cwd: tree.dir,
      input,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
  git(['init', '-q', '-b', 'main']);
  const stream: string[] = [];
  for (let i = 1; i <= commits; i++) {
    const content = i === 1 ? 'AWS_ACCESS_KEY_ID=AKIAQWERTYUIOPASDFGH\n' : `export const step = ${i};\n`;
    const file = i === 1 ? 'deploy.env' : 'step.js';
    stream.push(`commit refs/heads/main`, `mark :${i}`, `author A <a@example.com> ${1_700_000_000 + i} +0000`, `committer A <a@example.com> ${1_700_000_000 + i} +0000`);
    stream.push(`data ${`c${i}\n`.length}`, `c${i}`);
    if (i > 1) stream.push(`from :${i - 1}`);
    if (i === 2) stream.push('D deploy.env');
    stream.push(`M 100644 inline ${file}`, `data ${Buffer.byteLength(content)}`, content);
  }
  const imported = git(['fast-import', '--quiet'], `${stream.join('\n')}\n`);
  assert.equal(imported.status, 0, imported.stderr);
  assert.equal(git(['reset', '-q', '--hard', 'main']).status, 0);
  return tree;
}

test('--history on a terminal: a commits bar while history is read, phase times and counts in the summary', { skip: !hasScript && process.env.CI !== 'true' ? 'needs script(1)' : false }, () => {
  const repo = historyRepo(1200);
  try {
    const out = path.join(repo.dir, '..', `${path.basename(repo.dir)}-report.json`);
    const run = inTerminal(`${quote(process.execPath)} ${quote(SCANNER)} scan ${quote(repo.dir)} --history --no-cache --format json --output ${quote(out)}`);
    try {
      assert.equal(run.code, 1, run.output);
      // Drawn at the start, as commits are read (git-history reports every 500) and at the end.
      assert.match(run.output, /history ░+ +0% +0\/1200 commits, 0 blobs/);
      assert.match(run.output, /history [█░]+ +\d+% +500\/1200 commits, \d+ blobs/);
      assert.match(run.output, /history █+ +100% +1200\/1200 commits, \d+ blobs/);
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const note = report.summary.warnings.find((w: { file: string }) => w.file === '')?.message;
      assert.match(note, /^git history: 1200 commits, .*; history \d+\.\d s, working tree \d+\.\d s$/);
      const { phases, durationMs } = report.summary;
      assert.equal(phases.history.commits, 1200);
      assert.equal(phases.history.cachedCommits, 0);
      assert.ok(phases.history.blobsScanned >= 1200, JSON.stringify(phases));
      assert.equal(phases.history.findings, 1, 'the removed key');
      assert.equal(phases.tree.filesScanned, 1);
      assert.ok(phases.history.durationMs > 0 && phases.tree.durationMs >= 0);
      assert.equal(durationMs, phases.tree.durationMs + phases.history.durationMs, 'the summary time includes the history');
      assert.equal(report.findings.filter((f: { commit?: string }) => f.commit).length, 1);
    } finally {
      rmSync(out, { force: true });
    }
  } finally {
    repo.remove();
  }
});
