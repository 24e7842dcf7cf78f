// Triage: findings dismissed as a false positive, an accepted risk or won't fix,
// kept per account, repository and finding id. The id comes from the finding's
// fingerprint (rule, file and code, not the line), so a dismissal holds for every
// later scan of the repository, also when the code around it moves.
import type { Db } from './db.ts';
import { now } from './time.ts';

export const DISMISSAL_STATUSES = ['false_positive', 'accepted_risk', 'wont_fix'] as const;
export type DismissalStatus = (typeof DISMISSAL_STATUSES)[number];

export interface Dismissal {
  status: DismissalStatus;
  reason: string;
  /** Who dismissed it: a dashboard user's email, or `key:<key id>` for the API. */
  by: string;
  at: string;
}

export class DismissalRepository {
  constructor(private readonly db: Db) {}

  /** Dismisses a finding, or changes an existing dismissal. */
  async set(accountId: string, repository: string, findingId: string, input: Omit<Dismissal, 'at'>): Promise<Dismissal> {
    const dismissal = { ...input, at: now() };
    await this.db.transaction(async (tx) => {
      await tx.run(`DELETE FROM finding_dismissals WHERE account_id = ? AND repository = ? AND finding_id = ?`, [accountId, repository, findingId]);
      await tx.run(
        `INSERT INTO finding_dismissals (account_id, repository, finding_id, status, reason, dismissed_by, dismissed_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [accountId, repository, findingId, dismissal.status, dismissal.reason, dismissal.by, dismissal.at],
      );
    });
    return dismissal;
  }

  /** Reopens a finding; false when it was not dismissed. */
  async remove(accountId: string, repository: string, findingId: string): Promise<boolean> {
    const result = await this.db.run(`DELETE FROM finding_dismissals WHERE account_id = ? AND repository = ? AND finding_id = ?`, [
      accountId,
      repository,
      findingId,
    ]);
    return result.changes > 0;
  }

  /** Every dismissal of a repository, by finding id. */
  async of(accountId: string, repository: string): Promise<Map<string, Dismissal>> {
    const rows = await this.db.all<{ finding_id: string; status: string; reason: string; dismissed_by: string; dismissed_at: string }>(
      `SELECT finding_id, status, reason, dismissed_by, dismissed_at FROM finding_dismissals WHERE account_id = ? AND repository = ?`,
      [accountId, repository],
    );
    return new Map(rows.map((r) => [r.finding_id, { status: r.status as DismissalStatus, reason: r.reason, by: r.dismissed_by, at: r.dismissed_at }]));
  }
}

/** A finding as results show it: with `dismissal` (null while open). */
export function withDismissals<T extends { id: unknown }>(findings: T[], dismissals: Map<string, Dismissal>): (T & { dismissal: Dismissal | null })[] {
  return findings.map((f) => ({ ...f, dismissal: dismissals.get(String(f.id)) ?? null }));
}
