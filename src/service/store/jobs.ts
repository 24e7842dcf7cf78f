// Scan jobs: created queued, claimed by one runner at a time (fenced by its run
// token), and ended exactly once together with their terminal event and usage record.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db.ts';
import { appendEventIn, type StoredEvent } from './events.ts';
import { now, periodBounds, periodOf } from './time.ts';
import { recordUsageIn } from './usage.ts';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobKind = 'github' | 'commit';
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

export interface JobRecord {
  id: string;
  accountId: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  repository: string;
  ref: string | null;
  commit: string | null;
  options: Record<string, unknown>;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  billed: boolean;
  summary: Record<string, unknown> | null;
  error: string | null;
  runToken: string | null;
  attempts: number;
  lastSeq: number;
}

export interface NewJob {
  accountId: string;
  kind: JobKind;
  repository: string;
  ref: string | null;
  commit: string | null;
  options: Record<string, unknown>;
  files?: { path: string; content: string }[];
}

/** The plan limits a new job is admitted under, checked and applied in one transaction. */
export interface Admission {
  /** Jobs of the account queued or running at once. */
  concurrentScans: number;
  /** Jobs counted this period: billed ones plus those queued or running. */
  scansPerPeriod: number;
  /**
   * Runs inside the creating transaction after the job is written; if it throws, the job
   * is not created. `position` is how many of the account's jobs were already active.
   */
  within?(tx: Queryable, job: JobRecord, position: number): Promise<void>;
}

/** A new job would exceed its plan; nothing was written. */
export class LimitReachedError extends Error {
  constructor(readonly limit: 'scansPerPeriod' | 'concurrentScans') {
    super(`plan limit reached: ${limit}`);
  }
}

/** A job the queue should hold: what a sweeper compares with the queue's own records. */
export interface ActiveJob {
  id: string;
  accountId: string;
  kind: JobKind;
  status: 'queued' | 'running';
  createdAt: string;
}

export interface FinishOutcome {
  status: 'completed' | 'failed';
  summary: Record<string, unknown> | null;
  error: string | null;
  filesScanned: number;
  linesScanned: number;
  eventData: Record<string, unknown>;
}

interface JobRow {
  id: string;
  account_id: string;
  kind: string;
  status: string;
  progress: number;
  repository: string;
  ref: string | null;
  commit_sha: string | null;
  options: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  billed: number;
  summary: string | null;
  error: string | null;
  run_token: string | null;
  attempts: number;
  last_seq: number;
}

function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    progress: Number(row.progress),
    repository: row.repository,
    ref: row.ref,
    commit: row.commit_sha,
    options: JSON.parse(row.options),
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    billed: Boolean(Number(row.billed)),
    summary: row.summary ? JSON.parse(row.summary) : null,
    error: row.error,
    runToken: row.run_token,
    attempts: Number(row.attempts),
    lastSeq: Number(row.last_seq),
  };
}

export class JobRepository {
  constructor(private readonly db: Db) {}

  /**
   * Creates a queued job. With an admission, the account's active and period counts are
   * read and the job written in one transaction that holds the account's row, so API
   * processes sharing a database cannot together exceed the plan.
   */
  async create(input: NewJob, admission?: Admission): Promise<JobRecord> {
    const id = randomUUID();
    const createdAt = now();
    await this.db.transaction(async (tx) => {
      const position = admission ? await this.admit(tx, input.accountId, createdAt, admission) : 0;
      await tx.run(
        `INSERT INTO jobs (id, account_id, kind, status, progress, repository, ref, commit_sha, options, created_at)
         VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?)`,
        [id, input.accountId, input.kind, input.repository, input.ref, input.commit, JSON.stringify(input.options), createdAt],
      );
      for (const file of input.files ?? []) {
        await tx.run(`INSERT INTO job_files (job_id, path, content) VALUES (?, ?, ?)`, [id, file.path, file.content]);
      }
      if (admission?.within) {
        const row = await tx.get<JobRow>(`SELECT * FROM jobs WHERE id = ?`, [id]);
        await admission.within(tx, toJob(row!), position);
      }
    });
    return (await this.get(id))!;
  }

  /** Checks the plan inside the creating transaction; returns the account's active job count. */
  private async admit(tx: Queryable, accountId: string, at: string, admission: Admission): Promise<number> {
    // SQLite's BEGIN IMMEDIATE already serialises writers; PostgreSQL serialises on the account's row.
    if (tx.dialect === 'postgres') await tx.get(`SELECT id FROM accounts WHERE id = ? FOR UPDATE`, [accountId]);
    const period = periodOf(at);
    const { start, end } = periodBounds(period);
    const counts = await tx.get<{ active: number; active_in_period: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS active,
              CAST(COALESCE(SUM(CASE WHEN created_at >= ? AND created_at < ? THEN 1 ELSE 0 END), 0) AS INTEGER) AS active_in_period
       FROM jobs WHERE account_id = ? AND status IN ('queued', 'running')`,
      [start, end, accountId],
    );
    const billed = await tx.get<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM usage_records WHERE account_id = ? AND period = ? AND billed = 1`,
      [accountId, period],
    );
    const active = Number(counts?.active ?? 0);
    if (Number(billed?.n ?? 0) + Number(counts?.active_in_period ?? 0) >= admission.scansPerPeriod) {
      throw new LimitReachedError('scansPerPeriod');
    }
    if (active >= admission.concurrentScans) throw new LimitReachedError('concurrentScans');
    return active;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const row = await this.db.get<JobRow>(`SELECT * FROM jobs WHERE id = ?`, [id]);
    return row && toJob(row);
  }

  /** A job as its owner sees it; another account's job does not exist for the caller. */
  async getOf(accountId: string, id: string): Promise<JobRecord | undefined> {
    const row = await this.db.get<JobRow>(`SELECT * FROM jobs WHERE id = ? AND account_id = ?`, [id, accountId]);
    return row && toJob(row);
  }

  async list(
    accountId: string,
    options: { status?: JobStatus; repository?: string; limit: number; before?: { createdAt: string; id: string } },
  ): Promise<JobRecord[]> {
    const where = ['account_id = ?'];
    const params: (string | number)[] = [accountId];
    if (options.status) {
      where.push('status = ?');
      params.push(options.status);
    }
    if (options.repository) {
      where.push('repository = ?');
      params.push(options.repository);
    }
    if (options.before) {
      where.push('(created_at < ? OR (created_at = ? AND id < ?))');
      params.push(options.before.createdAt, options.before.createdAt, options.before.id);
    }
    params.push(options.limit);
    const rows = await this.db.all<JobRow>(
      `SELECT * FROM jobs WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`,
      params,
    );
    return rows.map(toJob);
  }

  async countActive(accountId: string): Promise<number> {
    const row = await this.db.get<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM jobs WHERE account_id = ? AND status IN ('queued', 'running')`,
      [accountId],
    );
    return Number(row?.n ?? 0);
  }

  /** Queued and running jobs, oldest first: what a queue must hold (resumed at start, swept for). */
  async active(): Promise<ActiveJob[]> {
    const rows = await this.db.all<{ id: string; account_id: string; kind: string; status: string; created_at: string }>(
      `SELECT id, account_id, kind, status, created_at FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, id`,
    );
    return rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      kind: r.kind as JobKind,
      status: r.status as ActiveJob['status'],
      createdAt: r.created_at,
    }));
  }

  async files(jobId: string): Promise<{ path: string; content: string }[]> {
    return this.db.all(`SELECT path, content FROM job_files WHERE job_id = ? ORDER BY path`, [jobId]);
  }

  /**
   * Takes a queued job, or a running one whose previous runner died, for this runner.
   * The token fences a stale runner out of every later write.
   */
  async claim(id: string, token: string): Promise<JobRecord | undefined> {
    const result = await this.db.run(
      `UPDATE jobs SET status = 'running', run_token = ?, attempts = attempts + 1, started_at = COALESCE(started_at, ?)
       WHERE id = ? AND status IN ('queued', 'running')`,
      [token, now(), id],
    );
    if (result.changes !== 1) return undefined;
    return this.get(id);
  }

  /** Hands a job back to the queue (graceful shutdown): the next runner starts it again. */
  async release(id: string, token: string): Promise<void> {
    await this.db.run(`UPDATE jobs SET status = 'queued', run_token = NULL WHERE id = ? AND run_token = ? AND status = 'running'`, [
      id,
      token,
    ]);
  }

  async status(id: string): Promise<{ status: JobStatus; runToken: string | null } | undefined> {
    const row = await this.db.get<{ status: string; run_token: string | null }>(`SELECT status, run_token FROM jobs WHERE id = ?`, [id]);
    return row && { status: row.status as JobStatus, runToken: row.run_token };
  }

  async setProgress(id: string, token: string, progress: number): Promise<void> {
    await this.db.run(`UPDATE jobs SET progress = ? WHERE id = ? AND run_token = ? AND status = 'running'`, [progress, id, token]);
  }

  /**
   * Ends a running job exactly once: status, terminal event and usage record
   * commit together, and only for the runner that still holds the job.
   */
  async finish(jobId: string, token: string, outcome: FinishOutcome): Promise<StoredEvent | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<JobRow>(`SELECT * FROM jobs WHERE id = ? AND run_token = ? AND status = 'running'`, [jobId, token]);
      if (!row) return undefined;
      const billed = outcome.status === 'completed';
      await tx.run(
        `UPDATE jobs SET status = ?, progress = ?, finished_at = ?, billed = ?, summary = ?, error = ? WHERE id = ?`,
        [
          outcome.status,
          billed ? 100 : Number(row.progress),
          now(),
          billed ? 1 : 0,
          outcome.summary ? JSON.stringify(outcome.summary) : null,
          outcome.error,
          jobId,
        ],
      );
      const event = await appendEventIn(tx, jobId, outcome.status, outcome.eventData);
      await recordUsageIn(tx, toJob(row), outcome.status, billed, outcome.filesScanned, outcome.linesScanned);
      await tx.run(`DELETE FROM job_files WHERE job_id = ?`, [jobId]);
      return event;
    });
  }

  /** Cancels a queued or running job; 'terminal' when it had already ended. */
  async cancel(jobId: string, reason: string): Promise<UnrunEnding<'cancelled'>> {
    return this.endWithoutRunner(jobId, 'cancelled', reason, {
      message: `${reason} A cancelled scan is not billed.`,
      error: 'CANCELLED',
      status: 'cancelled',
    });
  }

  /**
   * Fails a queued or running job whoever holds it (the queue gave up on it): a runner
   * still at work is fenced out by its token. 'terminal' when it had already ended.
   */
  async fail(jobId: string, reason: string): Promise<UnrunEnding<'failed'>> {
    return this.endWithoutRunner(jobId, 'failed', reason, {
      message: `Scan failed: ${reason} A failed scan is not billed.`,
      error: 'SCAN_FAILED',
      status: 'failed',
    });
  }

  private async endWithoutRunner<S extends 'cancelled' | 'failed'>(
    jobId: string,
    status: S,
    reason: string,
    eventData: Record<string, unknown>,
  ): Promise<UnrunEnding<S>> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<JobRow>(`SELECT * FROM jobs WHERE id = ?`, [jobId]);
      if (!row) return { outcome: 'missing' as const };
      if (TERMINAL_STATUSES.includes(row.status as JobStatus)) return { outcome: 'terminal' as const };
      await tx.run(`UPDATE jobs SET status = ?, finished_at = ?, error = ?, run_token = NULL WHERE id = ?`, [
        status,
        now(),
        reason,
        jobId,
      ]);
      const event = await appendEventIn(tx, jobId, 'failed', eventData);
      await recordUsageIn(tx, toJob(row), status, false, 0, 0);
      await tx.run(`DELETE FROM job_files WHERE job_id = ?`, [jobId]);
      return { outcome: status, event };
    });
  }
}

/** How ending a job without its runner went: ended now, already ended, or no such job. */
export type UnrunEnding<S extends 'cancelled' | 'failed'> = { outcome: S; event: StoredEvent } | { outcome: 'terminal' | 'missing' };
