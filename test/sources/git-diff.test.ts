import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectDiff, parseChangedLines } from '../../src/sources/git-diff.ts';
import { limitToDiff } from '../../src/sources/scan-targets.ts';
import { findSecrets } from '../../src/engine/secrets/index.ts';
import { makeRepo } from '../helpers/git-repo.ts';

const GITHUB = 'ghp_FUUOgldSkLRN6kipIzExzvMOkWZwHegq1nLV'; // fake

test('diff: committed, staged, unstaged and untracked changes since a ref, renames followed', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('keep.txt', 'unchanged\n');
  repo.write('committed.py', 'a = 1\n');
  repo.write('old-name.py', 'line 1\nline 2\nline 3\nline 4\n');
  repo.write('deleted.txt', 'bye\n');
  repo.commit('base');
  repo.git('tag', 'v1');
  repo.write('committed.py', 'a = 1\nb = 2\n');
  repo.git('mv', 'old-name.py', 'new-name.py');
  repo.write('new-name.py', 'line 1\nline 2 changed\nline 3\nline 4\n');
  repo.git('rm', '-q', 'deleted.txt');
  repo.commit('work');
  repo.write('staged.py', 'staged = True\n');
  repo.git('add', 'staged.py');
  repo.write('keep.txt', 'unchanged\nunstaged edit\n');
  repo.write('untracked.py', 'x = 1\ny = 2\n');
  repo.write('ignored.log', 'noise\n');
  repo.write('.gitignore', '*.log\n');

  const diff = await collectDiff(repo.dir, 'v1');
  assert.deepEqual(
    diff.files.map((f) => f.path),
    ['.gitignore', 'committed.py', 'keep.txt', 'new-name.py', 'staged.py', 'untracked.py'],
  );
  assert.deepEqual([...diff.changedLines.get('committed.py')!], [2]);
  assert.deepEqual([...diff.changedLines.get('new-name.py')!], [2]);
  assert.deepEqual([...diff.changedLines.get('keep.txt')!], [2]);
  assert.deepEqual([...diff.changedLines.get('untracked.py')!].slice(0, 2), [1, 2]);
  assert.equal(diff.renamedFrom.get('new-name.py'), 'old-name.py');
  assert.equal(diff.base, repo.git('rev-parse', 'v1').trim());

  const only = await collectDiff(repo.dir, 'v1', { paths: ['*.py'] });
  assert.deepEqual(only.files.map((f) => f.path), ['committed.py', 'new-name.py', 'staged.py', 'untracked.py']);
});

test('diff: findings limited to changed lines, or to changed files with --diff-context file', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('config.py', `OLD_TOKEN = "${GITHUB}"\n`);
  repo.commit('an old secret');
  repo.write('config.py', `OLD_TOKEN = "${GITHUB}"\nNEW_PASSWORD = "ZrFc5Rs=ORjDr=qnGHB#"\n`);
  const diff = await collectDiff(repo.dir, 'HEAD');
  const findings = diff.files.flatMap((f) => findSecrets(f.path, f.content.toString('utf8')));
  assert.equal(findings.length, 2);
  assert.deepEqual(limitToDiff(findings, diff.changedLines).map((f) => f.line), [2]);
  assert.deepEqual(limitToDiff(findings, diff.changedLines, 'file').map((f) => f.line), [1, 2]);
});

test('diff: refs that look like options are refused', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.commit('empty');
  await assert.rejects(collectDiff(repo.dir, '--output=/tmp/x'), /invalid ref/);
  await assert.rejects(collectDiff(repo.dir, 'no-such-branch'), /unknown ref/);
});

test('parseChangedLines reads hunks, quoted paths and deletions', () => {
  const patch = [
    'diff --git a/x b/x',
    '--- a/x',
    '+++ b/x',
    '@@ -1,0 +2,3 @@',
    '@@ -10 +12 @@',
    '@@ -20,2 +22,0 @@',
    '+++ "b/sp\\303\\251cial.txt"',
    '@@ -0,0 +1 @@',
  ].join('\n');
  const parsed = parseChangedLines(patch);
  assert.deepEqual([...parsed.get('x')!], [2, 3, 4, 12]);
  assert.deepEqual([...parsed.get('spécial.txt')!], [1]);
});
