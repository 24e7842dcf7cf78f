// Real components for the service tests: a PostgreSQL cluster in a temp dir,
// git repositories served over smart HTTP on loopback, and the service itself.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync, chownSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ScannerClient } from '../../src/client/index.ts';
import type { ServiceConfigInput } from '../../src/service/config.ts';
import { startServer, type RunningServer } from '../../src/service/service.ts';

const run = promisify(execFile);

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `scanner-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// A port for a server another process will bind (a service, PostgreSQL), so it cannot be
// held open here. Asking the kernel (listen on 0, close) left a window in which an outgoing
// connection or another test process took the port. These come from below the kernel's
// ephemeral range, which outgoing connections never get, and each is claimed with a lock
// file (its owner's pid) for the life of this process, so parallel test processes never
// pick the same one.
const PORT_LOCKS = path.join(tmpdir(), 'scanner-test-ports');
const EPHEMERAL_LOW = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768; // not Linux: its usual lower bound
  }
})();
const claimedPorts: string[] = [];
process.once('exit', () => claimedPorts.forEach((lock) => rmSync(lock, { force: true })));

function claimPort(port: number): boolean {
  const lock = path.join(PORT_LOCKS, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      claimedPorts.push(lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A lock whose process is gone is stale.
    const owner = Number(readFileSync(lock, 'utf8'));
    try {
      process.kill(owner, 0);
      return false;
    } catch {
      rmSync(lock, { force: true });
    }
  }
  return false;
}

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  mkdirSync(PORT_LOCKS, { recursive: true });
  const low = Math.min(20000, EPHEMERAL_LOW - 1000);
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = low + Math.floor(Math.random() * (EPHEMERAL_LOW - low));
    if (claimPort(port) && (await canListen(port))) return port;
  }
  throw new Error(`no free port below ${EPHEMERAL_LOW}`);
}

// ---------- PostgreSQL ----------

export function findPostgresBin(): string | undefined {
  const candidates = [process.env.PG_BIN, ...(existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse().map((v) => `/usr/lib/postgresql/${v}/bin`) : [])];
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')));
}

export interface PostgresCluster {
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** initdb + pg_ctl on a free loopback port; as root the cluster runs as the postgres user. */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found; install the postgresql package');
  const { dir, remove } = tempDir('pg');
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chmodSync(dir, 0o755);
    chownSync(dir, uid, gid);
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir })
      : run(path.join(bin, tool), args, { cwd: dir });
  await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c full_page_writes=off`;
  const start = () => pgRun('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stopServer = (mode: string) => pgRun('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  await start();
  // A test run that dies must not leave a database server behind.
  const stopOnExit = () => {
    try {
      const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
    } catch {
      // already stopped
    }
    remove();
  };
  process.once('exit', stopOnExit);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      await pgRun('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return url(name);
    },
    async restart() {
      await stopServer('immediate');
      await start();
    },
    async stop() {
      process.removeListener('exit', stopOnExit);
      await stopServer('immediate').catch(() => {});
      remove();
    },
  };
}

// ---------- git over smart HTTP ----------

export interface GitHost {
  /** Base URL standing in for https://github.com */
  url: string;
  root: string;
  stop(): Promise<void>;
}

function git(cwd: string, args: string[], env: Record<string, string> = {}) {
  return execFileSync('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test Author',
      GIT_AUTHOR_EMAIL: 'author@example.test',
      GIT_COMMITTER_NAME: 'Test Author',
      GIT_COMMITTER_EMAIL: 'author@example.test',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      ...env,
    },
  }).toString();
}

export const VULNERABLE_JS = `const express = require('express');
const db = require('./db');
const router = express.Router();

router.get('/users', async (req, res) => {
  const name = req.query.name;
  const sql = "SELECT * FROM users WHERE name = '" + name + "'";
  const rows = await db.query(sql);
  res.json(rows);
});

module.exports = router;
`;

/** A fake GitHub token (random characters, never issued) that only ever lived in history. */
export const HISTORY_SECRET_LINE = `const GITHUB_TOKEN = 'ghp_Q7vTn2LkW9xRb4MzP1sYc8HdJ3fGa6EuK0oi'; // fake\n`;

/** Creates owner/name.git under the host root with a vulnerable file and a secret in history. */
export function createRepository(root: string, slug: string, files: Record<string, string> = { 'src/users.js': VULNERABLE_JS }): string {
  const work = mkdtempSync(path.join(tmpdir(), 'scanner-repo-'));
  git(work, ['init', '-q', '-b', 'main']);
  writeFileSync(path.join(work, 'config.js'), HISTORY_SECRET_LINE);
  git(work, ['add', '.']);
  git(work, ['commit', '-q', '-m', 'add config']);
  writeFileSync(path.join(work, 'config.js'), 'module.exports = { region: process.env.AWS_REGION };\n');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), content);
  }
  git(work, ['add', '.']);
  git(work, ['commit', '-q', '-m', 'remove the key, add the users route']);
  const bare = path.join(root, `${slug}.git`);
  mkdirSync(path.dirname(bare), { recursive: true });
  git(root, ['clone', '-q', '--bare', work, bare]);
  rmSync(work, { recursive: true, force: true });
  return bare;
}

/**
 * Answers one request with `git http-backend` (CGI, shipped with git) over the bare repositories under
 * `root`: the smart HTTP protocol a git host speaks. `env` adds CGI variables (`REMOTE_USER`).
 */
export function serveGitHttpBackend(root: string, request: IncomingMessage, response: ServerResponse, env: Record<string, string> = {}): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      REQUEST_METHOD: request.method ?? 'GET',
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      CONTENT_LENGTH: request.headers['content-length'] ?? '',
      HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: '127.0.0.1',
      ...env,
    },
  });
  request.pipe(child.stdin);
  let headerBuffer = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      response.write(chunk);
      return;
    }
    headerBuffer = Buffer.concat([headerBuffer, chunk]);
    const end = headerBuffer.indexOf('\r\n\r\n');
    if (end === -1) return;
    headersDone = true;
    let status = 200;
    for (const line of headerBuffer.subarray(0, end).toString().split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else response.setHeader(name, value);
    }
    response.writeHead(status);
    response.write(headerBuffer.subarray(end + 4));
  });
  child.stdout.on('end', () => response.end());
  child.on('error', () => response.destroy());
}

/** `git http-backend` behind a tiny HTTP server: a GitHub stand-in on loopback. */
export async function startGitHost(): Promise<GitHost> {
  const { dir: root, remove } = tempDir('git');
  const server: Server = createServer((request, response) => serveGitHttpBackend(root, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    root,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      remove();
    },
  };
}

// ---------- the service ----------

export const TEST_PLANS = {
  free: {
    scansPerPeriod: 1000,
    concurrentScans: 50,
    requestsPerMinute: 100_000,
    maxRepoBytes: 50 * 1024 * 1024,
    maxCommitPayloadBytes: 256 * 1024,
    maxCommitFiles: 50,
  },
  tiny: {
    scansPerPeriod: 2,
    concurrentScans: 1,
    requestsPerMinute: 5,
    maxRepoBytes: 1024 * 1024,
    maxCommitPayloadBytes: 1024,
    maxCommitFiles: 2,
  },
};

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** Settings for a new, empty service store (a fresh data dir or database). */
  freshStore(): Promise<ServiceConfigInput>;
  restartDatabase?(): Promise<void>;
  stop(): Promise<void>;
}

export async function sqliteBackend(): Promise<Backend> {
  const dirs: (() => void)[] = [];
  return {
    name: 'sqlite',
    async freshStore() {
      const { dir, remove } = tempDir('svc');
      dirs.push(remove);
      return { dataDir: dir };
    },
    async stop() {
      for (const remove of dirs) remove();
    },
  };
}

export async function postgresBackend(): Promise<Backend> {
  const cluster = await startPostgres();
  let n = 0;
  return {
    name: 'postgres',
    async freshStore() {
      return { databaseUrl: await cluster.createDatabase(`scanner_${process.pid}_${++n}`) };
    },
    restartDatabase: () => cluster.restart(),
    stop: () => cluster.stop(),
  };
}

export interface TestService {
  server: RunningServer;
  api: string;
  key: string;
  client: ScannerClient;
  /** A key of a new account on the given plan. */
  newKey(plan?: string): Promise<string>;
  clientFor(key: string): ScannerClient;
  close(): Promise<void>;
}

export async function startTestService(store: ServiceConfigInput, overrides: ServiceConfigInput = {}): Promise<TestService> {
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    plans: TEST_PLANS,
    defaultPlan: 'free',
    autoCancelGraceMs: 300,
    keepAliveMs: 15_000,
    shutdownGraceMs: 2000,
    print: () => {},
    ...store,
    ...overrides,
  });
  const api = `${server.url}/api/v1`;
  const newKey = async (plan = 'free') => {
    const account = await server.core.store.accounts.create(`test-${plan}`, plan);
    return (await server.core.store.keys.create(account.id, 'test')).key;
  };
  const key = await newKey();
  const clientFor = (k: string) => new ScannerClient({ baseUrl: api, apiKey: k });
  return { server, api, key, client: clientFor(key), newKey, clientFor, close: () => server.close() };
}

export const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
