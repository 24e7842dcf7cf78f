// Remote mode: the scans run on a Scanner service (SCANNER_API_URL, with
// SCANNER_API_KEY). Diff scans upload the changed files (POST /commit), full
// scans ask the service to clone origin (POST /git: the service knows which git
// hosts it may clone from, this side does not), status reads GET /jobs/:id.
// Service errors turn into messages an agent can act on.
import { ApiRequestError, ScannerClient } from '../client/index.ts';
import type { SourceFile } from '../engine/index.ts';
import type { ScanRecord } from './client-state.ts';
import { ToolError } from './errors.ts';
import { dismissalsFromRest, findingFromRest } from './findings.ts';
import { debug } from './log.ts';
import { git, originUrl } from './repo.ts';
import { withoutCredentials } from '../sources/url-credentials.ts';

export interface RemoteConfig {
  apiUrl: string;
  apiKey: string;
}

export function remoteConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteConfig | undefined {
  const apiUrl = env.SCANNER_API_URL?.trim();
  if (!apiUrl) return undefined;
  const apiKey = env.SCANNER_API_KEY?.trim();
  if (!apiKey) {
    throw new Error('SCANNER_API_URL is set but SCANNER_API_KEY is not: set both for remote mode, or neither to scan locally.');
  }
  return { apiUrl: apiUrl.replace(/\/+$/, ''), apiKey };
}

const RETRIES_ON_5XX = 3;
/** The service serves its API under /api/v1. */
const API_ROOT = /\/api\/v\d+\/?$/;

function suggestedApiUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v1`;
  return url.toString().replace(/\/+$/, '');
}

export class RemoteScanner {
  private readonly client: ScannerClient;

  constructor(
    readonly config: RemoteConfig,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.client = new ScannerClient({ baseUrl: config.apiUrl, apiKey: config.apiKey });
  }

  async startCommitScan(repo: string, commit: string, files: SourceFile[]) {
    const repository = await repositoryLabel(repo);
    const started = await this.call(() =>
      this.client.startCommitScan({ repository, commit, files: files.map((f) => ({ path: f.path, content: f.content.toString('utf8') })) }),
    );
    return { jobId: started.jobId ?? started.data.jobId, kind: 'commit' as const, apiUrl: this.config.apiUrl };
  }

  /** What a full scan sends the service to clone: origin's URL, or undefined without one it could fetch (the caller scans locally). */
  async cloneableOrigin(repo: string): Promise<CloneableOrigin | undefined> {
    const origin = await originUrl(repo);
    return origin ? cloneableOrigin(origin) : undefined;
  }

  /**
   * Asks the service to clone origin and scan it (POST /git). Whether origin's host is one
   * it may clone from is the service's to say: its 400 becomes a tool error that names the
   * repository and what to do. An ssh origin the service cannot fetch over ssh is tried
   * once more as the host's https address.
   */
  async startRepositoryScan(repo: string, origin: CloneableOrigin) {
    const ref = await currentRef(repo);
    const start = (repository: string) => this.call(() => this.client.startGitScan({ repository, ...(ref ? { ref } : {}), history: true }));
    let started;
    try {
      started = await start(origin.url);
    } catch (error) {
      if (!(error instanceof ToolError) || !refusedRepository(error.cause) || !origin.https) throw this.refusedOrigin(error, origin.url);
      debug('the service cannot clone origin over ssh; trying its https address', origin.https);
      try {
        started = await start(origin.https);
      } catch (second) {
        throw this.refusedOrigin(second, origin.url);
      }
    }
    return { jobId: started.jobId ?? started.data.jobId, kind: 'github' as const, apiUrl: this.config.apiUrl };
  }

  /** A 400 about the repository, said for what it is: the service does not clone from that host. */
  private refusedOrigin(error: unknown, url: string): unknown {
    if (!(error instanceof ToolError) || !refusedRepository(error.cause)) return error;
    const refused = new ToolError(
      `The scanning service at ${this.config.apiUrl} cannot clone this repository's origin ${url}: ${error.cause.message.replace(/^body\.repository: /, '')}. ` +
        'Its operator can add the host to the service\'s "hosts" (see its docs, Git hosts); meanwhile unset SCANNER_API_URL to scan on this machine, ' +
        'or use scanner_scan_diff, which sends the changed files instead of asking the service to clone.',
    );
    refused.cause = error.cause;
    return refused;
  }

  async refresh(record: ScanRecord): Promise<ScanRecord> {
    const jobId = record.remote!.jobId;
    const job = await this.call(() => this.client.getJob(jobId, { limit: 1 }));
    const updated = { ...record };
    if (job.status === 'completed') {
      const findings = await this.call(() => this.client.getAllFindings(jobId));
      updated.state = 'completed';
      updated.findings = findings.map((v) => findingFromRest(v));
      updated.dismissals = dismissalsFromRest(findings);
      updated.summary = (job.summary as ScanRecord['summary']) ?? undefined;
      updated.files_considered ||= Number((job.summary as { filesScanned?: number } | null)?.filesScanned ?? 0);
      updated.finishedAt = job.finishedAt ?? new Date().toISOString();
    } else if (job.status === 'failed' || job.status === 'cancelled') {
      updated.state = 'failed';
      updated.error = `the service reports the job ${job.status}${job.error ? `: ${job.error}` : ''}`;
      updated.finishedAt = job.finishedAt ?? new Date().toISOString();
    }
    return updated;
  }

  /**
   * The job's dismissed findings as the service has them now: a finding can be dismissed
   * (or reopened) on the dashboard long after the scan ended.
   */
  async dismissals(record: ScanRecord): Promise<ScanRecord['dismissals']> {
    return dismissalsFromRest(await this.call(() => this.client.getAllFindings(record.remote!.jobId)));
  }

  /** One service call: 5xx and network failures retried with backoff, every failure turned into a message an agent can act on. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        const transient = !(error instanceof ApiRequestError) || error.status >= 500;
        if (transient && attempt < RETRIES_ON_5XX) {
          debug(`service call failed (attempt ${attempt + 1}), retrying`, error);
          await this.sleep(500 * 2 ** attempt);
          continue;
        }
        const explained = this.explain(error, attempt + 1);
        explained.cause = error;
        throw explained;
      }
    }
  }

  private explain(error: unknown, attempts: number): ToolError {
    if (!(error instanceof ApiRequestError)) {
      const root = API_ROOT.test(new URL(this.config.apiUrl).pathname) ? '' : ` It must be the service's API root, ending in /api/v1 (e.g. ${suggestedApiUrl(this.config.apiUrl)}).`;
      return new ToolError(
        `Cannot reach the scanning service at ${this.config.apiUrl} (${(error as Error).message}) after ${attempts} attempts. Check SCANNER_API_URL, or unset it to scan locally.${root}`,
      );
    }
    const detail = error.message ? ` (${error.code}: ${error.message})` : '';
    switch (error.status) {
      case 401:
        return new ToolError(`The scanning service rejected the API key (401)${detail}. Set SCANNER_API_KEY to a valid key from the dashboard.`);
      case 403:
        return new ToolError(
          `The subscription limit of this API key is used up (403)${detail}. Wait for the next period, upgrade the plan, or unset SCANNER_API_URL to scan locally.`,
        );
      case 404:
        // The service answers an unknown route with "No route …": the URL misses the API root, not the job.
        if (error.message.startsWith('No route') || !API_ROOT.test(new URL(this.config.apiUrl).pathname)) {
          return new ToolError(
            `The scanning service at ${this.config.apiUrl} has no such API route (404)${detail}. SCANNER_API_URL must be the service's API root, ` +
              `ending in /api/v1 (e.g. ${suggestedApiUrl(this.config.apiUrl)}); fix it in the MCP server's configuration and restart the server.`,
          );
        }
        return new ToolError(`Not found on the scanning service (404)${detail}. The job may belong to another key or no longer exist; start a new scan.`);
      case 429: {
        const wait = error.retryAfterSeconds ? `${error.retryAfterSeconds} s` : 'a little while';
        return new ToolError(`The scanning service is rate limiting this key (429)${detail}. Retry after ${wait}.`);
      }
      default:
        return new ToolError(
          error.status >= 500
            ? `The scanning service failed (${error.status})${detail} after ${attempts} attempts. Try again later.`
            : `The scanning service refused the request (${error.status})${detail}.`,
        );
    }
  }
}

/** A service answer refusing the repository it was asked to clone (400 naming body.repository). */
function refusedRepository(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 400 && (error.field === 'body.repository' || error.message.startsWith('body.repository:'));
}

/** Origin as the service can be asked to clone it. */
export interface CloneableOrigin {
  /** Origin's URL without credentials (an ssh user name is kept: it names an account, not a secret). */
  url: string;
  /** For an ssh origin: the same repository at https://host/path, in case the service has no deploy key for the host. */
  https?: string;
}

/**
 * What of `origin` the service could clone: an http(s) URL without its credentials (a token in
 * origin stays on this machine: the service uses its own), or an ssh URL (ssh://… or the
 * scp-like git@host:path) with its https twin. Undefined for a local path or file:// URL.
 */
export function cloneableOrigin(origin: string): CloneableOrigin | undefined {
  const trimmed = origin.trim();
  const scp = /^(?:([^@/\s]+)@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(trimmed);
  if (scp && !trimmed.includes('://') && scp[2].length > 1) {
    return { url: trimmed, https: httpsTwin(scp[2], scp[3]) };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return { url: withoutCredentials(trimmed) };
  if (/^(ssh|git\+ssh|ssh\+git):$/.test(url.protocol)) {
    // A port is ssh's own: the web address is on the host's default https port.
    return { url: withoutCredentials(trimmed), https: httpsTwin(url.hostname, url.pathname) };
  }
  return undefined;
}

function httpsTwin(host: string, repoPath: string): string | undefined {
  const cleaned = repoPath.replace(/^\/+/, '').replace(/\/+$/, '');
  return cleaned ? `https://${host}/${cleaned}` : undefined;
}

async function currentRef(repo: string): Promise<string | undefined> {
  try {
    const branch = (await git(repo, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim();
    if (branch) return branch;
  } catch {
    // Detached HEAD: fall through to the commit itself.
  }
  try {
    return (await git(repo, ['rev-parse', 'HEAD'])).trim();
  } catch {
    return undefined;
  }
}

/** The label the service stores for a diff scan: origin's URL without its credentials, or the folder's name. */
async function repositoryLabel(repo: string): Promise<string> {
  const origin = await originUrl(repo);
  return origin ? withoutCredentials(origin) : (repo.split(/[\\/]/).pop() ?? 'repository');
}
