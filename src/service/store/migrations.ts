// The one set of migrations for both databases. Statements use only the SQL
// both dialects share (TEXT ids and ISO timestamps, INTEGER flags and counts).
import type { Db } from './db.ts';

interface Migration {
  id: number;
  name: string;
  statements: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'accounts, keys, users, jobs, events, usage',
    statements: [
      `CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        plan TEXT NOT NULL,
        created_at TEXT NOT NULL)`,
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        key_prefix TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT)`,
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        is_admin INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL)`,
      `CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        progress INTEGER NOT NULL DEFAULT 0,
        repository TEXT NOT NULL,
        ref TEXT,
        commit_sha TEXT,
        options TEXT NOT NULL,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        billed INTEGER NOT NULL DEFAULT 0,
        summary TEXT,
        error TEXT,
        run_token TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_seq INTEGER NOT NULL DEFAULT 0)`,
      `CREATE INDEX jobs_by_account ON jobs (account_id, created_at, id)`,
      `CREATE INDEX jobs_by_status ON jobs (status)`,
      `CREATE TABLE job_files (
        job_id TEXT NOT NULL REFERENCES jobs(id),
        path TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (job_id, path))`,
      `CREATE TABLE job_events (
        job_id TEXT NOT NULL REFERENCES jobs(id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (job_id, seq))`,
      `CREATE TABLE usage_records (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id),
        account_id TEXT NOT NULL REFERENCES accounts(id),
        period TEXT NOT NULL,
        outcome TEXT NOT NULL,
        billed INTEGER NOT NULL,
        files_scanned INTEGER NOT NULL,
        lines_scanned INTEGER NOT NULL,
        recorded_at TEXT NOT NULL)`,
      `CREATE INDEX usage_by_account ON usage_records (account_id, period)`,
    ],
  },
  {
    id: 2,
    name: 'dashboard sessions and sign-in attempts',
    statements: [
      `CREATE TABLE dashboard_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        account_id TEXT NOT NULL REFERENCES accounts(id),
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL)`,
      `CREATE TABLE signin_attempts (
        attempt_key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        locked_until TEXT,
        updated_at TEXT NOT NULL)`,
    ],
  },
  {
    id: 3,
    name: 'who created each API key (members may revoke only their own)',
    statements: [`ALTER TABLE api_keys ADD COLUMN created_by TEXT REFERENCES users(id)`],
  },
  {
    id: 4,
    name: 'finding dismissals per repository',
    statements: [
      `CREATE TABLE finding_dismissals (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        repository TEXT NOT NULL,
        finding_id TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT NOT NULL,
        dismissed_by TEXT NOT NULL,
        dismissed_at TEXT NOT NULL,
        PRIMARY KEY (account_id, repository, finding_id))`,
    ],
  },
  {
    id: 5,
    name: 'dashboard users can be disabled',
    statements: [`ALTER TABLE users ADD COLUMN disabled_at TEXT`],
  },
];

export async function migrate(db: Db): Promise<void> {
  await db.withExclusiveLock('scanner-migrations', async () => {
    await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const applied = new Set((await db.all<{ id: number }>(`SELECT id FROM schema_migrations`)).map((r) => Number(r.id)));
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      await db.transaction(async (tx) => {
        for (const statement of migration.statements) await tx.run(statement);
        await tx.run(`INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)`, [
          migration.id,
          migration.name,
          new Date().toISOString(),
        ]);
      });
    }
  });
}
