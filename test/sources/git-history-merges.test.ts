import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanHistory } from '../../src/sources/git-history.ts';
import { makeRepo } from '../helpers/git-repo.ts';

// Fake values generated for these tests.
const GITHUB = 'ghp_52JaPA8x49LBETciAKcXpyBHB6ndxRSDGmkv';
const STRIPE = 'sk_live_qjtRkyQyEcAjAGKVEC8r7x3nLvtH52p9MqYxWyirPyX';
const AWS_ID = 'AKIAQZYJQQO26F5J4B3U';
const SLACK = 'xoxb-263594206564-2343854234521-jRx7Kp2WqLmNvB4tYc9HsDfG';

test('history merges: what a merge commit wrote itself is found there, with its line; a clean merge adds nothing', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('app/settings.py', 'A = 1\nB = 2\nC = 3\nD = 4\nE = 5\nF = 6\n');
  repo.write('README.md', 'readme\n');
  repo.commit('base');
  repo.git('checkout', '-q', '-b', 'side');
  repo.write('app/settings.py', 'A = 10\nB = 2\nC = 3\nD = 4\nE = 5\nF = 6\n');
  repo.write('side.txt', 'side\n');
  repo.commit('side edits the top');
  repo.git('checkout', '-q', 'main');
  repo.write('app/settings.py', 'A = 1\nB = 2\nC = 3\nD = 4\nE = 5\nF = 60\n');
  repo.commit('main edits the bottom');
  // An evil merge: no conflict, and the merge commit itself adds a secret to a file both sides changed,
  // edits a file only one side changed, and adds a file neither parent has.
  repo.git('merge', '-q', '--no-commit', 'side');
  repo.write('app/settings.py', `A = 10\nB = 2\nC = 3\nSTRIPE_KEY = "${STRIPE}"\nD = 4\nE = 5\nF = 60\n`);
  repo.write('side.txt', `side\naws_access_key_id: ${AWS_ID}\n`);
  repo.write('deploy/notify.go', `package deploy\n\nconst slackToken = "${SLACK}"\n`);
  const evil = repo.commit('merge side');
  // A clean merge after it: nothing new, nothing reported twice.
  repo.git('checkout', '-q', '-b', 'later', 'side');
  repo.write('later.txt', 'later\n');
  repo.commit('later');
  repo.git('checkout', '-q', 'main');
  repo.git('merge', '-q', '--no-edit', 'later');

  const result = await scanHistory(repo.dir);
  const byProvider = new Map(result.findings.map((f) => [f.provider, f]));
  assert.equal(result.findings.length, 3, JSON.stringify(result.findings.map((f) => [f.file, f.line, f.commit])));
  assert.deepEqual(
    ['stripe', 'aws', 'slack'].map((p) => [byProvider.get(p)?.commit, byProvider.get(p)?.file, byProvider.get(p)?.line]),
    [
      [evil, 'app/settings.py', 4],
      [evil, 'side.txt', 2],
      [evil, 'deploy/notify.go', 3],
    ],
  );
  assert.ok(result.findings.every((f) => f.presentAtHead));
  assert.equal(result.commitsSeen, 6);
});

test('history merges: a secret from a side branch is credited once, to the branch commit, not to the merges that bring it in', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('app.py', 'x = 1\n');
  repo.commit('start');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('config/tokens.py', `GITHUB_TOKEN = "${GITHUB}"\n`);
  const onBranch = repo.commit('token on the branch');
  repo.git('checkout', '-q', 'main');
  repo.write('app.py', 'x = 2\n');
  repo.commit('main moves on');
  repo.git('merge', '-q', '--no-edit', 'feature');
  // Merged a second time through another branch, and into a release branch: still one finding.
  repo.git('checkout', '-q', '-b', 'release', 'feature');
  repo.write('release.txt', '1.0\n');
  repo.commit('release');
  repo.git('merge', '-q', '--no-edit', 'main');
  repo.git('checkout', '-q', 'main');
  repo.git('merge', '-q', '--no-edit', 'release');

  const result = await scanHistory(repo.dir);
  assert.equal(result.findings.length, 1);
  assert.equal(result.findings[0].commit, onBranch);
  assert.equal(result.findings[0].file, 'config/tokens.py');
  assert.equal(result.findings[0].line, 1);
});

test('history merges: an octopus merge that writes a secret in a conflict-free file', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('shared.cfg', 'a=1\nb=2\nc=3\nd=4\ne=5\nf=6\ng=7\nh=8\n');
  repo.commit('base');
  for (const [branch, file] of [['one', 'one.txt'], ['two', 'two.txt'], ['three', 'three.txt']]) {
    repo.git('checkout', '-q', '-b', branch, 'main');
    repo.write(file, `${branch}\n`);
    repo.commit(branch);
  }
  repo.git('checkout', '-q', 'main');
  repo.git('merge', '-q', '--no-commit', 'one', 'two', 'three');
  repo.write('one.txt', `one\ntoken = "${GITHUB}"\n`);
  const octopus = repo.commit('octopus');
  const result = await scanHistory(repo.dir);
  assert.equal(result.findings.length, 1);
  assert.equal(result.findings[0].commit, octopus);
  assert.equal(result.findings[0].file, 'one.txt');
  assert.equal(result.findings[0].line, 2);
});

test('history merges: a secret a merge wrote, removed and added again later, stays credited to the merge', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('a.txt', 'a\n');
  repo.commit('base');
  repo.git('checkout', '-q', '-b', 'side');
  repo.write('b.txt', 'b\n');
  repo.commit('side');
  repo.git('checkout', '-q', 'main');
  repo.git('merge', '-q', '--no-commit', 'side');
  repo.write('keys.env', `STRIPE_KEY=${STRIPE}\n`);
  const merge = repo.commit('merge side');
  repo.write('keys.env', 'STRIPE_KEY=\n');
  repo.commit('blank the key');
  repo.write('keys.env', `STRIPE_KEY=${STRIPE}\n`);
  repo.commit('put the key back');
  const result = await scanHistory(repo.dir);
  assert.deepEqual(result.findings.map((f) => [f.commit, f.file, f.line, f.presentAtHead]), [[merge, 'keys.env', 1, true]]);
});
