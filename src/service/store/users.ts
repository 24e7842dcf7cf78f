// Dashboard users: an email and a password hash per person, each in one account.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db.ts';
import { hashPassword } from '../secrets.ts';
import { now } from './time.ts';

export interface UserLogin {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  admin: boolean;
  /** A disabled user cannot sign in, and their sessions no longer work. */
  disabled: boolean;
}

/**
 * What a dashboard user may do: an admin manages the account (users and their roles,
 * every API key); a member scans, reads results and usage, and manages their own keys.
 */
export type Role = 'admin' | 'member';

export interface UserInfo {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  disabled: boolean;
}

export class UserRepository {
  constructor(private readonly db: Db) {}

  async create(input: { email: string; password: string; admin: boolean; accountId: string }): Promise<{ id: string }> {
    const id = `user_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await this.db.run(
      `INSERT INTO users (id, account_id, email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [id, input.accountId, input.email.toLowerCase(), await hashPassword(input.password), input.admin ? 1 : 0, now()],
    );
    return { id };
  }

  async count(): Promise<number> {
    const row = await this.db.get<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM users`);
    return Number(row?.n ?? 0);
  }

  async list(accountId: string): Promise<UserInfo[]> {
    const rows = await this.db.all<{ id: string; email: string; is_admin: number; created_at: string; disabled_at: string | null }>(
      `SELECT id, email, is_admin, created_at, disabled_at FROM users WHERE account_id = ? ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map((r) => ({ id: r.id, email: r.email, role: Number(r.is_admin) ? 'admin' : 'member', createdAt: r.created_at, disabled: r.disabled_at !== null }));
  }

  /**
   * Changes a user's role within the account. Refused ('last-admin') when it would
   * leave the account without an admin; the check and the change are one transaction.
   */
  async setRole(accountId: string, userId: string, role: Role): Promise<'changed' | 'missing' | 'last-admin'> {
    return this.db.transaction(async (tx) => {
      const user = await tx.get<{ is_admin: number }>(`SELECT is_admin FROM users WHERE id = ? AND account_id = ?`, [userId, accountId]);
      if (!user) return 'missing';
      if (role === 'member' && Number(user.is_admin)) {
        if ((await activeAdmins(tx, accountId, userId)) === 0) return 'last-admin';
      }
      await tx.run(`UPDATE users SET is_admin = ? WHERE id = ?`, [role === 'admin' ? 1 : 0, userId]);
      return 'changed';
    });
  }

  /**
   * Disables a user (no sign-in, sessions stop working; their API keys stay the account's)
   * or enables them again. Refused ('last-admin') when it would leave no enabled admin.
   */
  async setDisabled(accountId: string, userId: string, disabled: boolean): Promise<'changed' | 'missing' | 'last-admin'> {
    return this.db.transaction(async (tx) => {
      const user = await tx.get<{ is_admin: number }>(`SELECT is_admin FROM users WHERE id = ? AND account_id = ?`, [userId, accountId]);
      if (!user) return 'missing';
      if (disabled && Number(user.is_admin) && (await activeAdmins(tx, accountId, userId)) === 0) return 'last-admin';
      await tx.run(`UPDATE users SET disabled_at = ? WHERE id = ?`, [disabled ? now() : null, userId]);
      return 'changed';
    });
  }

  /** Sets a user's password (stored as its scrypt hash); false when the account has no such user. */
  async setPassword(accountId: string, userId: string, password: string): Promise<boolean> {
    const result = await this.db.run(`UPDATE users SET password_hash = ? WHERE id = ? AND account_id = ?`, [await hashPassword(password), userId, accountId]);
    return result.changes > 0;
  }

  async findByEmail(email: string): Promise<UserLogin | undefined> {
    const row = await this.db.get<{ id: string; account_id: string; email: string; password_hash: string; is_admin: number; disabled_at: string | null }>(
      `SELECT id, account_id, email, password_hash, is_admin, disabled_at FROM users WHERE email = ?`,
      [email.toLowerCase()],
    );
    return (
      row && {
        id: row.id,
        accountId: row.account_id,
        email: row.email,
        passwordHash: row.password_hash,
        admin: Boolean(Number(row.is_admin)),
        disabled: row.disabled_at !== null,
      }
    );
  }
}

/** Enabled admins of the account other than `except`. */
async function activeAdmins(tx: Queryable, accountId: string, except: string): Promise<number> {
  const row = await tx.get<{ n: number }>(
    `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM users WHERE account_id = ? AND is_admin = 1 AND disabled_at IS NULL AND id <> ?`,
    [accountId, except],
  );
  return Number(row?.n ?? 0);
}
