import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { scanHistory } from '../../src/sources/git-history.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

// Fake values generated for these tests.
const GITHUB = 'ghp_52JaPA8x49LBETciAKcXpyBHB6ndxRSDGmkv';
const STRIPE = 'sk_live_qjtRkyQyEcAjAGKVEC8r7x3nLvtH52p9MqYxWyirPyX';
const AWS_ID = 'AKIAQZYJQQO26F5J4B3U';
const SLACK = 'xoxb-263594206564-2343854234521-jRx7Kp2WqLmNvB4tYc9HsDfG';

/** Deletes a loose object, as a partial mirror or a damaged clone lacks it. */
function removeObject(repo: TestRepo, rev: string): string {
  const sha = repo.git('rev-parse', rev).trim();
  rmSync(join(repo.dir, '.git', 'objects', sha.slice(0, 2), sha.slice(2)));
  return sha;
}

test('history with missing blobs: they are skipped and counted, every other secret is still found', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('big.txt', 'version one\nof a large file\n');
  repo.write('app.py', `TOKEN = "${GITHUB}"\n`);
  const first = repo.commit('first');
  repo.write('data.bin.txt', 'data that will be lost\n');
  repo.write('other.py', `aws_access_key_id = "${AWS_ID}"\n`);
  const second = repo.commit('second');
  repo.write('big.txt', `version two\nof a large file\nSTRIPE = "${STRIPE}"\n`);
  const third = repo.commit('third');
  repo.write('notes.txt', `slack: ${SLACK}\n`);
  const fourth = repo.commit('fourth');
  // A merge whose own resolution lies after the damage.
  repo.git('checkout', '-q', '-b', 'side');
  repo.write('side.txt', 'side\n');
  repo.commit('side');
  repo.git('checkout', '-q', 'main');
  repo.write('main.txt', 'main\n');
  repo.commit('main');
  repo.git('merge', '-q', '--no-commit', 'side');
  repo.write('side.txt', `side\nGITHUB_TOKEN_2 = "ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}"\n`);
  const merge = repo.commit('merge');
  const lostData = removeObject(repo, `${second}:data.bin.txt`);
  const lostOld = removeObject(repo, `${first}:big.txt`);

  const result = await scanHistory(repo.dir);
  const found = result.findings.map((f) => [f.provider, f.commit, f.file, f.line]);
  assert.deepEqual(
    found.sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    [
      ['github', first, 'app.py', 1],
      // The older version is lost: the new one is read whole.
      ['stripe', third, 'big.txt', 3],
      ['slack', fourth, 'notes.txt', 1],
      ['aws', second, 'other.py', 1],
      ['github', merge, 'side.txt', 2],
    ],
  );
  assert.equal(result.commitsSeen, 7);
  assert.equal(result.blobsSkipped.unreadable, 2);
  const details = result.blobsSkipped.examples.filter((e) => e.reason === 'unreadable').map((e) => [e.path, e.detail]);
  assert.deepEqual(details.sort(), [
    ['big.txt', `blob ${lostOld} is missing from the repository, in commit ${first}`],
    ['data.bin.txt', `blob ${lostData} is missing from the repository, in commit ${second}`],
  ]);
});

test('history with missing blobs: a merge resolution whose blob is lost is counted, the rest of the merges are read', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  repo.write('a.txt', 'a\n');
  repo.commit('base');
  const merges: string[] = [];
  for (let i = 0; i < 3; i++) {
    repo.git('checkout', '-q', '-b', `b${i}`, 'main');
    repo.write(`b${i}.txt`, `${i}\n`);
    repo.commit(`b${i}`);
    repo.git('checkout', '-q', 'main');
    repo.git('merge', '-q', '--no-commit', `b${i}`);
    repo.write(`b${i}.txt`, i === 2 ? `${i}\nstripe_key = "${STRIPE}"\n` : `${i}\nresolved ${i}\n`);
    merges.push(repo.commit(`merge b${i}`));
  }
  const lost = removeObject(repo, `${merges[1]}:b1.txt`);
  const result = await scanHistory(repo.dir);
  assert.deepEqual(result.findings.map((f) => [f.commit, f.file, f.line]), [[merges[2], 'b2.txt', 2]]);
  assert.equal(result.blobsSkipped.unreadable, 1);
  assert.match(result.blobsSkipped.examples[0].detail ?? '', new RegExp(`blob ${lost} .* in commit ${merges[1]}`));
});
