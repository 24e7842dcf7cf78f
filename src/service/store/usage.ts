// Usage: one record per ended job (billed or not), summed per calendar month.
import type { Db, Queryable } from './db.ts';
import { now, periodBounds, periodOf } from './time.ts';

export interface UsageTotals {
  period: string;
  billedScans: number;
  unbilledScans: number;
  filesScanned: number;
  linesScanned: number;
  /** Scans started this period that count against the plan: completed, queued or running. */
  scansCounted: number;
}

export interface UsageRecord {
  jobId: string;
  outcome: string;
  billed: boolean;
  filesScanned: number;
  linesScanned: number;
  recordedAt: string;
}

/** Records a job's end inside `tx`, in the period the job was created in. */
export async function recordUsageIn(
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

export class UsageRepository {
  constructor(private readonly db: Db) {}

  async totals(accountId: string, period: string): Promise<UsageTotals> {
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

  /** The period's records, newest first; `before` continues after the last record of a previous page. */
  async recent(accountId: string, period: string, limit: number, before?: { recordedAt: string; jobId: string }): Promise<UsageRecord[]> {
    const rows = await this.db.all<{
      job_id: string;
      outcome: string;
      billed: number;
      files_scanned: number;
      lines_scanned: number;
      recorded_at: string;
    }>(
      `SELECT job_id, outcome, billed, files_scanned, lines_scanned, recorded_at FROM usage_records
       WHERE account_id = ? AND period = ?${before ? ' AND (recorded_at < ? OR (recorded_at = ? AND job_id < ?))' : ''}
       ORDER BY recorded_at DESC, job_id DESC LIMIT ?`,
      before ? [accountId, period, before.recordedAt, before.recordedAt, before.jobId, limit] : [accountId, period, limit],
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

  /** Scans started per UTC day since `since` (ISO), for the usage chart. */
  async scansPerDay(accountId: string, since: string): Promise<{ day: string; scans: number }[]> {
    const rows = await this.db.all<{ day: string; n: number }>(
      `SELECT SUBSTR(created_at, 1, 10) AS day, CAST(COUNT(*) AS INTEGER) AS n FROM jobs
       WHERE account_id = ? AND created_at >= ? GROUP BY SUBSTR(created_at, 1, 10) ORDER BY day`,
      [accountId, since],
    );
    return rows.map((r) => ({ day: r.day, scans: Number(r.n) }));
  }
}
