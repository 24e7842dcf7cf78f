// The distributed queue: pg-boss on the same PostgreSQL database as the store.
//
// No accepted job is lost:
// - a job is sent under its own id inside the transaction that creates it, so the
//   store's row and the queue's entry commit together (a crash between them is
//   impossible) and sending twice is harmless;
// - a job pg-boss gives up on (retries used up, expired, heartbeat lost too often)
//   is copied to a dead-letter queue whose handler fails it in the store, which
//   ends its event streams;
// - a sweeper on every process compares the store's active jobs with pg-boss and
//   sends again what the queue does not hold and fails what it has given up on.
// Heartbeats hand a dead worker's scan to another worker.
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { ServiceConfig } from './config.ts';
import type { EventHub } from './events.ts';
import type { Logger } from './logger.ts';
import { drainWithin, failGivenUp, gaveUpReason, laneOf, type JobQueue, type Lane, type Lanes, type QueuedJob } from './queue.ts';
import type { ScanRunner } from './runner.ts';
import type { Queryable } from './store/db.ts';
import type { ActiveJob } from './store/jobs.ts';
import type { Store } from './store/store.ts';

/** One pg-boss queue per lane; commit scans keep the name every version used. */
const QUEUES: Record<Lane, string> = { scans: 'scanner-scans', clones: 'scanner-clones' };
const DEAD_LETTER = 'scanner-dead';

interface Payload {
  jobId: string;
}

export class PgBossQueue implements JobQueue {
  readonly name = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly stopController = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  /** Jobs pg-boss settled while the store still shows them active, with when that was first seen. */
  private readonly settledButActive = new Map<string, number>();
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private started = false;
  private working = false;

  constructor(
    connectionString: string,
    private readonly config: ServiceConfig,
    private readonly store: Store,
    private readonly hub: EventHub,
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
    await this.ensureQueue(DEAD_LETTER, { retryLimit: 5, retryDelay: 2 });
    for (const name of Object.values(QUEUES)) {
      await this.ensureQueue(name, {
        heartbeatSeconds: this.config.heartbeatSeconds,
        expireInSeconds: 6 * 3600,
        retryLimit: this.config.queueRetryLimit,
        retryDelay: 1,
        deadLetter: DEAD_LETTER,
      });
    }
    this.started = true;
  }

  /** Creates a queue, or brings an existing one (made by an older version) to these settings. */
  private async ensureQueue(
    name: string,
    options: { heartbeatSeconds?: number; expireInSeconds?: number; retryLimit: number; retryDelay: number; deadLetter?: string },
  ): Promise<void> {
    if (!(await this.boss.getQueue(name))) {
      try {
        await this.boss.createQueue(name, options);
        return;
      } catch (error) {
        // Another process may have created it first.
        if (!(await this.boss.getQueue(name))) throw error;
      }
    }
    await this.boss.updateQueue(name, options);
  }

  async enqueueWithin(tx: Queryable, job: QueuedJob, position: number): Promise<boolean> {
    if (!tx.executeSql) return false;
    await this.send(job, position, { executeSql: tx.executeSql });
    return true;
  }

  async enqueue(job: QueuedJob): Promise<void> {
    await this.send(job, 0);
  }

  /**
   * The job's own id makes the send idempotent; the priority falls with the account's
   * scans already waiting or running, so a newcomer's first scan runs before a backlog's tenth.
   */
  private async send(job: QueuedJob, position: number, db?: { executeSql: NonNullable<Queryable['executeSql']> }): Promise<void> {
    await this.boss.send(QUEUES[laneOf(job.kind)], { jobId: job.id } satisfies Payload, {
      id: job.id,
      priority: -position,
      ...(db ? { db } : {}),
    });
  }

  async startWorking(runner: ScanRunner, lanes: Lanes): Promise<void> {
    this.working = true;
    for (const lane of ['scans', 'clones'] as const) {
      if (lanes[lane] <= 0) continue;
      await this.boss.work<Payload>(
        QUEUES[lane],
        { localConcurrency: lanes[lane], batchSize: 1, pollingIntervalSeconds: 1 },
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
    // Every process, API-only ones included, ends jobs pg-boss gave up on and sweeps.
    await this.boss.work<Payload>(
      DEAD_LETTER,
      { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      // includeMetadata hands the handler whole jobs; pg-boss's types do not follow the option here.
      async ([job]) => this.deadLettered(job as JobWithMetadata<Payload>),
    );
    const everyMs = Math.max(2, Math.floor(this.config.heartbeatSeconds / 2)) * 1000;
    this.sweeper = setInterval(() => {
      this.sweeping ??= this.sweep(everyMs)
        .catch((error) => this.log.warn({ err: String(error) }, 'queue sweep failed'))
        .finally(() => (this.sweeping = null));
    }, everyMs);
    this.sweeper.unref();
  }

  private async deadLettered(job: JobWithMetadata<Payload>): Promise<void> {
    const last = (job.sourceOutput as { message?: unknown } | null)?.message;
    const reason = gaveUpReason((job.sourceRetryCount ?? 0) + 1, typeof last === 'string' ? last : undefined);
    await this.failInStore(job.data.jobId, reason);
  }

  private failInStore(jobId: string, reason: string): Promise<void> {
    return failGivenUp(this.store, this.hub, this.log, jobId, reason);
  }

  /** Brings the store and pg-boss back into agreement about every active job. */
  private async sweep(graceMs: number): Promise<void> {
    const nowMs = Date.now();
    const active = await this.store.jobs.active();
    const seen = new Set<string>();
    for (const job of active) {
      seen.add(job.id);
      if (nowMs - Date.parse(job.createdAt) < graceMs) continue;
      await this.reconcile(job, nowMs, graceMs);
    }
    for (const id of this.settledButActive.keys()) if (!seen.has(id)) this.settledButActive.delete(id);
  }

  /** The queue's record of a job: under the job's own id, or by its payload if an older version sent it. */
  private async findHeld(job: ActiveJob): Promise<JobWithMetadata<Payload> | undefined> {
    const [own] = await this.boss.findJobs<Payload>(QUEUES[laneOf(job.kind)], { id: job.id });
    if (own) return own;
    // Older versions sent every job to the commit-scan queue under an id of pg-boss's choosing.
    const legacy = await this.boss.findJobs<Payload>(QUEUES.scans, { data: { jobId: job.id } });
    return legacy.find((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active') ?? legacy[0];
  }

  private async reconcile(job: ActiveJob, nowMs: number, graceMs: number): Promise<void> {
    const held = await this.findHeld(job);
    if (!held) {
      this.log.warn({ jobId: job.id }, 'an accepted scan was missing from the queue; sending it again');
      await this.enqueue(job);
      return;
    }
    const state = held.state;
    if (state === 'failed' || state === 'cancelled') {
      // The dead-letter handler normally gets there first; this covers a queue without one.
      await this.failInStore(job.id, `the queue gave up on it (${state}).`);
      return;
    }
    if (state === 'completed') {
      // A run that ended without ending the job; give a runner still writing its end a moment.
      const since = this.settledButActive.get(job.id) ?? nowMs;
      this.settledButActive.set(job.id, since);
      if (nowMs - since >= 2 * graceMs) {
        this.settledButActive.delete(job.id);
        await this.failInStore(job.id, 'its run ended without a result.');
      }
      return;
    }
    this.settledButActive.delete(job.id);
  }

  async stop(graceMs: number): Promise<void> {
    if (!this.started) return;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sweeping;
    if (this.working) {
      const offWork = Promise.all(
        [...Object.values(QUEUES), DEAD_LETTER].map((name) => this.boss.offWork(name).catch(() => {})),
      );
      await drainWithin([...this.running], graceMs, this.stopController);
      await offWork;
    }
    await this.boss.stop({ graceful: true, timeout: 5000 }).catch(() => {});
  }

  async healthy(): Promise<boolean> {
    try {
      await this.boss.getQueue(QUEUES.scans);
      return true;
    } catch {
      return false;
    }
  }
}
