import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { cloneRepository, validateRepositoryUrl } from '../../src/sources/clone.ts';
import { collectTree } from '../../src/sources/git-tree.ts';
import { scanHistory } from '../../src/sources/git-history.ts';
import { makeRepo } from '../helpers/git-repo.ts';

const GITHUB = 'ghp_6aYr3E3iEAW9FffudIjBKOjVOQ1bDI4NssRe'; // fake

test('clone: shallow for the tree at a tag, full for history, always cleaned up', async (t) => {
  const origin = makeRepo();
  t.after(() => origin.remove());
  origin.write('a.py', `TOKEN = "${GITHUB}"\n`);
  const first = origin.commit('secret');
  origin.git('tag', 'v1.0');
  origin.write('a.py', 'TOKEN = os.environ["TOKEN"]\n');
  origin.write('b.env', 'SLACK_BOT_TOKEN=xoxb-482091384752-5519203847562-qX4nMf7cX1CeBCSVPtRQrU9f\n'); // fake
  origin.commit('fixed, and another one');

  const tree = await cloneRepository(`file://${origin.dir}`, { ref: 'v1.0', allowFileProtocol: true });
  try {
    assert.equal(tree.commit, first);
    assert.equal(readFileSync(join(tree.dir, 'shallow'), 'utf8').trim(), first);
    const { files } = await collectTree(tree.dir, tree.commit);
    assert.deepEqual(files.map((f) => [f.path, f.content.toString()]), [['a.py', `TOKEN = "${GITHUB}"\n`]]);
    assert.ok(!existsSync(join(tree.dir, 'a.py')), 'nothing is checked out');
  } finally {
    await tree.cleanup();
  }
  assert.ok(!existsSync(tree.dir));

  const full = await cloneRepository(`file://${origin.dir}`, { history: true, allowFileProtocol: true, token: 'fake-token-value-123' });
  t.after(() => full.cleanup());
  const history = await scanHistory(full.dir);
  assert.equal(history.commitsSeen, 2);
  const [removed, kept] = history.findings;
  assert.equal(removed.commit, first);
  assert.equal(removed.presentAtHead, false);
  assert.equal(kept.provider, 'slack');
  assert.equal(kept.presentAtHead, true);
  // The token never lands on disk.
  assert.ok(!readFileSync(join(full.dir, 'config'), 'utf8').includes('fake-token'));
  assert.ok(!readFileSync(join(full.dir, 'config'), 'utf8').toLowerCase().includes('extraheader'));
});

test('clone: URL policy', () => {
  const reject = (url: string, opts = {}, code?: RegExp) => assert.throws(() => validateRepositoryUrl(url, opts), code ?? /./, url);
  reject('ext::sh -c touch% /tmp/pwned');
  reject('ext::sh');
  reject('--upload-pack=touch /tmp/pwned');
  reject('-uhttps://github.com/a/b');
  reject('http://github.com/a/b.git');
  reject('http://127.0.0.1:9/a.git');
  reject('file:///etc');
  reject('ssh://git@github.com/a/b.git');
  reject('git@github.com:a/b.git');
  reject('https://user:pass@github.com/a/b.git');
  reject('https://github.com.evil.example/a/b.git', { allowedBaseUrl: 'https://github.com' });
  reject('https://evil.example/github.com/a/b.git', { allowedBaseUrl: 'https://github.com' });
  reject('https://ghe.example/other/repo.git', { allowedBaseUrl: 'https://ghe.example/acme/' });
  reject('https://ghe.example/acme-evil/repo.git', { allowedBaseUrl: 'https://ghe.example/acme' });
  assert.equal(validateRepositoryUrl('https://github.com/a/b.git', { allowedBaseUrl: 'https://github.com' }).href, 'https://github.com/a/b.git');
  assert.ok(validateRepositoryUrl('https://ghe.example/acme/repo', { allowedBaseUrl: 'https://ghe.example/acme' }));
  assert.ok(validateRepositoryUrl('http://127.0.0.1:9/a.git', { allowLoopbackHttp: true }));
  assert.ok(validateRepositoryUrl('file:///tmp/x', { allowFileProtocol: true }));
});

test('clone: bad refs, unreachable repositories, size limit', async (t) => {
  const origin = makeRepo();
  t.after(() => origin.remove());
  origin.write('big.bin', randomBytes(3 * 1024 * 1024));
  origin.commit('some data');
  await assert.rejects(cloneRepository(`file://${origin.dir}`, { ref: '--upload-pack=x', allowFileProtocol: true }), /invalid ref/);
  await assert.rejects(cloneRepository(`file://${origin.dir}`, { ref: 'a..b', allowFileProtocol: true }), /invalid ref/);
  await assert.rejects(cloneRepository(`file://${origin.dir}/missing`, { allowFileProtocol: true }), (e: Error & { code?: string }) => e.code === 'FETCH_FAILED');
  await assert.rejects(cloneRepository(`file://${origin.dir}`, { allowFileProtocol: true, maxBytes: 1024 * 1024 }), (e: Error & { code?: string }) => e.code === 'TOO_LARGE');
  await assert.rejects(cloneRepository(`file://${origin.dir}`, { allowFileProtocol: true, timeoutMs: 1 }), (e: Error & { code?: string }) => e.code === 'TIMEOUT');
});
