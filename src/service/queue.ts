// Where accepted scans wait for a runner. Embedded: an in-process queue over
// the SQLite store (the store is the queue's memory, so a restart resumes
// every queued or running job). Distributed: pg-boss on PostgreSQL, whose
// heartbeats hand a dead worker's scan to another worker.
import { PgBoss } from 'pg-boss';
import type { ServiceConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { ScanRunner } from './runner.ts';
import type { Store } from './store/store.ts';

export interface JobQueue {
  /** Makes an accepted job available to runners. */
  enqueue(jobId: string): Promise<void>;
  /** Starts taking work with this runner (not called on API-only processes). */
  startWorking(runner: ScanRunner, concurrency: number): Promise<void>;
  /** Stops taking work; running scans get `graceMs` to end, then are handed back. */
  stop(graceMs: number): Promise<void>;
  healthy(): Promise<boolean>;
  readonly name: string;
}

export class InProcessQueue implements JobQueue {
  readonly name = 'in-process';
  private readonly waiting: string[] = [];
  private readonly known = new Set<string>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly stopController = new AbortController();
  private runner: ScanRunner | null = null;
  private concurrency = 0;
  private stopping = false;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
  ) {}

  async enqueue(jobId: string): Promise<void> {
    if (this.known.has(jobId)) return;
    this.known.add(jobId);
    this.waiting.push(jobId);
    this.pump();
  }

  async startWorking(runner: ScanRunner, concurrency: number): Promise<void> {
    this.runner = runner;
    this.concurrency = concurrency;
    const resumable = await this.store.jobs.toResume();
    if (resumable.length > 0) this.log.info({ jobs: resumable.length }, 'resuming jobs accepted before the restart');
    for (const id of resumable) await this.enqueue(id);
    this.pump();
  }

  private pump(): void {
    if (!this.runner || this.stopping) return;
    while (this.running.size < this.concurrency && this.waiting.length > 0) {
      const jobId = this.waiting.shift()!;
      const run = this.runner
        .run(jobId, this.stopController.signal)
        .catch((error) => this.log.error({ jobId, err: String(error) }, 'runner crashed'))
        .finally(() => {
          this.running.delete(jobId);
          this.known.delete(jobId);
          this.pump();
        });
      this.running.set(jobId, run);
    }
  }

  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.running.size === 0) return;
    await drainWithin([...this.running.values()], graceMs, this.stopController);
  }

  async healthy(): Promise<boolean> {
    return !this.stopping;
  }
}

const QUEUE = 'scanner-scans';

export class PgBossQueue implements JobQueue {
  readonly name = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly stopController = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private started = false;
  private working = false;

  constructor(
    connectionString: string,
    private readonly config: ServiceConfig,
    private readonly log: Logger,
  ) {
    // Supervision finds jobs whose worker stopped sending heartbeats; check often enough to matter.
    this.boss = new PgBoss({
      connectionString,
      schema: 'pgboss',
      max: 4,
      superviseIntervalSeconds: Math.max(2, Math.floor(config.heartbeatSeconds / 2)),
      monitorIntervalSeconds: Math.max(2, Math.floor(config.heartbeatSeconds / 2)),
    });
    this.boss.on('error', (error: unknown) => this.log.warn({ err: String(error) }, 'queue error'));
  }

  async start(): Promise<void> {
    // Several processes starting at once race to install pg-boss's schema; the losers try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.start();
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        this.log.warn({ err: String(error), attempt }, 'queue start failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    const existing = await this.boss.getQueue(QUEUE);
    if (!existing) {
      await this.boss
        .createQueue(QUEUE, {
          heartbeatSeconds: this.config.heartbeatSeconds,
          expireInSeconds: 6 * 3600,
          retryLimit: 20,
          retryDelay: 1,
        })
        .catch(async (error) => {
          // Another process may have created it first.
          if (!(await this.boss.getQueue(QUEUE))) throw error;
        });
    }
    this.started = true;
  }

  async enqueue(jobId: string): Promise<void> {
    await this.boss.send(QUEUE, { jobId });
  }

  async startWorking(runner: ScanRunner, concurrency: number): Promise<void> {
    if (concurrency <= 0) return;
    this.working = true;
    await this.boss.work<{ jobId: string }>(
      QUEUE,
      { localConcurrency: concurrency, batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        const run = runner.run(job.data.jobId, this.stopController.signal);
        this.running.add(run);
        try {
          const outcome = await run;
          // A handed-back scan must be retried by pg-boss, so its handler fails.
          if (outcome === 'released') throw new Error('handed back at shutdown');
        } finally {
          this.running.delete(run);
        }
      },
    );
  }

  async stop(graceMs: number): Promise<void> {
    if (!this.started) return;
    if (this.working) {
      const offWork = this.boss.offWork(QUEUE).catch(() => {});
      await drainWithin([...this.running], graceMs, this.stopController);
      await offWork;
    }
    await this.boss.stop({ graceful: true, timeout: 5000 }).catch(() => {});
  }

  async healthy(): Promise<boolean> {
    try {
      await this.boss.getQueue(QUEUE);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Lets running scans finish for up to `graceMs`; past that, aborts them (they hand
 * their jobs back) and waits for them to wind down.
 */
async function drainWithin(running: Promise<unknown>[], graceMs: number, stop: AbortController): Promise<void> {
  const all = Promise.allSettled(running);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    stop.abort();
    await all;
  }
}
