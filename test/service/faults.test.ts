// Faults: kill -9 the embedded server, and a worker of the PostgreSQL
// deployment, in the middle of scans. Every accepted job must still end
// (completed or failed), none may complete twice, and no stream may lose an
// event: the ids a reconnecting client sees run 1, 2, 3, … without a gap.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ScannerClient, type ScanEvent } from '../../src/client/index.ts';
import { Store } from '../../src/service/store/store.ts';
import { openDb } from '../../src/service/store/db.ts';
import { freePort, startPostgres, tempDir, type PostgresCluster } from './harness.ts';
import {
  assertEveryJobEndedOnce,
  BIG_COMMIT_FILES as FILES,
  createKey,
  kill9,
  launch,
  stop,
  waitHealthy,
  writeConfig,
  type Proc,
} from './processes.ts';

/** Follows every job's stream across the crash, recording the event ids each client saw. */
function followAll(client: ScannerClient, jobIds: string[]): Promise<ScanEvent[][]> {
  return Promise.all(
    jobIds.map((id) => client.collectEvents('commit', id, { maxReconnects: 40, initialDelayMs: 100, maxDelayMs: 1000 })),
  );
}

async function waitUntilRunning(client: ScannerClient, jobIds: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const id of jobIds) {
      const job = await client.getJob(id, { limit: 1 });
      if (job.status === 'running' && job.progress > 0 && job.progress < 90) return;
    }
    if (Date.now() > deadline) throw new Error('no job reached the middle of its scan');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('faults', { timeout: 600_000 }, () => {
  it('kill -9 of the embedded server mid-scan: after restart every job ends once, no event lost', async () => {
    const { dir, remove } = tempDir('faults-sqlite');
    const port = await freePort();
    const env = { SCANNER_CONFIG: writeConfig(dir), SCANNER_SCAN_CONCURRENCY: '1' };
    const dataDir = path.join(dir, 'data');
    const api = `http://127.0.0.1:${port}/api/v1`;
    let server = launch(['serve', '--port', String(port), '--data-dir', dataDir], env);
    try {
      await waitHealthy(api, server);
      const key = createKey(env, dataDir);
      const client = new ScannerClient({ baseUrl: api, apiKey: key });
      const jobIds: string[] = [];
      for (let i = 0; i < 4; i++) jobIds.push((await client.startCommitScan({ repository: 'acme/big', files: FILES })).jobId);
      const streams = followAll(client, jobIds);
      await waitUntilRunning(client, jobIds);
      await kill9(server);
      server = launch(['serve', '--port', String(port), '--data-dir', dataDir], env);
      await waitHealthy(api, server);
      const seen = await streams;
      await stop(server);
      const db = openDb({ dataDir });
      try {
        await assertEveryJobEndedOnce(new Store(db), jobIds, seen);
      } finally {
        await db.close();
      }
    } finally {
      await kill9(server);
      remove();
    }
  });

  describe('PostgreSQL with separate API and worker processes', () => {
    let cluster: PostgresCluster;
    before(async () => {
      cluster = await startPostgres();
    });
    after(async () => {
      await cluster?.stop();
    });

    it('kill -9 of a worker mid-scan: another worker finishes its scan, no event lost', async (t) => {
      const t0 = Date.now();
      const mark = (what: string) => t.diagnostic(`${what} after ${Date.now() - t0} ms`);
      const { dir, remove } = tempDir('faults-pg');
      const databaseUrl = await cluster.createDatabase('faults');
      const env = {
        SCANNER_CONFIG: writeConfig(dir),
        DATABASE_URL: databaseUrl,
        SCANNER_HEARTBEAT_SECONDS: '10',
        SCANNER_SCAN_CONCURRENCY: '1',
      };
      const ports = [await freePort(), await freePort()];
      const apis = ports.map((p) => `http://127.0.0.1:${p}/api/v1`);
      const servers = ports.map((p) => launch(['serve', '--port', String(p), '--concurrency', '0'], env));
      const workers: Proc[] = [];
      try {
        for (const [i, api] of apis.entries()) await waitHealthy(api, servers[i]);
        const key = createKey(env);
        workers.push(launch(['worker'], env));
        // Clients on the second API node follow scans run by workers: events travel by LISTEN/NOTIFY.
        const writer = new ScannerClient({ baseUrl: apis[0], apiKey: key });
        const reader = new ScannerClient({ baseUrl: apis[1], apiKey: key });
        const jobIds: string[] = [];
        for (let i = 0; i < 3; i++) jobIds.push((await writer.startCommitScan({ repository: 'acme/big', files: FILES })).jobId);
        const streams = followAll(reader, jobIds);
        await waitUntilRunning(writer, jobIds);
        mark('mid-scan');
        await kill9(workers[0]);
        workers.push(launch(['worker'], env));
        const seen = await streams;
        mark('all streams ended');
        const db = openDb({ databaseUrl, dataDir: dir });
        try {
          await assertEveryJobEndedOnce(new Store(db), jobIds, seen);
          const attempts = await Promise.all(jobIds.map(async (id) => (await new Store(db).jobs.get(id))!.attempts));
          assert.ok(attempts.some((n) => n >= 2), 'the killed worker’s scan was run again');
        } finally {
          await db.close();
        }
      } finally {
        await Promise.all([...workers, ...servers].map(stop));
        remove();
      }
    });
  });
});
