// Faults: kill -9 the embedded server, and a worker of the PostgreSQL
// deployment, in the middle of scans. Every accepted job must still end
// (completed or failed), none may complete twice, and no stream may lose an
// event: the ids a reconnecting client sees run 1, 2, 3, … without a gap.
import assert from 'node:assert/strict';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ScannerClient, type ScanEvent } from '../../src/client/index.ts';
import { Store } from '../../src/service/store/store.ts';
import { openDb } from '../../src/service/store/db.ts';
import { freePort, startPostgres, tempDir, VULNERABLE_JS, type PostgresCluster } from './harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin', 'scanner.js');

/** Enough code that a scan takes a noticeable moment. */
const FILES = Array.from({ length: 24 }, (_, i) => ({
  path: `src/module${i}/routes.js`,
  content: Array.from({ length: 8 }, () => VULNERABLE_JS.replaceAll('/users', `/users${i}`)).join('\n'),
}));

interface Proc {
  child: ChildProcess;
  output: () => string;
}

function launch(args: string[], env: Record<string, string>): Proc {
  let output = '';
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, SCANNER_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

function kill9(proc: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGKILL');
  });
}

async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitHealthy(api: string, proc: Proc, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${api}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`server not healthy: ${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function createKey(env: Record<string, string>, dataDir?: string): string {
  const out = execFileSync(process.execPath, [BIN, 'keys', 'create', '--name', 'faults', '--json', ...(dataDir ? ['--data-dir', dataDir] : [])], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  }).toString();
  return JSON.parse(out).key;
}

function writeConfig(dir: string): string {
  const file = path.join(dir, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({
      plans: {
        free: {
          scansPerPeriod: 1000,
          concurrentScans: 100,
          requestsPerMinute: 100_000,
          maxRepoBytes: 10_000_000,
          maxCommitPayloadBytes: 10_000_000,
          maxCommitFiles: 1000,
        },
      },
    }),
  );
  return file;
}

/** Follows every job's stream across the crash, recording the event ids each client saw. */
function followAll(client: ScannerClient, jobIds: string[]): Promise<ScanEvent[][]> {
  return Promise.all(
    jobIds.map((id) => client.collectEvents('commit', id, { maxReconnects: 40, initialDelayMs: 100, maxDelayMs: 1000 })),
  );
}

async function assertEveryJobEndedOnce(store: Store, jobIds: string[], streams: ScanEvent[][]): Promise<void> {
  for (const [i, jobId] of jobIds.entries()) {
    const job = await store.jobs.get(jobId);
    assert.ok(job && ['completed', 'failed'].includes(job.status), `job ${jobId} ended: ${job?.status}`);
    const events = await store.events.list(jobId, 0, 100_000);
    const terminal = events.filter((e) => e.type === 'completed' || e.type === 'failed');
    assert.equal(terminal.length, 1, `job ${jobId} ended exactly once`);
    const vulnKeys = events.filter((e) => e.type === 'vulnerability').map((e) => `${e.data.id}@${e.data.commit ?? ''}`);
    assert.equal(new Set(vulnKeys).size, vulnKeys.length, 'no finding streamed twice');
    const usage = await store.usage.recent(job.accountId, job.createdAt.slice(0, 7), 10_000);
    assert.equal(usage.filter((u) => u.jobId === jobId).length, 1, 'one usage record per job');
    // What the client saw: every numbered event from 1 to the last, once, in order.
    const seen = streams[i].filter((e) => e.id !== undefined).map((e) => e.id!);
    assert.deepEqual(seen, events.map((e) => e.seq), `client of ${jobId} saw every event once`);
    assert.deepEqual(seen, Array.from({ length: seen.length }, (_, k) => k + 1));
    assert.equal(streams[i].at(-1)?.type, job.status);
  }
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
