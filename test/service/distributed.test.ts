// The distributed deployment at work: two API nodes and two workers on one
// PostgreSQL database, twenty scans (commit scans and GitHub clones) accepted
// through both nodes and followed through the other one, and one worker
// killed with -9 in the middle. Every accepted job ends completed or failed
// exactly once, every client sees every event once, pg-boss holds nothing
// still open, and nothing stays counted against the account.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ScannerClient, type ScanEvent } from '../../src/client/index.ts';
import { openMigratedStore } from '../../src/service/store/store.ts';
import {
  createRepository,
  freePort,
  startGitHost,
  startPostgres,
  tempDir,
  VULNERABLE_JS,
  type GitHost,
  type PostgresCluster,
} from './harness.ts';
import {
  activeJobs,
  assertEveryJobEndedOnce,
  BIG_COMMIT_FILES,
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

describe('distributed: two API nodes, two workers, one killed', { timeout: 600_000 }, () => {
  let cluster: PostgresCluster;
  let gitHost: GitHost;
  before(async () => {
    cluster = await startPostgres();
    gitHost = await startGitHost();
    for (let i = 0; i < 4; i++) createRepository(gitHost.root, `acme/service-${i}`, { 'src/users.js': VULNERABLE_JS });
  });
  after(async () => {
    await gitHost?.stop();
    await cluster?.stop();
  });

  it('20 scans over two API nodes and two workers, one worker killed: each ends once, none stays active', async (t) => {
    const t0 = Date.now();
    const mark = (what: string) => t.diagnostic(`${what} after ${Date.now() - t0} ms`);
    const { dir, remove } = tempDir('distributed');
    const databaseUrl = await cluster.createDatabase('distributed');
    const env = {
      SCANNER_CONFIG: writeConfig(dir),
      DATABASE_URL: databaseUrl,
      SCANNER_GITHUB_URL: gitHost.url,
      SCANNER_HEARTBEAT_SECONDS: '10',
      SCANNER_SCAN_CONCURRENCY: '2',
    };
    const ports = [await freePort(), await freePort()];
    const apis = ports.map((p) => `http://127.0.0.1:${p}/api/v1`);
    const servers = ports.map((p) => launch(['serve', '--port', String(p), '--concurrency', '0'], env));
    const workers: Proc[] = [];
    const db = await sql(databaseUrl);
    try {
      for (const [i, api] of apis.entries()) await waitHealthy(api, servers[i]);
      const key = createKey(env);
      workers.push(launch(['worker'], env), launch(['worker'], env));
      const nodes = apis.map((baseUrl) => new ScannerClient({ baseUrl, apiKey: key }));

      const jobs: { id: string; kind: 'github' | 'commit' }[] = [];
      for (let i = 0; i < 20; i++) {
        const node = nodes[i % 2];
        if (i % 5 === 4) {
          const started = await node.startGithubScan({ repository: `acme/service-${(i - 4) / 5}`, autoCancel: false });
          jobs.push({ id: started.jobId, kind: 'github' });
        } else {
          const files = i % 2 === 0 ? BIG_COMMIT_FILES : BIG_COMMIT_FILES.slice(0, 6);
          jobs.push({ id: (await node.startCommitScan({ repository: 'acme/big', files })).jobId, kind: 'commit' });
        }
      }
      mark('20 scans accepted');
      // Each scan is followed through the node that did not accept it: events cross nodes by LISTEN/NOTIFY.
      const streams: Promise<ScanEvent[]>[] = jobs.map((job, i) =>
        nodes[(i + 1) % 2].collectEvents(job.kind, job.id, { maxReconnects: 60, initialDelayMs: 100, maxDelayMs: 1000 }),
      );

      // A worker runs two commit scans at once: three running means both workers hold scans.
      await waitFor('both workers in the middle of scans', async () => {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'commit' AND status = 'running' AND progress > 0`);
        return rows[0].n >= 3;
      });
      await kill9(workers[0]);
      mark('worker 1 killed');

      const seen = await Promise.all(streams);
      mark('every stream ended');
      const store = await openMigratedStore({ databaseUrl, dataDir: dir });
      try {
        await assertEveryJobEndedOnce(
          store,
          jobs.map((j) => j.id),
          seen,
        );
        for (const job of jobs) {
          const stored = await store.jobs.get(job.id);
          assert.equal(stored?.status, 'completed', `job ${job.id} (${job.kind}) completed: ${stored?.error ?? ''}`);
        }
        const attempts = await Promise.all(jobs.map(async (job) => (await store.jobs.get(job.id))!.attempts));
        assert.ok(attempts.some((n) => n >= 2), 'the killed worker’s scans were run again');
        assert.deepEqual(await activeJobs(db), [], 'nothing counted as active');
        const account = (await store.jobs.get(jobs[0].id))!.accountId;
        assert.equal(await store.jobs.countActive(account), 0);
        const usage = await store.usage.totals(account, new Date().toISOString().slice(0, 7));
        assert.equal(usage.scansCounted, 20, 'twenty scans counted, all billed, none still active');
        assert.equal(usage.billedScans, 20);
      } finally {
        await store.close();
      }
      const open = await db.query(`SELECT id, name, state FROM pgboss.job WHERE state < 'completed' AND name LIKE 'scanner-%'`);
      assert.deepEqual(open.rows, [], 'pg-boss holds no job still open');
    } finally {
      await db.end();
      await Promise.all([...workers, ...servers].map(stop));
      remove();
    }
  });
});
