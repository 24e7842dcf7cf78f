// Service processes for the distributed tests: `scanner serve` and `scanner
// worker` as real child processes (so a test can kill -9 them), a key made
// through the CLI, a configuration file, and the checks every fault test ends with.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ScanEvent } from '../../src/client/index.ts';
import type { Plan } from '../../src/service/config.ts';
import type { Store } from '../../src/service/store/store.ts';
import { VULNERABLE_JS } from './harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin', 'scanner.js');

/** Enough code that a scan takes a noticeable moment. */
export const BIG_COMMIT_FILES = Array.from({ length: 24 }, (_, i) => ({
  path: `src/module${i}/routes.js`,
  content: Array.from({ length: 8 }, () => VULNERABLE_JS.replaceAll('/users', `/users${i}`)).join('\n'),
}));

export interface Proc {
  child: ChildProcess;
  output: () => string;
}

export function launch(args: string[], env: Record<string, string>): Proc {
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

export function kill9(proc: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGKILL');
  });
}

export async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function waitHealthy(api: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
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

export function createKey(env: Record<string, string>, dataDir?: string): string {
  const out = execFileSync(process.execPath, [BIN, 'keys', 'create', '--name', 'faults', '--json', ...(dataDir ? ['--data-dir', dataDir] : [])], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  }).toString();
  return JSON.parse(out).key;
}

export function writeConfig(dir: string, plan: Partial<Plan> = {}, extra: Record<string, unknown> = {}): string {
  const file = path.join(dir, 'config.json');
  const free: Plan = {
    scansPerPeriod: 1000,
    concurrentScans: 100,
    requestsPerMinute: 100_000,
    maxRepoBytes: 10_000_000,
    maxCommitPayloadBytes: 10_000_000,
    maxCommitFiles: 1000,
    ...plan,
  };
  writeFileSync(file, JSON.stringify({ plans: { free }, ...extra }));
  return file;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A plain connection to the test database, for injecting faults and reading what was left. */
export async function sql(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Jobs the store still counts against their account's concurrent scans. */
export async function activeJobs(client: pg.Client): Promise<{ id: string; status: string }[]> {
  return (await client.query(`SELECT id, status FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at`)).rows;
}

/**
 * Every accepted job ended completed or failed exactly once: one terminal event, one
 * usage record, no finding streamed twice; and what each client saw is every event once.
 */
export async function assertEveryJobEndedOnce(store: Store, jobIds: string[], streams?: ScanEvent[][]): Promise<void> {
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
    if (streams) {
      const seen = streams[i].filter((e) => e.id !== undefined).map((e) => e.id!);
      assert.deepEqual(seen, events.map((e) => e.seq), `client of ${jobId} saw every event once`);
      assert.deepEqual(seen, Array.from({ length: seen.length }, (_, k) => k + 1));
      assert.equal(streams[i].at(-1)?.type, job.status);
    }
  }
}
