// Service configuration: where data lives, which plans exist, and the knobs
// tests and operators turn. Read once at start from options, the environment
// and an optional JSON file (SCANNER_CONFIG), in that order of precedence.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isGithubKind, legacyGithubHost, parseGitHosts, type GitHost } from './git-hosts.ts';

export const PlanSchema = z.strictObject({
  /** Scans that may be started per calendar month (UTC); completed ones are billed. */
  scansPerPeriod: z.number().int().positive(),
  /** Scans of one account queued or running at the same time. */
  concurrentScans: z.number().int().positive(),
  requestsPerMinute: z.number().int().positive(),
  /** Largest repository a GitHub scan may clone. */
  maxRepoBytes: z.number().int().positive(),
  /** Largest total of file contents in one POST /commit. */
  maxCommitPayloadBytes: z.number().int().positive(),
  maxCommitFiles: z.number().int().positive(),
});
export type Plan = z.infer<typeof PlanSchema>;

const MiB = 1024 * 1024;

export const DEFAULT_PLANS: Record<string, Plan> = {
  free: {
    scansPerPeriod: 200,
    concurrentScans: 2,
    requestsPerMinute: 120,
    maxRepoBytes: 200 * MiB,
    maxCommitPayloadBytes: 5 * MiB,
    maxCommitFiles: 1000,
  },
  team: {
    scansPerPeriod: 5000,
    concurrentScans: 10,
    requestsPerMinute: 1200,
    maxRepoBytes: 1024 * MiB,
    maxCommitPayloadBytes: 20 * MiB,
    maxCommitFiles: 5000,
  },
};

/** The names proxy-addr (Fastify's trustProxy) gives address ranges: 127.0.0.1/8 and ::1, link-local, private. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One proxy address: an IP, an IP/prefix (CIDR) or one of proxy-addr's range names. */
const ProxyAddress = z
  .string()
  .trim()
  .refine((value) => {
    if (PROXY_RANGE_NAMES.includes(value)) return true;
    const [address, prefix, ...rest] = value.split('/');
    const family = net.isIP(address);
    if (!family || rest.length) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  }, 'must be an IP address, an address range (10.0.0.0/8) or loopback, linklocal, uniquelocal');

/**
 * Which proxy in front of the service to believe about the client (its address from
 * x-forwarded-for, https from x-forwarded-proto): false (the default: the connection's
 * own address and protocol), true (any sender; only safe when nothing but the proxy can
 * reach the service), the number of proxies in front, or the proxies' addresses.
 */
const ProxyAddresses = z.array(ProxyAddress).min(1).max(100);
export const TrustProxySchema = z.union([
  z.boolean(),
  z.number().int().min(1).max(100),
  ProxyAddresses,
  z
    .string()
    .transform((list) => list.split(','))
    .pipe(ProxyAddresses),
]);
export type TrustProxy = z.infer<typeof TrustProxySchema>;

const FileConfigSchema = z.strictObject({
  trustProxy: TrustProxySchema.optional(),
  plans: z.record(z.string(), PlanSchema).optional(),
  defaultPlan: z.string().optional(),
  githubUrl: z.string().url().optional(),
  /** The git hosts scans may clone from; checked by GitHostsSchema (git-hosts.ts), which names the field at fault. */
  hosts: z.array(z.unknown()).optional(),
  scanConcurrency: z.number().int().positive().optional(),
  cloneConcurrency: z.number().int().nonnegative().optional(),
  queueRetryLimit: z.number().int().nonnegative().optional(),
  autoCancelGraceMs: z.number().int().nonnegative().optional(),
  keepAliveMs: z.number().int().positive().optional(),
  cloneTimeoutMs: z.number().int().positive().optional(),
  hostCheckTimeoutMs: z.number().int().positive().optional(),
  engineJobs: z.number().int().positive().optional(),
  shutdownGraceMs: z.number().int().nonnegative().optional(),
  heartbeatSeconds: z.number().int().min(10).optional(),
});

export interface ServiceConfig {
  /** Directory of the embedded SQLite database (ignored with databaseUrl). */
  dataDir: string;
  /** postgres://… selects PostgreSQL and pg-boss; absent = SQLite + in-process queue. */
  databaseUrl?: string;
  host: string;
  port: number;
  plans: Record<string, Plan>;
  defaultPlan: string;
  /**
   * Base URL of the host an "owner/name" repository is on: the first GitHub host of
   * `hosts` (the first host when none is GitHub's). POST /github repositories live under a
   * GitHub host.
   */
  githubUrl: string;
  /** The git hosts scans clone from; without configuration, github.com (or SCANNER_GITHUB_URL) alone. */
  hosts: GitHost[];
  /** Hosts were configured (a list, or SCANNER_GITHUB_URL / githubUrl in the file): they are checked at start. */
  checkHostsAtStart: boolean;
  /** How long the start-up check waits for each host. */
  hostCheckTimeoutMs: number;
  /** Commit scans this process runs at once (0 = this process takes no scans). */
  scanConcurrency: number;
  /**
   * GitHub scans (clone, then scan) this process runs at once, a budget of their own so
   * slow clones never take the slots commit scans need. Defaults to scanConcurrency.
   */
  cloneConcurrency: number;
  /** pg-boss: how many times a scan whose run failed or whose worker died is run again before it fails. */
  queueRetryLimit: number;
  autoCancelGraceMs: number;
  keepAliveMs: number;
  cloneTimeoutMs: number;
  /** Parent folder of the temporary clones (scanner-clone-*); default the OS temp dir. */
  cloneDir: string;
  /** Worker threads the engine uses per scan; undefined = engine default. */
  engineJobs?: number;
  /** How long a stopping process lets running scans finish before handing them back. */
  shutdownGraceMs: number;
  /** pg-boss heartbeat: how soon a dead worker's scan is handed to another. */
  heartbeatSeconds: number;
  /** Logs as JSON lines to stdout; false silences them (tests). */
  logLevel: string;
  /** Which proxies' x-forwarded-* headers are believed (Fastify's trustProxy); false = none. */
  trustProxy: TrustProxy;
}

export type ServiceConfigInput = Partial<Omit<ServiceConfig, 'hosts'>> & {
  /** Git hosts as in the configuration file's "hosts" (validated the same way). */
  hosts?: unknown[];
};

function intFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${value}`);
  return n;
}

export function loadServiceConfig(input: ServiceConfigInput = {}, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  let file: z.infer<typeof FileConfigSchema> = {};
  if (env.SCANNER_CONFIG) {
    const parsed = FileConfigSchema.safeParse(JSON.parse(readFileSync(env.SCANNER_CONFIG, 'utf8')));
    if (!parsed.success) throw new Error(`invalid configuration (${env.SCANNER_CONFIG}): ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`);
    file = parsed.data;
  }
  const plans = { ...DEFAULT_PLANS, ...file.plans, ...input.plans };
  const defaultPlan = input.defaultPlan ?? file.defaultPlan ?? 'free';
  if (!plans[defaultPlan]) throw new Error(`default plan "${defaultPlan}" is not configured`);
  const scanConcurrency = input.scanConcurrency ?? intFromEnv(env.SCANNER_SCAN_CONCURRENCY) ?? file.scanConcurrency ?? 2;
  const hosts = gitHosts(input, env, file);
  const githubUrl = (hosts.find((host) => isGithubKind(host.kind)) ?? hosts[0]).url;
  return {
    dataDir: path.resolve(input.dataDir ?? env.SCANNER_DATA_DIR ?? path.join('.scanner', 'server')),
    databaseUrl: input.databaseUrl ?? (env.DATABASE_URL || undefined),
    host: input.host ?? env.SCANNER_HOST ?? '127.0.0.1',
    port: input.port ?? intFromEnv(env.SCANNER_PORT) ?? 7700,
    plans,
    defaultPlan,
    githubUrl,
    hosts,
    checkHostsAtStart: Boolean(input.hosts ?? env.SCANNER_GIT_HOSTS ?? file.hosts ?? env.SCANNER_GITHUB_URL ?? file.githubUrl),
    hostCheckTimeoutMs: input.hostCheckTimeoutMs ?? intFromEnv(env.SCANNER_HOST_CHECK_TIMEOUT_MS) ?? file.hostCheckTimeoutMs ?? 5000,
    scanConcurrency,
    cloneConcurrency:
      input.cloneConcurrency ?? intFromEnv(env.SCANNER_CLONE_CONCURRENCY) ?? file.cloneConcurrency ?? scanConcurrency,
    queueRetryLimit: input.queueRetryLimit ?? intFromEnv(env.SCANNER_QUEUE_RETRY_LIMIT) ?? file.queueRetryLimit ?? 20,
    autoCancelGraceMs:
      input.autoCancelGraceMs ?? intFromEnv(env.SCANNER_AUTO_CANCEL_GRACE_MS) ?? file.autoCancelGraceMs ?? 10_000,
    keepAliveMs: input.keepAliveMs ?? intFromEnv(env.SCANNER_KEEPALIVE_MS) ?? file.keepAliveMs ?? 15_000,
    cloneTimeoutMs: input.cloneTimeoutMs ?? file.cloneTimeoutMs ?? 5 * 60_000,
    cloneDir: path.resolve(input.cloneDir ?? (env.SCANNER_CLONE_DIR || os.tmpdir())),
    engineJobs: input.engineJobs ?? intFromEnv(env.SCANNER_ENGINE_JOBS) ?? file.engineJobs,
    shutdownGraceMs: input.shutdownGraceMs ?? intFromEnv(env.SCANNER_SHUTDOWN_GRACE_MS) ?? file.shutdownGraceMs ?? 30_000,
    heartbeatSeconds: input.heartbeatSeconds ?? intFromEnv(env.SCANNER_HEARTBEAT_SECONDS) ?? file.heartbeatSeconds ?? 10,
    logLevel: input.logLevel ?? env.SCANNER_LOG_LEVEL ?? 'info',
    trustProxy: input.trustProxy ?? trustProxyFromEnv(env.SCANNER_TRUST_PROXY) ?? file.trustProxy ?? false,
  };
}

/**
 * SCANNER_TRUST_PROXY: "true" or "false", a number of proxies, or proxy addresses
 * separated by commas ("10.0.0.5,10.0.1.0/24", "loopback"), checked like the file's value.
 */
function trustProxyFromEnv(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const raw = text === 'true' ? true : text === 'false' ? false : /^\d+$/.test(text) ? Number(text) : text;
  const parsed = TrustProxySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = typeof raw === 'number' ? 'a number of proxies must be 1 to 100' : issue.message;
    throw new Error(`SCANNER_TRUST_PROXY=${text}: ${reason} (or true, false, a number of proxies, addresses separated by commas)`);
  }
  return parsed.data;
}

/**
 * The git hosts: a list from options, SCANNER_GIT_HOSTS (the same JSON as the file's
 * "hosts") or the file, in that order. The single GitHub URL of older setups
 * (SCANNER_GITHUB_URL, "githubUrl") is a GitHub host of its own, put first when a list
 * does not have it; with neither, github.com.
 */
function gitHosts(input: ServiceConfigInput, env: NodeJS.ProcessEnv, file: z.infer<typeof FileConfigSchema>): GitHost[] {
  const legacyUrl = input.githubUrl ?? env.SCANNER_GITHUB_URL ?? file.githubUrl;
  let listed: GitHost[] | undefined;
  if (input.hosts) listed = parseGitHosts(input.hosts, 'hosts option', env);
  else if (env.SCANNER_GIT_HOSTS) {
    let raw: unknown;
    try {
      raw = JSON.parse(env.SCANNER_GIT_HOSTS);
    } catch (error) {
      throw new Error(`invalid git host configuration (SCANNER_GIT_HOSTS): not JSON: ${(error as Error).message}`);
    }
    listed = parseGitHosts(raw, 'SCANNER_GIT_HOSTS', env);
  } else if (file.hosts) listed = parseGitHosts(file.hosts, `"hosts" in ${env.SCANNER_CONFIG}`, env);
  if (!listed) return [legacyGithubHost(legacyUrl ?? 'https://github.com')];
  if (legacyUrl === undefined) return listed;
  const legacy = legacyGithubHost(legacyUrl);
  return listed.some((host) => host.url === legacy.url) ? listed : [legacy, ...listed];
}

/** The largest body any plan may send: the framework's hard cap before the account is known. */
export function largestCommitBody(config: ServiceConfig): number {
  const largest = Math.max(...Object.values(config.plans).map((p) => p.maxCommitPayloadBytes));
  // JSON escaping can double content (\n, \", \uXXXX); allow for it plus the envelope.
  return largest * 2 + 64 * 1024;
}
