// API keys: only a hash and a display prefix are kept; the key itself is shown once.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import type { Account, AccountRepository } from './accounts.ts';
import { generateApiKey, hashApiKey } from '../secrets.ts';
import { now } from './time.ts';

export interface ApiKeyInfo {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** The dashboard user who created the key; null for keys made with the CLI. */
  createdBy: string | null;
}

export class ApiKeyRepository {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountRepository,
  ) {}

  async create(accountId: string, name: string, createdBy: string | null = null): Promise<{ info: ApiKeyInfo; key: string }> {
    const key = generateApiKey();
    const info: ApiKeyInfo = {
      id: `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      accountId,
      name,
      prefix: key.slice(0, 12),
      createdAt: now(),
      lastUsedAt: null,
      revokedAt: null,
      createdBy,
    };
    await this.db.run(
      `INSERT INTO api_keys (id, account_id, name, key_hash, key_prefix, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [info.id, accountId, name, hashApiKey(key), info.prefix, info.createdAt, createdBy],
    );
    return { info, key };
  }

  async list(accountId?: string): Promise<ApiKeyInfo[]> {
    const rows = await this.db.all<{
      id: string;
      account_id: string;
      name: string;
      key_prefix: string;
      created_at: string;
      last_used_at: string | null;
      revoked_at: string | null;
      created_by: string | null;
    }>(
      `SELECT id, account_id, name, key_prefix, created_at, last_used_at, revoked_at, created_by FROM api_keys
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
      createdBy: r.created_by,
    }));
  }

  async revoke(id: string): Promise<boolean> {
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
    const account = await this.accounts.get(row.account_id);
    return account && { account, keyId: row.id, lastUsedAt: row.last_used_at };
  }

  async touch(id: string): Promise<void> {
    await this.db.run(`UPDATE api_keys SET last_used_at = ? WHERE id = ?`, [now(), id]);
  }
}
