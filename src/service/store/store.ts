// The service's query layer: every read and write of accounts, keys, users,
// jobs, events and usage goes through here, on SQLite or PostgreSQL alike.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db.ts';
import { generateApiKey, hashApiKey, hashPassword } from '../secrets.ts';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobKind = 'github' | 'commit';
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

export interface Account {
  id: string;
  name: string;
  plan: string;
  createdAt: string;
}

export interface ApiKeyInfo {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

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

export interface StoredEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface UsageTotals {
  period: string;
  billedScans: number;
  unbilledScans: number;
  filesScanned: number;
  linesScanned: number;
  /** Scans started this period that count against the plan: completed, queued or running. */
  scansCounted: number;
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

const now = () => new Date().toISOString();

/** Billing period: the calendar month (UTC) a time falls in, e.g. "2026-11". */
export function periodOf(iso: string): string {
  return iso.slice(0, 7);
}

export function periodBounds(period: string): { start: string; end: string } {
  const [year, month] = period.split('-').map(Number);
  return {
    start: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
    end: new Date(Date.UTC(year, month, 1)).toISOString(),
  };
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

export interface NewJob {
  accountId: string;
  kind: JobKind;
  repository: string;
  ref: string | null;
  commit: string | null;
  options: Record<string, unknown>;
  files?: { path: string; content: string }[];
}

export interface FinishOutcome {
  status: 'completed' | 'failed';
  summary: Record<string, unknown> | null;
  error: string | null;
  filesScanned: number;
  linesScanned: number;
  eventData: Record<string, unknown>;
}

export class Store {
  constructor(readonly db: Db) {}

  // ---- accounts, keys, users ----

  async createAccount(name: string, plan: string): Promise<Account> {
    const account = { id: `acct_${randomUUID().replace(/-/g, '')}`, name, plan, createdAt: now() };
    await this.db.run(`INSERT INTO accounts (id, name, plan, created_at) VALUES (?, ?, ?, ?)`, [
      account.id,
      account.name,
      account.plan,
      account.createdAt,
    ]);
    return account;
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const row = await this.db.get<{ id: string; name: string; plan: string; created_at: string }>(
      `SELECT id, name, plan, created_at FROM accounts WHERE id = ?`,
      [id],
    );
    return row && { id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at };
  }

  async firstAccount(): Promise<Account | undefined> {
    const row = await this.db.get<{ id: string }>(`SELECT id FROM accounts ORDER BY created_at, id LIMIT 1`);
    return row && this.getAccount(row.id);
  }

  async countAccounts(): Promise<number> {
    const row = await this.db.get<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM accounts`);
    return Number(row?.n ?? 0);
  }

  async createApiKey(accountId: string, name: string): Promise<{ info: ApiKeyInfo; key: string }> {
    const key = generateApiKey();
    const info: ApiKeyInfo = {
      id: `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      accountId,
      name,
      prefix: key.slice(0, 12),
      createdAt: now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.db.run(
      `INSERT INTO api_keys (id, account_id, name, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [info.id, accountId, name, hashApiKey(key), info.prefix, info.createdAt],
    );
    return { info, key };
  }

  async listApiKeys(accountId?: string): Promise<ApiKeyInfo[]> {
    const rows = await this.db.all<{
      id: string;
      account_id: string;
      name: string;
      key_prefix: string;
      created_at: string;
      last_used_at: string | null;
      revoked_at: string | null;
    }>(
      `SELECT id, account_id, name, key_prefix, created_at, last_used_at, revoked_at FROM api_keys
       ${accountId ? 'WHERE account_id = ?' : ''} ORDER BY created_at, id`,
      accountId ? [accountId] : [],
    );
    return rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      name: r.name,
      prefix: r.key_prefix,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      revokedAt: r.revoked_at,
    }));
  }

  async revokeApiKey(id: string): Promise<boolean> {
    const result = await this.db.run(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, [now(), id]);
    return result.changes === 1;
  }

  /** The account behind a presented key, or undefined for an unknown or revoked one. */
  async authenticate(key: string): Promise<{ account: Account; keyId: string; lastUsedAt: string | null } | undefined> {
    const row = await this.db.get<{ id: string; account_id: string; last_used_at: string | null }>(
      `SELECT id, account_id, last_used_at FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL`,
      [hashApiKey(key)],
    );
    if (!row) return undefined;
    const account = await this.getAccount(row.account_id);
    return account && { account, keyId: row.id, lastUsedAt: row.last_used_at };
  }

  async touchApiKey(id: string): Promise<void> {
    await this.db.run(`UPDATE api_keys SET last_used_at = ? WHERE id = ?`, [now(), id]);
  }

  async createUser(input: { email: string; password: string; admin: boolean; accountId: string }): Promise<{ id: string }> {
    const id = `user_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await this.db.run(
      `INSERT INTO users (id, account_id, email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [id, input.accountId, input.email.toLowerCase(), await hashPassword(input.password), input.admin ? 1 : 0, now()],
    );
    return { id };
  }

  async countUsers(): Promise<number> {
    const row = await this.db.get<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM users`);
    return Number(row?.n ?? 0);
  }

  // ---- dashboard: users, sessions, sign-in attempts ----

  async findUserByEmail(email: string): Promise<{ id: string; accountId: string; email: string; passwordHash: string; admin: boolean } | undefined> {
    const row = await this.db.get<{ id: string; account_id: string; email: string; password_hash: string; is_admin: number }>(
      `SELECT id, account_id, email, password_hash, is_admin FROM users WHERE email = ?`,
      [email.toLowerCase()],
    );
    return row && { id: row.id, accountId: row.account_id, email: row.email, passwordHash: row.password_hash, admin: Boolean(Number(row.is_admin)) };
  }

  async createSession(input: { tokenHash: string; userId: string; accountId: string; csrfToken: string; expiresAt: string }): Promise<void> {
    await this.db.run(
      `INSERT INTO dashboard_sessions (token_hash, user_id, account_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [input.tokenHash, input.userId, input.accountId, input.csrfToken, now(), input.expiresAt],
    );
  }

  async getSession(tokenHash: string): Promise<{ userId: string; accountId: string; email: string; csrfToken: string } | undefined> {
    const row = await this.db.get<{ user_id: string; account_id: string; email: string; csrf_token: string }>(
      `SELECT s.user_id, s.account_id, u.email, s.csrf_token FROM dashboard_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ?`,
      [tokenHash, now()],
    );
    return row && { userId: row.user_id, accountId: row.account_id, email: row.email, csrfToken: row.csrf_token };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.run(`DELETE FROM dashboard_sessions WHERE token_hash = ?`, [tokenHash]);
  }

  async signinAttempts(key: string): Promise<{ failures: number; lockedUntil: string | null } | undefined> {
    const row = await this.db.get<{ failures: number; locked_until: string | null }>(
      `SELECT failures, locked_until FROM signin_attempts WHERE attempt_key = ?`,
      [key],
    );
    return row && { failures: Number(row.failures), lockedUntil: row.locked_until };
  }

  async recordSigninFailure(key: string, failures: number, lockedUntil: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run(`DELETE FROM signin_attempts WHERE attempt_key = ?`, [key]);
      await tx.run(`INSERT INTO signin_attempts (attempt_key, failures, locked_until, updated_at) VALUES (?, ?, ?, ?)`, [
        key,
        failures,
        lockedUntil,
        now(),
      ]);
    });
  }

  async clearSigninFailures(key: string): Promise<void> {
    await this.db.run(`DELETE FROM signin_attempts WHERE attempt_key = ?`, [key]);
  }

  /** Scans started per UTC day since `since` (ISO), for the usage chart. */
  async scansPerDay(accountId: string, since: string): Promise<{ day: string; scans: number }[]> {
    const rows = await this.db.all<{ day: string; n: number }>(
      `SELECT SUBSTR(created_at, 1, 10) AS day, CAST(COUNT(*) AS INTEGER) AS n FROM jobs
       WHERE account_id = ? AND created_at >= ? GROUP BY SUBSTR(created_at, 1, 10) ORDER BY day`,
      [accountId, since],
    );
    return rows.map((r) => ({ day: r.day, scans: Number(r.n) }));
  }

  // ---- jobs ----

  async createJob(input: NewJob): Promise<JobRecord> {
    const id = randomUUID();
    const createdAt = now();
    await this.db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO jobs (id, account_id, kind, status, progress, repository, ref, commit_sha, options, created_at)
         VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?)`,
        [id, input.accountId, input.kind, input.repository, input.ref, input.commit, JSON.stringify(input.options), createdAt],
      );
      for (const file of input.files ?? []) {
        await tx.run(`INSERT INTO job_files (job_id, path, content) VALUES (?, ?, ?)`, [id, file.path, file.content]);
      }
    });
    return (await this.getJob(id))!;
  }

  async getJob(id: string): Promise<JobRecord | undefined> {
    const row = await this.db.get<JobRow>(`SELECT * FROM jobs WHERE id = ?`, [id]);
    return row && toJob(row);
  }

  /** A job as its owner sees it; another account's job does not exist for the caller. */
  async getJobOf(accountId: string, id: string): Promise<JobRecord | undefined> {
    const row = await this.db.get<JobRow>(`SELECT * FROM jobs WHERE id = ? AND account_id = ?`, [id, accountId]);
    return row && toJob(row);
  }

  async listJobs(
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

  async countActiveJobs(accountId: string): Promise<number> {
    const row = await this.db.get<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM jobs WHERE account_id = ? AND status IN ('queued', 'running')`,
      [accountId],
    );
    return Number(row?.n ?? 0);
  }

  async jobsToResume(): Promise<string[]> {
    const rows = await this.db.all<{ id: string }>(
      `SELECT id FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, id`,
    );
    return rows.map((r) => r.id);
  }

  async jobFiles(jobId: string): Promise<{ path: string; content: string }[]> {
    return this.db.all(`SELECT path, content FROM job_files WHERE job_id = ? ORDER BY path`, [jobId]);
  }

  /**
   * Takes a queued job, or a running one whose previous runner died, for this runner.
   * The token fences a stale runner out of every later write.
   */
  async claimJob(id: string, token: string): Promise<JobRecord | undefined> {
    const result = await this.db.run(
      `UPDATE jobs SET status = 'running', run_token = ?, attempts = attempts + 1, started_at = COALESCE(started_at, ?)
       WHERE id = ? AND status IN ('queued', 'running')`,
      [token, now(), id],
    );
    if (result.changes !== 1) return undefined;
    return this.getJob(id);
  }

  /** Hands a job back to the queue (graceful shutdown): the next runner starts it again. */
  async releaseJob(id: string, token: string): Promise<void> {
    await this.db.run(`UPDATE jobs SET status = 'queued', run_token = NULL WHERE id = ? AND run_token = ? AND status = 'running'`, [
      id,
      token,
    ]);
  }

  async jobStatus(id: string): Promise<{ status: JobStatus; runToken: string | null } | undefined> {
    const row = await this.db.get<{ status: string; run_token: string | null }>(`SELECT status, run_token FROM jobs WHERE id = ?`, [id]);
    return row && { status: row.status as JobStatus, runToken: row.run_token };
  }

  async setProgress(id: string, token: string, progress: number): Promise<void> {
    await this.db.run(`UPDATE jobs SET progress = ? WHERE id = ? AND run_token = ? AND status = 'running'`, [progress, id, token]);
  }

  private async appendEventIn(tx: Queryable, jobId: string, type: string, data: Record<string, unknown>): Promise<StoredEvent> {
    const row = await tx.get<{ last_seq: number }>(`UPDATE jobs SET last_seq = last_seq + 1 WHERE id = ? RETURNING last_seq`, [jobId]);
    if (!row) throw new Error(`no job ${jobId}`);
    const event = { seq: Number(row.last_seq), type, data, createdAt: now() };
    await tx.run(`INSERT INTO job_events (job_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)`, [
      jobId,
      event.seq,
      type,
      JSON.stringify(data),
      event.createdAt,
    ]);
    return event;
  }

  /** Appends events of a running job; nothing is written once the runner has lost the job. */
  async appendRunEvents(
    jobId: string,
    token: string,
    events: { type: string; data: Record<string, unknown> }[],
  ): Promise<StoredEvent[] | undefined> {
    return this.db.transaction(async (tx) => {
      const owner = await tx.get(`SELECT 1 AS ok FROM jobs WHERE id = ? AND run_token = ? AND status = 'running'`, [jobId, token]);
      if (!owner) return undefined;
      const stored: StoredEvent[] = [];
      for (const event of events) stored.push(await this.appendEventIn(tx, jobId, event.type, event.data));
      return stored;
    });
  }

  async listEvents(jobId: string, afterSeq: number, limit = 1000, type?: string): Promise<StoredEvent[]> {
    const rows = await this.db.all<{ seq: number; type: string; data: string; created_at: string }>(
      `SELECT seq, type, data, created_at FROM job_events WHERE job_id = ? AND seq > ? ${type ? 'AND type = ?' : ''}
       ORDER BY seq LIMIT ?`,
      type ? [jobId, afterSeq, type, limit] : [jobId, afterSeq, limit],
    );
    return rows.map((r) => ({ seq: Number(r.seq), type: r.type, data: JSON.parse(r.data), createdAt: r.created_at }));
  }

  async lastSeq(jobId: string): Promise<number> {
    const row = await this.db.get<{ last_seq: number }>(`SELECT last_seq FROM jobs WHERE id = ?`, [jobId]);
    return Number(row?.last_seq ?? 0);
  }

  private async recordUsage(
    tx: Queryable,
    job: { id: string; accountId: string; createdAt: string },
    outcome: string,
    billed: boolean,
    files: number,
    lines: number,
  ): Promise<void> {
    await tx.run(
      `INSERT INTO usage_records (job_id, account_id, period, outcome, billed, files_scanned, lines_scanned, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [job.id, job.accountId, periodOf(job.createdAt), outcome, billed ? 1 : 0, files, lines, now()],
    );
  }

  /**
   * Ends a running job exactly once: status, terminal event and usage record
   * commit together, and only for the runner that still holds the job.
   */
  async finishJob(jobId: string, token: string, outcome: FinishOutcome): Promise<StoredEvent | undefined> {
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
      const event = await this.appendEventIn(tx, jobId, outcome.status, outcome.eventData);
      await this.recordUsage(tx, toJob(row), outcome.status, billed, outcome.filesScanned, outcome.linesScanned);
      await tx.run(`DELETE FROM job_files WHERE job_id = ?`, [jobId]);
      return event;
    });
  }

  /** Cancels a queued or running job; 'terminal' when it had already ended. */
  async cancelJob(
    jobId: string,
    reason: string,
  ): Promise<{ outcome: 'cancelled'; event: StoredEvent } | { outcome: 'terminal' | 'missing' }> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<JobRow>(`SELECT * FROM jobs WHERE id = ?`, [jobId]);
      if (!row) return { outcome: 'missing' as const };
      if (TERMINAL_STATUSES.includes(row.status as JobStatus)) return { outcome: 'terminal' as const };
      await tx.run(`UPDATE jobs SET status = 'cancelled', finished_at = ?, error = ?, run_token = NULL WHERE id = ?`, [
        now(),
        reason,
        jobId,
      ]);
      const event = await this.appendEventIn(tx, jobId, 'failed', {
        message: `${reason} A cancelled scan is not billed.`,
        error: 'CANCELLED',
        status: 'cancelled',
      });
      await this.recordUsage(tx, toJob(row), 'cancelled', false, 0, 0);
      await tx.run(`DELETE FROM job_files WHERE job_id = ?`, [jobId]);
      return { outcome: 'cancelled' as const, event };
    });
  }

  // ---- usage ----

  async usage(accountId: string, period: string): Promise<UsageTotals> {
    const totals = await this.db.get<{ billed: number; unbilled: number; files: number; lines: number }>(
      `SELECT CAST(COALESCE(SUM(CASE WHEN billed = 1 THEN 1 ELSE 0 END), 0) AS INTEGER) AS billed,
              CAST(COALESCE(SUM(CASE WHEN billed = 0 THEN 1 ELSE 0 END), 0) AS INTEGER) AS unbilled,
              CAST(COALESCE(SUM(files_scanned), 0) AS INTEGER) AS files,
              CAST(COALESCE(SUM(lines_scanned), 0) AS INTEGER) AS lines
       FROM usage_records WHERE account_id = ? AND period = ?`,
      [accountId, period],
    );
    const { start, end } = periodBounds(period);
    const active = await this.db.get<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM jobs
       WHERE account_id = ? AND status IN ('queued', 'running') AND created_at >= ? AND created_at < ?`,
      [accountId, start, end],
    );
    const billed = Number(totals?.billed ?? 0);
    return {
      period,
      billedScans: billed,
      unbilledScans: Number(totals?.unbilled ?? 0),
      filesScanned: Number(totals?.files ?? 0),
      linesScanned: Number(totals?.lines ?? 0),
      scansCounted: billed + Number(active?.n ?? 0),
    };
  }

  async recentUsage(accountId: string, period: string, limit: number) {
    const rows = await this.db.all<{
      job_id: string;
      outcome: string;
      billed: number;
      files_scanned: number;
      lines_scanned: number;
      recorded_at: string;
    }>(
      `SELECT job_id, outcome, billed, files_scanned, lines_scanned, recorded_at FROM usage_records
       WHERE account_id = ? AND period = ? ORDER BY recorded_at DESC, job_id DESC LIMIT ?`,
      [accountId, period, limit],
    );
    return rows.map((r) => ({
      jobId: r.job_id,
      outcome: r.outcome,
      billed: Boolean(Number(r.billed)),
      filesScanned: Number(r.files_scanned),
      linesScanned: Number(r.lines_scanned),
      recordedAt: r.recorded_at,
    }));
  }
}
