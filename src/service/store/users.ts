// Dashboard users: an email and a password hash per person, each in one account.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { hashPassword } from '../secrets.ts';
import { now } from './time.ts';

export interface UserLogin {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  admin: boolean;
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

  async findByEmail(email: string): Promise<UserLogin | undefined> {
    const row = await this.db.get<{ id: string; account_id: string; email: string; password_hash: string; is_admin: number }>(
      `SELECT id, account_id, email, password_hash, is_admin FROM users WHERE email = ?`,
      [email.toLowerCase()],
    );
    return row && { id: row.id, accountId: row.account_id, email: row.email, passwordHash: row.password_hash, admin: Boolean(Number(row.is_admin)) };
  }
}
