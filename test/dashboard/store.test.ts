// The dashboard's store methods on both databases (real SQLite and PostgreSQL).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openStore } from '../../src/service/service.ts';
import { findPostgresBin, startPostgres, tempDir, type PostgresCluster } from '../service/harness.ts';

const clusters: PostgresCluster[] = [];
after(async () => {
  for (const cluster of clusters) await cluster.stop();
});

async function exercise(options: { dataDir?: string; databaseUrl?: string }) {
  const { store, close } = await openStore(options);
  try {
    const account = await store.accounts.create('a', 'free');
    await store.users.create({ email: 'User@Example.test', password: 'fake-password', admin: false, accountId: account.id });
    const user = (await store.users.findByEmail('user@example.test'))!;
    assert.equal(user.accountId, account.id);
    assert.match(user.passwordHash, /^scrypt\$/);
    await store.sessions.create({ tokenHash: 'h1', userId: user.id, accountId: account.id, csrfSecret: 'c1', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await store.sessions.create({ tokenHash: 'h2', userId: user.id, accountId: account.id, csrfSecret: 'c2', expiresAt: new Date(Date.now() - 1).toISOString() });
    assert.deepEqual(await store.sessions.get('h1'), { userId: user.id, accountId: account.id, email: 'user@example.test', csrfSecret: 'c1', role: 'member' });
    assert.equal(await store.sessions.get('h2'), undefined, 'an expired session is no session');
    assert.equal(await store.users.setRole(account.id, user.id, 'member'), 'changed');
    assert.equal(await store.users.setRole(account.id, user.id, 'admin'), 'changed');
    assert.equal((await store.sessions.get('h1'))?.role, 'admin', 'a role change applies to open sessions');
    assert.equal(await store.users.setRole(account.id, user.id, 'member'), 'last-admin', 'an account keeps one admin');
    assert.equal(await store.users.setRole('acct_other', user.id, 'member'), 'missing', 'another account’s user is not found');
    assert.deepEqual((await store.users.list(account.id)).map((u) => [u.email, u.role]), [['user@example.test', 'admin']]);
    await store.sessions.delete('h1');
    assert.equal(await store.sessions.get('h1'), undefined);
    await store.signins.recordFailure('k', 1, null);
    await store.signins.recordFailure('k', 2, '2030-01-01T00:00:00.000Z');
    assert.deepEqual(await store.signins.attempts('k'), { failures: 2, lockedUntil: '2030-01-01T00:00:00.000Z' });
    await store.signins.clear('k');
    assert.equal(await store.signins.attempts('k'), undefined);
    await store.jobs.create({ accountId: account.id, kind: 'github', repository: 'acme/app', ref: null, commit: null, options: {} });
    await store.jobs.create({ accountId: account.id, kind: 'github', repository: 'acme/other', ref: null, commit: null, options: {} });
    assert.deepEqual((await store.jobs.list(account.id, { repository: 'acme/app', limit: 10 })).map((j) => j.repository), ['acme/app']);
    const today = new Date().toISOString().slice(0, 10);
    assert.deepEqual(await store.usage.scansPerDay(account.id, today), [{ day: today, scans: 2 }]);
  } finally {
    await close();
  }
}

test('dashboard store methods on SQLite', async () => {
  const { dir, remove } = tempDir('dash-store');
  try {
    await exercise({ dataDir: dir });
  } finally {
    remove();
  }
});

const havePostgres = Boolean(findPostgresBin());
test('dashboard store methods on PostgreSQL', { skip: !havePostgres && process.env.CI !== 'true' && 'no PostgreSQL' }, async () => {
  const cluster = await startPostgres();
  clusters.push(cluster);
  await exercise({ databaseUrl: await cluster.createDatabase('dash') });
});
