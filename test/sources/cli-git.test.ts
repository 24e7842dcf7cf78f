// `scanner scan --diff`, `--history` and a git URL, end to end through the real CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRepo } from '../helpers/git-repo.ts';

const BIN = fileURLToPath(new URL('../../bin/scanner.js', import.meta.url));
// Fake values generated for these tests.
const GITHUB = 'ghp_52JaPA8x49LBETciAKcXpyBHB6ndxRSDGmkv';
const SLACK = 'xoxb-482091384752-5519203847562-qX4nMf7cX1CeBCSVPtRQrU9f';

function scan(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, 'scan', ...args, '--format', 'json', '--no-cache'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 120_000,
  });
  const report = run.stdout ? JSON.parse(run.stdout) : null;
  return { code: run.status, report, stderr: run.stderr };
}

test('cli: --history finds a removed secret with its commit; the tree scan does not', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('app.js', 'module.exports = 1;\n');
  repo.commit('start');
  repo.write('app.js', `const token = '${GITHUB}';\nmodule.exports = 1;\n`);
  const introduced = repo.commit('oops');
  repo.write('app.js', 'module.exports = 1;\n');
  repo.commit('remove');

  const tree = scan(['.'], repo.dir);
  assert.equal(tree.code, 0, tree.stderr);
  assert.equal(tree.report.findings.length, 0);
  const history = scan(['.', '--history'], repo.dir);
  assert.equal(history.code, 1, history.stderr);
  const [finding] = history.report.findings;
  assert.equal(finding.type, 'HARDCODED_SECRET');
  assert.equal(finding.commit, introduced);
  assert.equal(finding.presentAtHead, false);
  assert.ok(!JSON.stringify(history.report).includes(GITHUB));
});

test('cli: --diff reports only changed lines unless --diff-context file', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('config/settings.py', `OLD = "${GITHUB}"\n`);
  repo.commit('old secret');
  repo.write('config/settings.py', `OLD = "${GITHUB}"\nSLACK_TOKEN = "${SLACK}"\n`);
  const lines = scan(['.', '--diff', 'HEAD'], repo.dir);
  assert.equal(lines.code, 1, lines.stderr);
  assert.deepEqual(lines.report.findings.map((f: { file: string; line: number }) => `${f.file}:${f.line}`), ['config/settings.py:2']);
  const file = scan(['.', '--diff', 'HEAD', '--diff-context', 'file'], repo.dir);
  assert.equal(file.report.findings.length, 2);
  const sub = scan(['config', '--diff', 'HEAD'], repo.dir);
  assert.equal(sub.report.findings.length, 1, sub.stderr);
  const bad = scan(['.', '--diff', 'no-such-ref'], repo.dir);
  assert.equal(bad.code, 2);
});

test('cli: a git URL with --ref, scanned from git objects, with history', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('a.py', `TOKEN = "${GITHUB}"\n`);
  const first = repo.commit('secret');
  repo.git('tag', 'v1');
  repo.write('a.py', 'TOKEN = None\n');
  repo.commit('fixed');
  const atTag = scan([`file://${repo.dir}`, '--ref', 'v1'], join(repo.dir, '..'));
  assert.equal(atTag.code, 1, atTag.stderr);
  assert.equal(atTag.report.findings[0].file, 'a.py');
  const atHead = scan([`file://${repo.dir}`, '--history'], join(repo.dir, '..'));
  assert.equal(atHead.report.findings.length, 1, atHead.stderr);
  assert.equal(atHead.report.findings[0].commit, first);
  const refused = scan(['ext::sh -c true', '--ref', 'v1'], repo.dir);
  assert.equal(refused.code, 2);
});
