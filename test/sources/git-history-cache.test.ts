import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateHistoryScanMs, historySize, scanHistory } from '../../src/sources/git-history.ts';
import { makeRepo } from '../helpers/git-repo.ts';

// Fake values generated for these tests.
const GITHUB = 'ghp_52JaPA8x49LBETciAKcXpyBHB6ndxRSDGmkv';
const STRIPE = 'sk_live_qjtRkyQyEcAjAGKVEC8r7x3nLvtH52p9MqYxWyirPyX';

function cacheFolder(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'scanner-history-cache-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('history cache: a re-scan reads only the commits added since, and keeps the first commit of each secret', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  const cacheDir = cacheFolder(t);
  repo.write('app.py', `TOKEN = "${GITHUB}"\n`);
  const first = repo.commit('token');
  for (let i = 0; i < 5; i++) {
    repo.write('n.txt', `${i}\n`);
    repo.commit(`c${i}`);
  }
  const full = await scanHistory(repo.dir, { cacheDir });
  assert.equal(full.commitsSeen, 6);
  assert.equal(full.cachedCommits, 0);
  assert.equal(full.findings.length, 1);
  assert.equal(full.findings[0].presentAtHead, true);
  const stored = readdirSync(join(cacheDir, 'history')).map((f) => readFileSync(join(cacheDir, 'history', f), 'utf8')).join('');
  assert.ok(stored.includes(first) && !stored.includes(GITHUB), 'the cache holds the commit, never the secret');

  // Two commits more: the token is removed, a Stripe key added on a new branch.
  repo.write('app.py', 'TOKEN = os.environ["TOKEN"]\n');
  repo.commit('token from the environment');
  repo.git('checkout', '-q', '-b', 'payments');
  repo.write('pay.js', `const stripe = require('stripe')('${STRIPE}');\n`);
  const added = repo.commit('stripe');
  const seen: string[] = [];
  const again = await scanHistory(repo.dir, { cacheDir, onFinding: (f) => seen.push(f.provider ?? '') });
  assert.equal(again.commitsSeen, 8);
  assert.equal(again.cachedCommits, 6);
  assert.deepEqual(seen, ['github', 'stripe']);
  const github = again.findings.find((f) => f.provider === 'github')!;
  assert.equal(github.commit, first);
  assert.equal(github.line, 1);
  assert.equal(github.presentAtHead, false, 'worked out again against the HEAD of now');
  assert.equal(again.findings.find((f) => f.provider === 'stripe')!.commit, added);

  // Nothing new: everything from the cache.
  const same = await scanHistory(repo.dir, { cacheDir });
  assert.equal(same.cachedCommits, 8);
  assert.equal(same.commitsSeen, 8);
  assert.deepEqual(same.findings.map((f) => [f.commit, f.file, f.line]), again.findings.map((f) => [f.commit, f.file, f.line]));
});

test('history cache: a deleted branch that held a finding means the history is read again; a broken cache file is ignored', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  const cacheDir = cacheFolder(t);
  repo.write('a.txt', 'a\n');
  repo.commit('start');
  repo.git('checkout', '-q', '-b', 'experiment');
  repo.write('keys.py', `TOKEN = "${GITHUB}"\n`);
  repo.commit('token on a branch');
  repo.git('checkout', '-q', 'main');
  assert.equal((await scanHistory(repo.dir, { cacheDir })).findings.length, 1);
  repo.git('branch', '-q', '-D', 'experiment');
  const after = await scanHistory(repo.dir, { cacheDir });
  assert.equal(after.findings.length, 0, 'the secret is on no ref any more');
  assert.equal(after.cachedCommits, 0);
  assert.equal(after.commitsSeen, 1);

  writeFileSync(join(cacheDir, 'history', 'history.json'), '{"key": 1, "tips": ');
  const fresh = await scanHistory(repo.dir, { cacheDir });
  assert.equal(fresh.cachedCommits, 0);
  assert.equal(fresh.commitsSeen, 1);
});

test('history estimate: size of a history, and an estimate that follows earlier timings and the cache', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  const cacheDir = cacheFolder(t);
  for (let i = 0; i < 4; i++) {
    repo.write('n.txt', `${i}\n`);
    repo.commit(`c${i}`);
  }
  const size = await historySize(repo.dir, { cacheDir });
  assert.equal(size.commits, 4);
  assert.equal(size.newCommits, 4);
  assert.ok(size.packBytes > 0);
  await scanHistory(repo.dir, { cacheDir });
  repo.write('n.txt', 'last\n');
  repo.commit('c4');
  const later = await historySize(repo.dir, { cacheDir });
  assert.deepEqual([later.commits, later.newCommits], [5, 1]);

  const big = { commits: 30_000, newCommits: 30_000, packBytes: 400e6 };
  const base = estimateHistoryScanMs(big);
  assert.ok(base > 1000);
  assert.ok(estimateHistoryScanMs({ ...big, newCommits: 100 }) < base / 10, 'a re-scan with the cache reads a small share');
  // This machine was twice as slow as the model on an earlier scan: the estimate follows.
  const slow = estimateHistoryScanMs(big, [{ size: big, durationMs: base * 2 }]);
  assert.ok(Math.abs(slow - base * 2) < base * 0.05, `${slow} vs ${base * 2}`);
});
