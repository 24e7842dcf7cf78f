// Where accepted scans wait for a runner. Embedded: an in-process queue over
// the SQLite store (the store is the queue's memory, so a restart resumes
// every queued or running job). Distributed: pg-boss on PostgreSQL
// (pgboss-queue.ts). Both keep two lanes, commit scans and GitHub scans, each
// with its own number of slots, so slow clones never hold up commit scans; and
// within a lane the next scan goes to the account with the fewest scans
// ahead of it, so one account's backlog does not make every other account wait.
import type { ServiceConfig } from './config.ts';
import type { EventHub } from './events.ts';
import type { Logger } from './logger.ts';
import type { ScanRunner } from './runner.ts';
import type { Queryable } from './store/db.ts';
import type { JobKind } from './store/jobs.ts';
import type { Store } from './store/store.ts';

/** What a queue needs to know of an accepted job. */
export interface QueuedJob {
  id: string;
  accountId: string;
  kind: JobKind;
}

/** Slots per lane: commit scans, and GitHub scans (which clone first). */
export interface Lanes {
  scans: number;
  clones: number;
}

export type Lane = keyof Lanes;

export function laneOf(kind: JobKind): Lane {
  return kind === 'github' ? 'clones' : 'scans';
}

/** The slots a process runs, from its configuration. */
export function lanesOf(config: Pick<ServiceConfig, 'scanConcurrency' | 'cloneConcurrency'>): Lanes {
  return { scans: config.scanConcurrency, clones: config.cloneConcurrency };
}

/** The reason a job the queue gave up on fails with. */
export function gaveUpReason(runs: number, last?: string): string {
  return `the queue gave up on it after ${runs} ${runs === 1 ? 'run' : 'runs'}${last ? ` (last: ${last})` : ''}.`;
}

/** Fails a job the queue gave up on, whoever holds it, and ends its event streams. */
export async function failGivenUp(store: Store, hub: EventHub, log: Logger, jobId: string, reason: string): Promise<void> {
  const ended = await store.jobs.fail(jobId, reason);
  if (ended.outcome === 'failed') {
    log.warn({ jobId, reason }, 'scan failed by the queue');
    await hub.published(jobId);
  }
}

export interface JobQueue {
  /**
   * Records an accepted job in the queue inside the store transaction that creates it,
   * so the job and its place in the queue commit together or not at all. `position` is
   * how many of the account's jobs were already active (fair ordering). False when this
   * queue cannot join a store transaction; the caller then uses `enqueue` after commit.
   */
  enqueueWithin(tx: Queryable, job: QueuedJob, position: number): Promise<boolean>;
  /** Makes a committed job available to runners; doing it twice is harmless. */
  enqueue(job: QueuedJob): Promise<void>;
  /** Starts taking work with this runner (API-only processes pass zero slots). */
  startWorking(runner: ScanRunner, lanes: Lanes): Promise<void>;
  /** Stops taking work; running scans get `graceMs` to end, then are handed back. */
  stop(graceMs: number): Promise<void>;
  healthy(): Promise<boolean>;
  readonly name: string;
}

/**
 * Jobs waiting in one lane, handed out fairly: the account with the fewest jobs running
 * in the lane goes first, then the one served longest ago, then the oldest job.
 */
export class FairWaitingList {
  private readonly waiting: QueuedJob[] = [];
  private readonly runningPerAccount = new Map<string, number>();
  private readonly lastServed = new Map<string, number>();
  private served = 0;

  get length(): number {
    return this.waiting.length;
  }

  push(job: QueuedJob): void {
    this.waiting.push(job);
  }

  /** Takes the next job to run and counts it as running until `done`. */
  take(): QueuedJob | undefined {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) {
      if (best === -1 || this.before(this.waiting[i].accountId, this.waiting[best].accountId)) best = i;
    }
    if (best === -1) return undefined;
    const [job] = this.waiting.splice(best, 1);
    this.runningPerAccount.set(job.accountId, (this.runningPerAccount.get(job.accountId) ?? 0) + 1);
    this.lastServed.set(job.accountId, ++this.served);
    return job;
  }

  done(job: QueuedJob): void {
    const left = (this.runningPerAccount.get(job.accountId) ?? 1) - 1;
    if (left > 0) this.runningPerAccount.set(job.accountId, left);
    else this.runningPerAccount.delete(job.accountId);
  }

  private before(a: string, b: string): boolean {
    if (a === b) return false;
    const running = (this.runningPerAccount.get(a) ?? 0) - (this.runningPerAccount.get(b) ?? 0);
    if (running !== 0) return running < 0;
    return (this.lastServed.get(a) ?? 0) < (this.lastServed.get(b) ?? 0);
  }
}

export class InProcessQueue implements JobQueue {
  readonly name = 'in-process';
  private readonly waiting: Record<Lane, FairWaitingList> = { scans: new FairWaitingList(), clones: new FairWaitingList() };
  private readonly slots: Lanes = { scans: 0, clones: 0 };
  private readonly busy: Lanes = { scans: 0, clones: 0 };
  private readonly known = new Set<string>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly stopController = new AbortController();
  /** Runs of a job that crashed (threw instead of ending the job), for the retry limit. */
  private readonly crashes = new Map<string, number>();
  private runner: ScanRunner | null = null;
  private stopping = false;

  constructor(
    private readonly store: Store,
    private readonly hub: EventHub,
    private readonly log: Logger,
    private readonly retryLimit: number,
  ) {}

  async enqueueWithin(): Promise<boolean> {
    // The store is this queue's memory: a committed job is found again at every start.
    return false;
  }

  async enqueue(job: QueuedJob): Promise<void> {
    if (this.known.has(job.id)) return;
    this.known.add(job.id);
    this.waiting[laneOf(job.kind)].push(job);
    this.pump();
  }

  async startWorking(runner: ScanRunner, lanes: Lanes): Promise<void> {
    this.runner = runner;
    Object.assign(this.slots, lanes);
    const resumable = await this.store.jobs.active();
    if (resumable.length > 0) this.log.info({ jobs: resumable.length }, 'resuming jobs accepted before the restart');
    for (const job of resumable) await this.enqueue(job);
    this.pump();
  }

  private pump(): void {
    if (!this.runner || this.stopping) return;
    for (const lane of ['scans', 'clones'] as const) {
      while (this.busy[lane] < this.slots[lane] && this.waiting[lane].length > 0) {
        const job = this.waiting[lane].take()!;
        this.busy[lane]++;
        const run = this.runner
          .run(job.id, this.stopController.signal)
          .then(
            () => this.crashes.delete(job.id),
            (error) => this.crashed(job, error),
          )
          .finally(() => {
            this.busy[lane]--;
            this.waiting[lane].done(job);
            this.running.delete(job.id);
            this.known.delete(job.id);
            this.pump();
          });
        this.running.set(job.id, run);
      }
    }
  }

  /** A run that threw left its job queued or running: run it again a little later, up to the limit, then fail it. */
  private async crashed(job: QueuedJob, error: unknown): Promise<void> {
    const runs = (this.crashes.get(job.id) ?? 0) + 1;
    this.log.error({ jobId: job.id, err: String(error), runs }, 'runner crashed');
    if (runs <= this.retryLimit) {
      this.crashes.set(job.id, runs);
      setTimeout(() => void this.enqueue(job), 1000).unref();
      return;
    }
    this.crashes.delete(job.id);
    const reason = gaveUpReason(runs, error instanceof Error ? error.message : String(error));
    await failGivenUp(this.store, this.hub, this.log, job.id, reason).catch((failure) =>
      this.log.error({ jobId: job.id, err: String(failure) }, 'a job the queue gave up on could not be failed; it is resumed at the next start'),
    );
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

/**
 * Lets running scans finish for up to `graceMs`; past that, aborts them (they hand
 * their jobs back) and waits for them to wind down.
 */
export async function drainWithin(running: Promise<unknown>[], graceMs: number, stop: AbortController): Promise<void> {
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
