// Accounts: the tenants every key, user, job and usage record belongs to.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { now } from './time.ts';

export interface Account {
  id: string;
  name: string;
  plan: string;
  createdAt: string;
}

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async create(name: string, plan: string): Promise<Account> {
    const account = { id: `acct_${randomUUID().replace(/-/g, '')}`, name, plan, createdAt: now() };
    await this.db.run(`INSERT INTO accounts (id, name, plan, created_at) VALUES (?, ?, ?, ?)`, [
      account.id,
      account.name,
      account.plan,
      account.createdAt,
    ]);
    return account;
  }

  async get(id: string): Promise<Account | undefined> {
    const row = await this.db.get<{ id: string; name: string; plan: string; created_at: string }>(
      `SELECT id, name, plan, created_at FROM accounts WHERE id = ?`,
      [id],
    );
    return row && { id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at };
  }

  async first(): Promise<Account | undefined> {
    const row = await this.db.get<{ id: string }>(`SELECT id FROM accounts ORDER BY created_at, id LIMIT 1`);
    return row && this.get(row.id);
  }

  async count(): Promise<number> {
    const row = await this.db.get<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM accounts`);
    return Number(row?.n ?? 0);
  }
}
