// Remote mode: the scans run on a Scanner service (SCANNER_API_URL, with
// SCANNER_API_KEY). Diff scans upload the changed files (POST /commit), full
// scans of a repository hosted on the configured GitHub host ask the service
// to clone it (POST /github), status reads GET /jobs/:id. Service errors turn
// into messages an agent can act on.
import type { SourceFile } from '../engine/index.ts';
import type { ScanRecord } from './client-state.ts';
import { ToolError } from './errors.ts';
import { findingFromRest } from './findings.ts';
import { debug } from './log.ts';
import { git, originUrl } from './repo.ts';

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

export class RemoteScanner {
  constructor(
    readonly config: RemoteConfig,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async startCommitScan(repo: string, commit: string, files: SourceFile[]) {
    const body = {
      repository: await repositoryLabel(repo),
      commit,
      files: files.map((f) => ({ path: f.path, content: f.content.toString('utf8') })),
    };
    const answer = await this.request('POST', '/commit', body);
    const jobId = answer.jobId ?? answer.data?.jobId;
    if (!jobId) throw new ToolError('The scanning service accepted the diff scan but returned no jobId.');
    return { jobId: String(jobId), kind: 'commit' as const, apiUrl: this.config.apiUrl };
  }

  /** POST /github when origin is on the configured host; undefined otherwise (the caller scans locally). */
  async githubRepository(repo: string): Promise<string | undefined> {
    const origin = await originUrl(repo);
    return origin ? repositoryOnHost(origin, this.config.githubUrl) : undefined;
  }

  async startRepositoryScan(repo: string, repository: string) {
    const ref = await currentRef(repo);
    const answer = await this.request('POST', '/github', { repository, ...(ref ? { ref } : {}), history: true });
    const jobId = answer.jobId ?? answer.data?.jobId ?? answer.scanId;
    if (!jobId) throw new ToolError('The scanning service accepted the full scan but returned no jobId.');
    return { jobId: String(jobId), kind: 'github' as const, apiUrl: this.config.apiUrl };
  }

  async refresh(record: ScanRecord): Promise<ScanRecord> {
    const remote = record.remote!;
    const findings: ScanRecord['findings'] = [];
    let cursor: string | undefined;
    let data: any;
    do {
      const query = new URLSearchParams({ limit: '1000', ...(cursor ? { cursor } : {}) });
      data = (await this.request('GET', `/jobs/${encodeURIComponent(remote.jobId)}?${query}`)).data ?? {};
      if (data.status !== 'completed') break;
      for (const v of data.findings ?? []) findings.push(findingFromRest(v));
      cursor = data.nextCursor ?? undefined;
    } while (cursor);
    const updated = { ...record };
    if (typeof data.progress === 'number' && data.status === 'running') updated.files_considered ||= 0;
    if (data.status === 'completed') {
      updated.state = 'completed';
      updated.findings = findings;
      updated.summary = data.summary ?? undefined;
      updated.files_considered ||= data.summary?.filesScanned ?? 0;
      updated.finishedAt = data.finishedAt ?? new Date().toISOString();
    } else if (data.status === 'failed' || data.status === 'cancelled') {
      updated.state = 'failed';
      updated.error = `the service reports the job ${data.status}${data.error ? `: ${data.error.message ?? data.error}` : ''}`;
      updated.finishedAt = data.finishedAt ?? new Date().toISOString();
    }
    return updated;
  }

  private async request(method: string, route: string, body?: unknown): Promise<any> {
    const url = `${this.config.apiUrl}${route}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: { 'x-api-key': this.config.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        if (attempt < RETRIES_ON_5XX) {
          await this.sleep(500 * 2 ** attempt);
          continue;
        }
        throw new ToolError(`Cannot reach the scanning service at ${this.config.apiUrl} (${(error as Error).message}). Check SCANNER_API_URL, or unset it to scan locally.`);
      }
      const text = await response.text();
      let json: any = {};
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        json = {};
      }
      debug(`${method} ${route} → ${response.status}`);
      if (response.ok && json.success !== false) return json;
      const detail = json.error?.message ?? json.message ?? (typeof json.error === 'string' ? json.error : '') ?? '';
      const suffix = detail ? ` (${detail})` : '';
      switch (response.status) {
        case 401:
          throw new ToolError(`The scanning service rejected the API key (401)${suffix}. Set SCANNER_API_KEY to a valid key from the dashboard.`);
        case 403:
          throw new ToolError(`The subscription limit of this API key is used up (403)${suffix}. Wait for the next period, upgrade the plan, or unset SCANNER_API_URL to scan locally.`);
        case 404:
          throw new ToolError(`Not found on the scanning service (404)${suffix}. The job may belong to another key or no longer exist; start a new scan.`);
        case 429: {
          const retryAfter = Number(response.headers.get('retry-after'));
          const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? `${retryAfter} s` : 'a little while';
          throw new ToolError(`The scanning service is rate limiting this key (429)${suffix}. Retry after ${wait}.`);
        }
        default:
          if (response.status >= 500 && attempt < RETRIES_ON_5XX) {
            await this.sleep(500 * 2 ** attempt);
            continue;
          }
          throw new ToolError(
            response.status >= 500
              ? `The scanning service failed (${response.status})${suffix} after ${attempt + 1} attempts. Try again later.`
              : `The scanning service refused the request (${response.status})${suffix}.`,
          );
      }
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

async function repositoryLabel(repo: string): Promise<string> {
  const origin = await originUrl(repo);
  return origin ?? repo.split(/[\\/]/).pop() ?? 'repository';
}
