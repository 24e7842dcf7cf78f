// One small query interface over SQLite (better-sqlite3) and PostgreSQL (pg).
// SQL is written once with `?` placeholders in the common subset of both
// dialects; the PostgreSQL adapter renumbers them to $1, $2, ….
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

export type Param = string | number | null;
export type Dialect = 'sqlite' | 'postgres';

export interface Queryable {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: Param[]): Promise<T[]>;
  get<T>(sql: string, params?: Param[]): Promise<T | undefined>;
  run(sql: string, params?: Param[]): Promise<{ changes: number }>;
  /**
   * PostgreSQL only: runs SQL as written ($1 placeholders) on the same connection, so a
   * library that takes an `executeSql` (pg-boss) can join this transaction.
   */
  readonly executeSql?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs `work` with a lock that serialises it across every process sharing the database. */
  withExclusiveLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

class SqliteDb implements Db {
  readonly dialect = 'sqlite' as const;
  private readonly db: Database.Database;
  /** better-sqlite3 has one connection: statements issued while a transaction is open wait for it. */
  private txTail: Promise<void> = Promise.resolve();
  private txOpen = false;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('foreign_keys = ON');
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private direct(): Queryable {
    return {
      dialect: 'sqlite',
      all: async <T>(sql: string, params: Param[] = []) => this.prepare(sql).all(...params) as T[],
      get: async <T>(sql: string, params: Param[] = []) => this.prepare(sql).get(...params) as T | undefined,
      run: async (sql: string, params: Param[] = []) => ({ changes: this.prepare(sql).run(...params).changes }),
    };
  }

  private async waitForTransaction(): Promise<void> {
    while (this.txOpen) await this.txTail;
  }

  async all<T>(sql: string, params: Param[] = []): Promise<T[]> {
    if (this.txOpen) await this.waitForTransaction();
    return this.prepare(sql).all(...params) as T[];
  }

  async get<T>(sql: string, params: Param[] = []): Promise<T | undefined> {
    if (this.txOpen) await this.waitForTransaction();
    return this.prepare(sql).get(...params) as T | undefined;
  }

  async run(sql: string, params: Param[] = []): Promise<{ changes: number }> {
    if (this.txOpen) await this.waitForTransaction();
    return { changes: this.prepare(sql).run(...params).changes };
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    await this.waitForTransaction();
    this.txOpen = true;
    let release!: () => void;
    this.txTail = new Promise<void>((resolve) => (release = resolve));
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(this.direct());
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        this.db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.txOpen = false;
      release();
    }
  }

  async withExclusiveLock<T>(_name: string, work: () => Promise<T>): Promise<T> {
    // One embedded server per database file: nothing else to exclude.
    return work();
  }

  async close(): Promise<void> {
    await this.waitForTransaction();
    this.db.close();
  }
}

function ignoreConnectionError(): void {}

function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function pgQueryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params: Param[] = []) =>
      (await client.query(numberPlaceholders(sql), params)).rows as T[],
    get: async <T>(sql: string, params: Param[] = []) =>
      (await client.query(numberPlaceholders(sql), params)).rows[0] as T | undefined,
    run: async (sql: string, params: Param[] = []) => ({
      changes: (await client.query(numberPlaceholders(sql), params)).rowCount ?? 0,
    }),
    executeSql: async (text: string, values: unknown[] = []) => ({ rows: (await client.query(text, values)).rows }),
  };
}

class PostgresDb implements Db {
  readonly dialect = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly plain: Queryable;

  constructor(connectionString: string) {
    // Bounded waits: a query caught in a database restart fails (and is retried) instead of hanging.
    this.pool = new pg.Pool({
      connectionString,
      max: 10,
      connectionTimeoutMillis: 10_000,
      query_timeout: 30_000,
      keepAlive: true,
    });
    // A restarting database kills idle connections; the pool replaces them, so the error is not fatal.
    this.pool.on('error', () => {});
    this.plain = pgQueryable(this.pool);
  }

  all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return this.plain.all<T>(sql, params);
  }
  get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return this.plain.get<T>(sql, params);
  }
  run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return this.plain.run(sql, params);
  }

  /** A checked-out client reports a dropped connection on itself, not on the pool: the next query fails instead. */
  private async checkout(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    client.on('error', ignoreConnectionError);
    return client;
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.checkout();
    try {
      await client.query('BEGIN');
      const result = await work(pgQueryable(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.removeListener('error', ignoreConnectionError);
      client.release();
    }
  }

  async withExclusiveLock<T>(name: string, work: () => Promise<T>): Promise<T> {
    const client = await this.checkout();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } finally {
      client.removeListener('error', ignoreConnectionError);
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The SQLite file a configuration uses, or undefined when it names PostgreSQL. */
export function embeddedDatabaseFile(options: { databaseUrl?: string; dataDir: string }): string | undefined {
  return options.databaseUrl ? undefined : path.join(options.dataDir, 'scanner.db');
}

export function openDb(options: { databaseUrl?: string; dataDir: string }): Db {
  const file = embeddedDatabaseFile(options);
  if (!file) return new PostgresDb(options.databaseUrl!);
  // The database holds key hashes, password hashes and sessions: readable by its owner only.
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  ownerOnly(file);
  return new SqliteDb(file);
}

/**
 * Creates the database file with mode 600 (SQLite then gives its -wal and -shm files the
 * same mode) and narrows a file an older version left readable by others.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  if (process.platform === 'win32') return;
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(part) && (statSync(part).mode & 0o077) !== 0) chmodSync(part, 0o600);
  }
}

export function isPostgres(db: Db): db is Db & { pool: pg.Pool } {
  return db.dialect === 'postgres';
}
