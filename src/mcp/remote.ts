// Remote mode: the scans run on a Scanner service (SCANNER_API_URL, with
// SCANNER_API_KEY). Diff scans upload the changed files (POST /commit), full
// scans of a repository hosted on the configured GitHub host ask the service
// to clone it (POST /github), status reads GET /jobs/:id. Service errors turn
// into messages an agent can act on.
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
  githubUrl: string;
}

export function remoteConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteConfig | undefined {
  const apiUrl = env.SCANNER_API_URL?.trim();
  if (!apiUrl) return undefined;
  const apiKey = env.SCANNER_API_KEY?.trim();
  if (!apiKey) {
    throw new Error('SCANNER_API_URL is set but SCANNER_API_KEY is not: set both for remote mode, or neither to scan locally.');
  }
  return { apiUrl: apiUrl.replace(/\/+$/, ''), apiKey, githubUrl: (env.SCANNER_GITHUB_URL?.trim() || 'https://github.com').replace(/\/+$/, '') };
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

  /** "owner/name" when origin is on the configured GitHub host; undefined otherwise (the caller scans locally). */
  async githubRepository(repo: string): Promise<string | undefined> {
    const origin = await originUrl(repo);
    return origin ? repositoryOnHost(origin, this.config.githubUrl) : undefined;
  }

  async startRepositoryScan(repo: string, repository: string) {
    const ref = await currentRef(repo);
    const started = await this.call(() => this.client.startGithubScan({ repository, ...(ref ? { ref } : {}), history: true }));
    return { jobId: started.jobId ?? started.data.jobId, kind: 'github' as const, apiUrl: this.config.apiUrl };
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
        throw this.explain(error, attempt + 1);
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

/** "owner/name" when `origin` points at a repository on `githubUrl`'s host. */
export function repositoryOnHost(origin: string, githubUrl: string): string | undefined {
  let host: string;
  let basePath: string;
  try {
    const base = new URL(githubUrl);
    host = base.host;
    basePath = base.pathname.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  let originHost: string | undefined;
  let originPath: string | undefined;
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/)(.+)$/.exec(origin);
  if (scp && !origin.includes('://')) {
    originHost = scp[1];
    originPath = `/${scp[2]}`;
  } else {
    try {
      const url = new URL(origin);
      originHost = url.host;
      originPath = url.pathname;
    } catch {
      return undefined;
    }
  }
  if (originHost !== host && originHost?.replace(/:\d+$/, '') !== host.replace(/:\d+$/, '')) return undefined;
  if (basePath && !originPath.startsWith(`${basePath}/`)) return undefined;
  const rest = originPath.slice(basePath.length).replace(/^\/+/, '').replace(/\.git$/, '').replace(/\/+$/, '');
  return /^[^/]+\/[^/]+$/.test(rest) ? rest : undefined;
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
