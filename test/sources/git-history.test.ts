import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanHistory } from '../../src/sources/git-history.ts';
import { makeRepo } from '../helpers/git-repo.ts';

// Fake values generated for these tests.
const GITHUB = 'ghp_52JaPA8x49LBETciAKcXpyBHB6ndxRSDGmkv';
const STRIPE = 'sk_live_qjtRkyQyEcAjAGKVEC8r7x3nLvtH52p9MqYxWyirPyX';
const AWS_ID = 'AKIAQZYJQQO26F5J4B3U';

test('history: the commit that introduced a removed secret, its author and date', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('app.py', 'x = 1\n');
  repo.commit('start');
  repo.write('app.py', `x = 1\nTOKEN = "${GITHUB}"\n`);
  const introduced = repo.commit('add token');
  repo.write('app.py', `x = 2\nTOKEN = "${GITHUB}"\ny = 3\n`);
  repo.commit('edit around it');
  repo.write('app.py', 'x = 2\ny = 3\n');
  repo.commit('remove token');
  repo.write('keep.env', `STRIPE_KEY=${STRIPE}\n`);
  const stillThere = repo.commit('add stripe key');

  const seen: string[] = [];
  const result = await scanHistory(repo.dir, { onFinding: (f) => seen.push(f.ruleId) });
  assert.equal(result.commitsSeen, 5);
  assert.equal(result.shallow, false);
  assert.equal(result.findings.length, 2);
  const gh = result.findings.find((f) => f.provider === 'github')!;
  assert.equal(gh.commit, introduced);
  assert.equal(gh.author, 'Test Author <author@example.invalid>');
  assert.match(gh.date!, /^\d{4}-\d\d-\d\dT/);
  assert.equal(gh.file, 'app.py');
  assert.equal(gh.line, 2);
  assert.equal(gh.presentAtHead, false);
  const stripe = result.findings.find((f) => f.provider === 'stripe')!;
  assert.equal(stripe.commit, stillThere);
  assert.equal(stripe.presentAtHead, true);
  assert.deepEqual(seen.sort(), ['secrets.github-token', 'secrets.stripe-secret-key']);
  assert.ok(!JSON.stringify(result).includes(GITHUB));
});

test('history: every blob once, all branches and tags, nothing checked out', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('shared.txt', 'the same content in every commit\n');
  for (let i = 0; i < 20; i++) {
    repo.write('counter.txt', `${i}\n`);
    repo.commit(`commit ${i}`);
  }
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('feature/config.yml', `aws_access_key_id: ${AWS_ID}\n`);
  const onBranch = repo.commit('secret on a branch only');
  repo.git('checkout', '-q', 'main');
  const result = await scanHistory(repo.dir);
  // 20 versions of counter.txt + shared.txt + the branch file: 22 blobs, not 21 × 2.
  assert.equal(result.blobsScanned, 22);
  assert.equal(result.commitsSeen, 21);
  assert.equal(result.findings.length, 1);
  assert.equal(result.findings[0].commit, onBranch);
  assert.equal(result.findings[0].presentAtHead, false);
});

test('history: a shallow clone says it is shallow and where its history stops', async (t) => {
  const repo = makeRepo();
  const cloneParent = mkdtempSync(join(tmpdir(), 'scanner-shallow-'));
  t.after(() => {
    repo.remove();
    rmSync(cloneParent, { recursive: true, force: true });
  });
  repo.write('old.py', `TOKEN = "${GITHUB}"\n`);
  repo.commit('old secret');
  for (let i = 0; i < 5; i++) {
    repo.write('n.txt', `${i}\n`);
    repo.commit(`c${i}`);
  }
  const clone = join(cloneParent, 'c');
  execFileSync('git', ['clone', '-q', '--depth', '2', `file://${repo.dir}`, clone]);
  const result = await scanHistory(clone);
  assert.equal(result.shallow, true);
  assert.equal(result.commitsSeen, 2);
  assert.equal(result.shallowBoundary.length, 1);
  // The secret is still in the tree, so the boundary commit shows it (it may be older).
  assert.equal(result.findings.length, 1);
  assert.equal(result.findings[0].commit, result.shallowBoundary[0]);
});

test('history: an empty repository and a path that is not a repository', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  const empty = await scanHistory(repo.dir);
  assert.equal(empty.commitsSeen, 0);
  const notRepo = mkdtempSync(join(tmpdir(), 'scanner-norepo-'));
  t.after(() => rmSync(notRepo, { recursive: true, force: true }));
  await assert.rejects(scanHistory(notRepo), /not a git repository/);
});

test('history: a secret typed while resolving a merge conflict is found in the merge commit', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('settings.py', 'A = 1\nMODE = "base"\nB = 2\n');
  repo.commit('base');
  repo.git('checkout', '-q', '-b', 'side');
  repo.write('settings.py', 'A = 1\nMODE = "side"\nB = 2\n');
  repo.commit('side');
  repo.git('checkout', '-q', 'main');
  repo.write('settings.py', 'A = 1\nMODE = "main"\nB = 2\n');
  repo.commit('main');
  assert.throws(() => repo.git('merge', '-q', 'side'), 'the merge conflicts');
  repo.write('settings.py', `A = 1\nMODE = "both"\nTOKEN = "${GITHUB}"\nB = 2\n`);
  repo.git('add', 'settings.py');
  const merge = repo.commit('merge side');
  const result = await scanHistory(repo.dir);
  assert.equal(result.findings.length, 1);
  assert.equal(result.findings[0].commit, merge);
  assert.equal(result.findings[0].file, 'settings.py');
  assert.equal(result.findings[0].line, 3);
  assert.equal(result.findings[0].presentAtHead, true);
});
