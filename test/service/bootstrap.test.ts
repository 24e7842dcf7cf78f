// The first start of the service on an empty database creates one account and one
// admin login, also when several API processes start at once (two stores stand in
// for two processes: each has its own connections).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { bootstrap, openStore } from '../../src/service/service.ts';
import { findPostgresBin, startPostgres, type PostgresCluster } from './harness.ts';

const clusters: PostgresCluster[] = [];
after(async () => {
  for (const cluster of clusters) await cluster.stop();
});

const havePostgres = Boolean(findPostgresBin());
test('API processes starting together on one PostgreSQL database bootstrap it once', { skip: !havePostgres && process.env.CI !== 'true' && 'no PostgreSQL' }, async () => {
  const cluster = await startPostgres();
  clusters.push(cluster);
  const databaseUrl = await cluster.createDatabase('bootstrap');
  const processes = await Promise.all([openStore({ databaseUrl }), openStore({ databaseUrl }), openStore({ databaseUrl })]);
  try {
    const printed: string[] = [];
    await Promise.all(processes.map((p) => bootstrap(p, (line) => printed.push(line))));
    assert.equal(await processes[0]!.store.accounts.count(), 1);
    assert.equal(await processes[0]!.store.users.count(), 1);
    assert.equal(printed.filter((line) => line.includes('admin@localhost')).length, 1, 'the password is shown by the one process that made it');
  } finally {
    for (const p of processes) await p.close();
  }
});
