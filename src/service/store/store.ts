// The service's query layer on SQLite or PostgreSQL alike: one repository per
// concern over one database handle, and the one place a database is opened and migrated.
import { AccountRepository } from './accounts.ts';
import { openDb, type Db } from './db.ts';
import { DismissalRepository } from './dismissals.ts';
import { EventRepository } from './events.ts';
import { JobRepository } from './jobs.ts';
import { ApiKeyRepository } from './keys.ts';
import { migrate } from './migrations.ts';
import { SessionRepository } from './sessions.ts';
import { SigninLockoutRepository } from './signin-lockout.ts';
import { UsageRepository } from './usage.ts';
import { UserRepository } from './users.ts';

export type { Account } from './accounts.ts';
export type { ApiKeyInfo } from './keys.ts';
export type { Role, UserInfo, UserLogin } from './users.ts';
export type { DashboardSession } from './sessions.ts';
export { JOB_STATUSES, TERMINAL_STATUSES, type FinishOutcome, type JobKind, type JobRecord, type JobStatus, type NewJob } from './jobs.ts';
export type { StoredEvent } from './events.ts';
export { DISMISSAL_STATUSES, withDismissals, type Dismissal, type DismissalStatus } from './dismissals.ts';
export type { UsageRecord, UsageTotals } from './usage.ts';
export { periodBounds, periodOf } from './time.ts';

export class Store {
  readonly accounts: AccountRepository;
  readonly keys: ApiKeyRepository;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly signins: SigninLockoutRepository;
  readonly jobs: JobRepository;
  readonly events: EventRepository;
  readonly usage: UsageRepository;
  readonly dismissals: DismissalRepository;

  constructor(readonly db: Db) {
    this.accounts = new AccountRepository(db);
    this.keys = new ApiKeyRepository(db, this.accounts);
    this.users = new UserRepository(db);
    this.sessions = new SessionRepository(db);
    this.signins = new SigninLockoutRepository(db);
    this.jobs = new JobRepository(db);
    this.events = new EventRepository(db);
    this.usage = new UsageRepository(db);
    this.dismissals = new DismissalRepository(db);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** Opens the database a configuration names and brings its schema up to date. */
export async function openMigratedStore(options: { databaseUrl?: string; dataDir: string }): Promise<Store> {
  const db = openDb(options);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return new Store(db);
}
