// A job's event log: numbered from 1 per job, appended in the same transaction
// that changes the job, and read back for SSE replay.
import type { Db, Queryable } from './db.ts';
import { now } from './time.ts';

export interface StoredEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/** Appends one event inside `tx`, taking the job's next sequence number. */
export async function appendEventIn(tx: Queryable, jobId: string, type: string, data: Record<string, unknown>): Promise<StoredEvent> {
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

export class EventRepository {
  constructor(private readonly db: Db) {}

  /** Appends events of a running job; nothing is written once the runner has lost the job. */
  async appendForRun(
    jobId: string,
    token: string,
    events: { type: string; data: Record<string, unknown> }[],
  ): Promise<StoredEvent[] | undefined> {
    return this.db.transaction(async (tx) => {
      const owner = await tx.get(`SELECT 1 AS ok FROM jobs WHERE id = ? AND run_token = ? AND status = 'running'`, [jobId, token]);
      if (!owner) return undefined;
      const stored: StoredEvent[] = [];
      for (const event of events) stored.push(await appendEventIn(tx, jobId, event.type, event.data));
      return stored;
    });
  }

  async list(jobId: string, afterSeq: number, limit = 1000, type?: string): Promise<StoredEvent[]> {
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
}
