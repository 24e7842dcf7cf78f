// Failed dashboard sign-ins per attempt key, and the lock they lead to.
import type { Db } from './db.ts';
import { now } from './time.ts';

export class SigninLockoutRepository {
  constructor(private readonly db: Db) {}

  async attempts(key: string): Promise<{ failures: number; lockedUntil: string | null } | undefined> {
    const row = await this.db.get<{ failures: number; locked_until: string | null }>(
      `SELECT failures, locked_until FROM signin_attempts WHERE attempt_key = ?`,
      [key],
    );
    return row && { failures: Number(row.failures), lockedUntil: row.locked_until };
  }

  async recordFailure(key: string, failures: number, lockedUntil: string | null): Promise<void> {
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

  async clear(key: string): Promise<void> {
    await this.db.run(`DELETE FROM signin_attempts WHERE attempt_key = ?`, [key]);
  }
}
