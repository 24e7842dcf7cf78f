// Dashboard sessions: kept by the hash of the cookie's token, with the session's CSRF
// secret beside it.
//
// The column is still named csrf_token: it held a CSRF token when the dashboard compared
// tokens itself; since @fastify/csrf-protection it holds the secret tokens are made from.
// The value is used the same way (one per session, server-side only), so renaming the
// column would be a migration on every SQLite and PostgreSQL database for a name alone.
import type { Db } from './db.ts';
import { now } from './time.ts';
import type { Role } from './users.ts';

export interface DashboardSession {
  userId: string;
  accountId: string;
  email: string;
  /** The secret @fastify/csrf-protection makes the session's CSRF tokens from; never sent to the browser. */
  csrfSecret: string;
  /** Read from the user at every request, so a role change applies at once. */
  role: Role;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(input: { tokenHash: string; userId: string; accountId: string; csrfSecret: string; expiresAt: string }): Promise<void> {
    await this.db.run(
      `INSERT INTO dashboard_sessions (token_hash, user_id, account_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [input.tokenHash, input.userId, input.accountId, input.csrfSecret, now(), input.expiresAt],
    );
  }

  /** The live session for a token hash; an expired one is no session. */
  async get(tokenHash: string): Promise<DashboardSession | undefined> {
    const row = await this.db.get<{ user_id: string; account_id: string; email: string; csrf_token: string; is_admin: number }>(
      `SELECT s.user_id, s.account_id, u.email, s.csrf_token, u.is_admin FROM dashboard_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND u.disabled_at IS NULL`,
      [tokenHash, now()],
    );
    return (
      row && {
        userId: row.user_id,
        accountId: row.account_id,
        email: row.email,
        csrfSecret: row.csrf_token,
        role: Number(row.is_admin) ? 'admin' : 'member',
      }
    );
  }

  /** Ends every session of a user (a new password), except `keep` (the one that changed it). */
  async deleteForUser(userId: string, keep?: string): Promise<number> {
    const result = keep
      ? await this.db.run(`DELETE FROM dashboard_sessions WHERE user_id = ? AND token_hash <> ?`, [userId, keep])
      : await this.db.run(`DELETE FROM dashboard_sessions WHERE user_id = ?`, [userId]);
    return result.changes;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.run(`DELETE FROM dashboard_sessions WHERE token_hash = ?`, [tokenHash]);
  }
}
