// No job is lost in the distributed deployment (PostgreSQL + pg-boss), under
// injected faults: the API killed between accepting a scan and queueing it,
// the queue refusing the send, pg-boss giving up after its retries, the queue
// losing a job, and two API nodes racing past a plan's concurrent-scan limit.
// Every accepted job ends `completed` or `failed` exactly once, the account is
// never left with a scan counted as active that nothing will run, and a
// client's event stream ends when the job does.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ScannerClient } from '../../src/client/index.ts';
import { openMigratedStore } from '../../src/service/store/store.ts';
import { freePort, sqliteBackend, startPostgres, startTestService, tempDir, VULNERABLE_JS, type PostgresCluster } from './harness.ts';
import {
  activeJobs,
  assertEveryJobEndedOnce,
  createKey,
  kill9,
  launch,
  sql,
  stop,
  waitFor,
  waitHealthy,
  writeConfig,
  type Proc,
} from './processes.ts';

const SMALL_COMMIT = { repository: 'acme/api', files: [{ path: 'src/users.js', content: VULNERABLE_JS }] };

interface Deployment {
  databaseUrl: string;
  env: Record<string, string>;
  apis: string[];
  servers: Proc[];
  workers: Proc[];
  key: string;
  client(node?: number): ScannerClient;
  startWorker(): Proc;
  close(): Promise<void>;
}

let cluster: PostgresCluster;
let databases = 0;

/** API nodes that take no scans themselves, on a fresh database; workers are started by the test. */
async function deploy(options: { apiNodes?: number; concurrentScans?: number; env?: Record<string, string> } = {}): Promise<Deployment> {
  const { dir, remove } = tempDir('lost-jobs');
  const databaseUrl = await cluster.createDatabase(`lost_jobs_${++databases}`);
  const env = {
    SCANNER_CONFIG: writeConfig(dir, { concurrentScans: options.concurrentScans ?? 100 }),
    DATABASE_URL: databaseUrl,
    SCANNER_HEARTBEAT_SECONDS: '10',
    SCANNER_SCAN_CONCURRENCY: '1',
    ...options.env,
  };
  const ports = await Promise.all(Array.from({ length: options.apiNodes ?? 1 }, () => freePort()));
  const apis = ports.map((p) => `http://127.0.0.1:${p}/api/v1`);
  const servers = ports.map((p) => launch(['serve', '--port', String(p), '--concurrency', '0'], env));
  const workers: Proc[] = [];
  try {
    for (const [i, api] of apis.entries()) await waitHealthy(api, servers[i]);
  } catch (error) {
    await Promise.all(servers.map(kill9));
    remove();
    throw error;
  }
  const key = createKey(env);
  return {
    databaseUrl,
    env,
    apis,
    servers,
    workers,
    key,
    client: (node = 0) => new ScannerClient({ baseUrl: apis[node], apiKey: key }),
    startWorker() {
      const worker = launch(['worker'], env);
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all([...workers, ...servers].map(stop));
      remove();
    },
  };
}

async function postCommit(api: string, key: string, body: unknown = SMALL_COMMIT): Promise<Response> {
  return fetch(`${api}/commit`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('no lost jobs with PostgreSQL and pg-boss', { timeout: 600_000 }, () => {
  before(async () => {
    cluster = await startPostgres();
  });
  after(async () => {
    await cluster?.stop();
  });

  it('the API killed between accepting a scan and queueing it leaves no orphan counted against the plan', async () => {
    const d = await deploy({ concurrentScans: 1 });
    const db = await sql(d.databaseUrl);
    try {
      // Hold the queue's table so the API's send waits, then kill the API while it does.
      const lock = await sql(d.databaseUrl);
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE pgboss.job IN SHARE MODE');
      const pending = postCommit(d.apis[0], d.key).then(
        (r) => r.status,
        () => 'connection lost',
      );
      await waitFor('the accept to wait on the queue', async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows[0].n > 0;
      });
      await kill9(d.servers[0]);
      // The database drops the dead process's sessions before its send gets through: the send never happened.
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      await lock.query('ROLLBACK');
      await lock.end();
      assert.equal(await pending, 'connection lost', 'the client never heard the scan was accepted');

      // Whatever the dead API left behind, nothing stays counted as active.
      d.servers[0] = launch(['serve', '--port', new URL(d.apis[0]).port, '--concurrency', '0'], d.env);
      await waitHealthy(d.apis[0], d.servers[0]);
      d.startWorker();
      await waitFor('no job counted as active', async () => (await activeJobs(db)).length === 0, 60_000);
      const accepted = await d.client().startCommitScan(SMALL_COMMIT);
      const events = await d.client().collectEvents('commit', accepted.jobId);
      assert.equal(events.at(-1)?.type, 'completed', 'the account can scan again: no permanent 429');
      const store = await openMigratedStore({ databaseUrl: d.databaseUrl, dataDir: '' });
      try {
        const ids = (await db.query(`SELECT id FROM jobs`)).rows.map((r) => r.id as string);
        await assertEveryJobEndedOnce(store, ids);
      } finally {
        await store.close();
      }
    } finally {
      await db.end();
      await d.close();
    }
  });

  it('a failing send is reported to the client and leaves nothing queued, even when a compensating cancel would fail too', async () => {
    const d = await deploy({ concurrentScans: 1 });
    const db = await sql(d.databaseUrl);
    try {
      await db.query(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected fault: %', TG_ARGV[0]; END $$`);
      await db.query(`CREATE TRIGGER refuse_send BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION refuse('send')`);
      await db.query(`CREATE TRIGGER refuse_cancel BEFORE UPDATE ON jobs FOR EACH ROW WHEN (NEW.status = 'cancelled')
        EXECUTE FUNCTION refuse('cancel')`);
      const refused = await postCommit(d.apis[0], d.key);
      assert.equal(refused.status, 503);
      const body = (await refused.json()) as { success: boolean; error: { code: string } };
      assert.equal(body.success, false);
      assert.equal(body.error.code, 'QUEUE_UNAVAILABLE');
      assert.equal(refused.headers.get('retry-after'), '5');
      assert.deepEqual(await activeJobs(db), [], 'the refused scan is not counted as active');
      assert.equal((await db.query(`SELECT count(*)::int AS n FROM job_files`)).rows[0].n, 0, 'its files are not kept');

      await db.query(`DROP TRIGGER refuse_send ON pgboss.job`);
      await db.query(`DROP TRIGGER refuse_cancel ON jobs`);
      d.startWorker();
      const accepted = await d.client().startCommitScan(SMALL_COMMIT);
      const events = await d.client().collectEvents('commit', accepted.jobId);
      assert.equal(events.at(-1)?.type, 'completed');
    } finally {
      await db.end();
      await d.close();
    }
  });

  it('when pg-boss exhausts the retries, the job fails once, is not billed and its stream ends', { timeout: 120_000 }, async () => {
    const d = await deploy({ env: { SCANNER_QUEUE_RETRY_LIMIT: '2' } });
    const db = await sql(d.databaseUrl);
    try {
      // Every run of the scan crashes as it starts: the runner cannot claim the job.
      await db.query(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected fault: the runner cannot start'; END $$`);
      await db.query(`CREATE TRIGGER refuse_claim BEFORE UPDATE ON jobs FOR EACH ROW WHEN (NEW.status = 'running') EXECUTE FUNCTION refuse()`);
      d.startWorker();
      const accepted = await d.client().startCommitScan(SMALL_COMMIT);
      const events = await d.client().collectEvents('commit', accepted.jobId, { maxReconnects: 100 });
      const last = events.at(-1)!;
      assert.equal(last.type, 'failed', 'the stream ends with the failure');
      assert.equal((last.data as { error?: string }).error, 'SCAN_FAILED');
      const job = await d.client().getJob(accepted.jobId, { limit: 1 });
      assert.equal(job.status, 'failed');
      assert.match(job.error ?? '', /gave up/);
      const boss = await db.query(`SELECT state, retry_count FROM pgboss.job WHERE id = $1`, [accepted.jobId]);
      assert.equal(boss.rows[0].state, 'failed', 'pg-boss gave up on it');
      assert.deepEqual(await activeJobs(db), []);
      const store = await openMigratedStore({ databaseUrl: d.databaseUrl, dataDir: '' });
      try {
        await assertEveryJobEndedOnce(store, [accepted.jobId]);
        const stored = (await store.jobs.get(accepted.jobId))!;
        const usage = await store.usage.recent(stored.accountId, stored.createdAt.slice(0, 7), 10);
        assert.ok(usage.length === 1 && !usage[0].billed, 'recorded once, not billed');
      } finally {
        await store.close();
      }
    } finally {
      await db.end();
      await d.close();
    }
  });

  it('a job the queue no longer holds is sent again and runs', { timeout: 120_000 }, async () => {
    const d = await deploy();
    const db = await sql(d.databaseUrl);
    try {
      const accepted = await d.client().startCommitScan(SMALL_COMMIT);
      const removed = await db.query(`DELETE FROM pgboss.job WHERE id = $1`, [accepted.jobId]);
      assert.equal(removed.rowCount, 1, 'the queue held the job under the job’s own id');
      d.startWorker();
      const events = await d.client().collectEvents('commit', accepted.jobId, { maxReconnects: 100 });
      assert.equal(events.at(-1)?.type, 'completed');
    } finally {
      await db.end();
      await d.close();
    }
  });

  it("two API nodes never accept more than the plan's concurrent scans", async () => {
    const d = await deploy({ apiNodes: 2, concurrentScans: 2 });
    const db = await sql(d.databaseUrl);
    try {
      // No worker: every accepted scan stays queued and counts.
      const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => postCommit(d.apis[i % 2], d.key).then((r) => r.status)));
      assert.equal(statuses.filter((s) => s === 200).length, 2, `accepted: ${statuses.join(', ')}`);
      assert.equal(statuses.filter((s) => s === 429).length, 14);
      assert.equal((await activeJobs(db)).length, 2);
    } finally {
      await db.end();
      await d.close();
    }
  });
});

describe('no lost jobs on the embedded store', () => {
  it('a scan whose runs keep crashing is run again up to the retry limit, then fails once and its stream ends', { timeout: 60_000 }, async () => {
    const backend = await sqliteBackend();
    const svc = await startTestService(await backend.freshStore(), { queueRetryLimit: 2 });
    try {
      // Every run of the scan crashes as it starts: the runner cannot claim the job.
      await svc.server.core.store.db.run(`CREATE TRIGGER refuse_claim BEFORE UPDATE ON jobs FOR EACH ROW WHEN NEW.status = 'running'
        BEGIN SELECT RAISE(ABORT, 'injected fault: the runner cannot start'); END`);
      const accepted = await svc.client.startCommitScan(SMALL_COMMIT);
      const events = await svc.client.collectEvents('commit', accepted.jobId);
      assert.equal(events.at(-1)?.type, 'failed', 'the stream ends with the failure');
      const job = (await svc.server.core.store.jobs.get(accepted.jobId))!;
      assert.equal(job.status, 'failed');
      assert.match(job.error ?? '', /gave up on it after 3 runs \(last: injected fault/);
      assert.equal(await svc.server.core.store.jobs.countActive(job.accountId), 0);
      await assertEveryJobEndedOnce(svc.server.core.store, [accepted.jobId]);
    } finally {
      await svc.close();
      await backend.stop();
    }
  });
});
