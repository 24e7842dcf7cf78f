// Assembles a service process: store, event hub, queue, runner and HTTP app.
// `startServer` is `scanner serve`; `startWorker` is `scanner worker`.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadServiceConfig, type ServiceConfig, type ServiceConfigInput } from './config.ts';
import { WatcherRegistry, type ServiceContext } from './context.ts';
import { EventHub, LocalTransport, PostgresTransport, type PokeTransport } from './events.ts';
import { checkGitHosts, type HostCheck } from './git-hosts.ts';
import { createLogger, type Logger } from './logger.ts';
import { PgBossQueue } from './pgboss-queue.ts';
import { InProcessQueue, lanesOf, type JobQueue } from './queue.ts';
import { cancelAbandoned } from './routes/events.ts';
import { ScanRunner } from './runner.ts';
import { closeScanThreads } from './scan-thread.ts';
import { isPostgres } from './store/db.ts';
import { openMigratedStore, type Store } from './store/store.ts';

export interface Core {
  config: ServiceConfig;
  store: Store;
  hub: EventHub;
  queue: JobQueue;
  log: Logger;
  close(): Promise<void>;
}

/** Opens the store (migrated), the event hub and the queue for either backend. */
export async function openCore(config: ServiceConfig, log: Logger): Promise<Core> {
  const store = await openMigratedStore(config);
  const db = store.db;
  let transport: PokeTransport;
  if (isPostgres(db)) {
    const pgTransport = new PostgresTransport(db.pool, config.databaseUrl!, (message, error) =>
      log.warn({ err: error ? String(error) : undefined }, message),
    );
    await pgTransport.start();
    transport = pgTransport;
  } else {
    transport = new LocalTransport();
  }
  // With PostgreSQL a NOTIFY can be lost while the database restarts: followers also poll.
  const hub = new EventHub(store, transport, { pollMs: isPostgres(db) ? 2000 : undefined, log });
  let queue: JobQueue;
  if (isPostgres(db)) {
    const boss = new PgBossQueue(config.databaseUrl!, config, store, hub, log);
    await boss.start();
    queue = boss;
  } else {
    queue = new InProcessQueue(store, hub, log, config.queueRetryLimit);
  }
  return {
    config,
    store,
    hub,
    queue,
    log,
    async close() {
      await hub.close();
      await db.close();
    },
  };
}

/** Just the migrated store, for administrative commands (keys, users). */
export async function openStore(options: ServiceConfigInput = {}): Promise<{ store: Store; config: ServiceConfig; close(): Promise<void> }> {
  const config = loadServiceConfig(options);
  const store = await openMigratedStore(config);
  return { store, config, close: () => store.close() };
}

/**
 * On an empty database: the first account, an admin login, and how to get a key. API
 * processes started together on one PostgreSQL database take turns, so only the first
 * creates them.
 */
export async function bootstrap(core: Pick<Core, 'store' | 'config'>, print: (line: string) => void, command = 'scanner'): Promise<void> {
  const created = await core.store.db.withExclusiveLock('scanner-bootstrap', async () => {
    if ((await core.store.accounts.count()) > 0) return undefined;
    const account = await core.store.accounts.create('default', core.config.defaultPlan);
    const password = randomBytes(12).toString('base64url');
    await core.store.users.create({ email: 'admin@localhost', password, admin: true, accountId: account.id });
    return { account, password };
  });
  if (!created) return;
  const { account, password } = created;
  const where = core.config.databaseUrl ? '' : ` --data-dir ${JSON.stringify(core.config.dataDir)}`;
  print(`Created the first account (${account.id}, plan "${account.plan}") and an admin login:`);
  print(`  email: admin@localhost  password: ${password}  (shown once)`);
  print(`Create an API key for it with:  ${command} keys create --name my-key${where}`);
}

/**
 * Checks the configured git hosts and logs what it finds: a host that does not answer, a
 * deploy key others can read, a token variable that is not set. Only logged: the process
 * keeps running (the host may come back, the key file may be fixed, and scans of the other
 * hosts work meanwhile); an invalid configuration stops it before this.
 */
export async function reportGitHosts(config: ServiceConfig, log: Logger): Promise<HostCheck[]> {
  if (!config.checkHostsAtStart) return [];
  const checks = await checkGitHosts(config.hosts, { timeoutMs: config.hostCheckTimeoutMs });
  for (const check of checks) {
    if (check.ok) log.info({ host: check.url, kind: check.kind, status: check.status }, 'git host reachable');
    else log.warn({ host: check.url, kind: check.kind, problems: check.problems }, `git host ${check.url} has a problem: ${check.problems.join('; ')}`);
  }
  return checks;
}

export interface RunningServer {
  url: string;
  port: number;
  core: Core;
  /** The start-up check of the git hosts (logged as it ends); empty when none were configured. */
  hostsChecked: Promise<HostCheck[]>;
  /** Graceful: stop accepting, end SSE streams, let scans finish or hand them back. */
  close(): Promise<void>;
}

export interface StartOptions extends ServiceConfigInput {
  /** Print bootstrap instructions (CLI); tests pass their own sink. */
  print?: (line: string) => void;
  /** How the user runs this installation's CLI (`scanner`, `node bin/scanner.js`…), for the commands the instructions name. */
  command?: string;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadServiceConfig(options);
  const log = createLogger(config.logLevel);
  const core = await openCore(config, log);
  await bootstrap(core, options.print ?? ((line) => process.stdout.write(line + '\n')), options.command);
  const { buildApp } = await import('./app.ts');
  const ctx: ServiceContext = {
    ...core,
    openStreams: new Set(),
    watchers: new WatcherRegistry(config.autoCancelGraceMs, (jobId) => cancelAbandoned(ctx, jobId), log),
  };
  const app = await buildApp(ctx);
  const runner = new ScanRunner(core.store, core.hub, config, log);
  await runner.removeAbandonedClones();
  await app.listen({ host: config.host, port: config.port });
  await core.queue.startWorking(runner, lanesOf(config));
  const port = (app.server.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  log.info({ url: `${url}/api/v1`, store: core.store.db.dialect, queue: core.queue.name }, 'scanner service listening');
  const hostsChecked = reportGitHosts(config, log).catch((error: unknown) => {
    log.warn({ err: String(error) }, 'could not check the git hosts');
    return [];
  });
  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    core,
    hostsChecked,
    close() {
      closing ??= (async () => {
        ctx.watchers.stop();
        const closed = app.close();
        for (const stream of ctx.openStreams) stream.end();
        await closed;
        await core.queue.stop(config.shutdownGraceMs);
        await closeScanThreads();
        await core.close();
        log.info('scanner service stopped');
      })();
      return closing;
    },
  };
}

export interface RunningWorker {
  core: Core;
  close(): Promise<void>;
}

export async function startWorker(options: ServiceConfigInput = {}): Promise<RunningWorker> {
  const config = loadServiceConfig(options);
  if (!config.databaseUrl) throw new Error('scanner worker needs DATABASE_URL=postgres://…');
  const log = createLogger(config.logLevel, 'scanner-worker');
  const core = await openCore(config, log);
  const runner = new ScanRunner(core.store, core.hub, config, log);
  await runner.removeAbandonedClones();
  const lanes = { ...lanesOf(config), scans: Math.max(1, config.scanConcurrency) };
  await core.queue.startWorking(runner, lanes);
  log.info({ concurrency: lanes.scans, clones: lanes.clones }, 'scanner worker taking scans');
  void reportGitHosts(config, log).catch((error: unknown) => log.warn({ err: String(error) }, 'could not check the git hosts'));
  let closing: Promise<void> | null = null;
  return {
    core,
    close() {
      closing ??= (async () => {
        await core.queue.stop(config.shutdownGraceMs);
        await closeScanThreads();
        await core.close();
      })();
      return closing;
    },
  };
}

/** Stops gracefully on SIGINT/SIGTERM; a second signal exits at once. */
export function closeOnSignals(close: () => Promise<void>, log?: Logger): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(130);
    signalled = true;
    log?.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
