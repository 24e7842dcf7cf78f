// Typed client for the scan service's REST API and SSE streams, with
// reconnection (exponential backoff, Last-Event-ID) for dropped streams.
// Used by the tests and by the MCP server's remote mode.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface Vulnerability {
  id: string;
  type: string;
  severity: string;
  file: string;
  line: number;
  column?: number;
  endLine?: number;
  cwe?: number[];
  ruleId?: string;
  title?: string;
  message?: string;
  snippet?: string;
  remediation?: string;
  references?: string[];
  trace?: unknown[];
  commit?: string;
  author?: string;
  date?: string;
  [field: string]: unknown;
}

export interface GithubScanRequest {
  repository: string;
  ref?: string;
  history?: boolean;
  paths?: string[];
  autoCancel?: boolean;
  token?: string;
}

/** POST /git: `repository` is the full URL of a repository on a git host the service is configured for. */
export type GitScanRequest = GithubScanRequest;

export interface CommitScanRequest {
  repository: string;
  commit?: string;
  files: { path: string; content: string }[];
}

export interface StartedGithubScan {
  success: true;
  jobId: string;
  scanId: string;
  data: { jobId: string; scanId: string; status: JobStatus; eventsUrl: string; statusUrl: string };
}

export interface StartedCommitScan {
  success: true;
  jobId: string;
  data: { jobId: string; status: JobStatus; eventsUrl: string; statusUrl: string };
}

export interface JobSummary {
  jobId: string;
  kind: 'github' | 'commit';
  status: JobStatus;
  progress: number;
  repository: string;
  ref: string | null;
  commit: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  billed: boolean;
  summary: Record<string, unknown> | null;
  error: string | null;
}

export interface JobDetail extends JobSummary {
  scanId?: string;
  findings: Vulnerability[];
  nextCursor: string | null;
}

export interface Usage {
  account: { id: string; name: string };
  plan: string;
  limits: Record<string, number>;
  period: { id: string; start: string; end: string };
  scans: { billed: number; unbilled: number; active: number; remaining: number };
  filesScanned: number;
  linesScanned: number;
  records: { jobId: string; outcome: string; billed: boolean; filesScanned: number; linesScanned: number; recordedAt: string }[];
  /** More records of the period follow: pass it as `cursor`. */
  nextCursor: string | null;
}

export type ScanEventType = 'connected' | 'progress' | 'vulnerability' | 'completed' | 'failed' | 'error';

export interface ScanEvent {
  /** The SSE `id:` (per-job sequence number); absent on `connected` and `error`. */
  id?: number;
  type: ScanEventType;
  scanId?: string;
  jobId?: string;
  data: Record<string, unknown>;
  timestamp: string;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  /** e.g. http://127.0.0.1:7700/api/v1 */
  baseUrl: string;
  apiKey: string;
  /** Attempts for requests rejected with 429 or failing on the network (default 0: fail at once). */
  retries?: number;
}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Resume after this event id. */
  lastEventId?: number;
  /** Reconnections after an unexpected drop (default 8). */
  maxReconnects?: number;
  /** First backoff delay; doubles per attempt up to maxDelayMs (defaults 250 ms, 10 s). */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

const TERMINAL = new Set(['completed', 'failed', 'error']);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export class ScannerClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const retries = this.options.retries ?? 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(this.baseUrl + path, {
          method,
          headers: {
            'x-api-key': this.options.apiKey,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        if (attempt < retries) {
          await sleep(Math.min(250 * 2 ** attempt, 10_000));
          continue;
        }
        throw error;
      }
      const payload = (await response.json().catch(() => null)) as
        | { success: boolean; error?: { code: string; message: string; field?: string } }
        | null;
      if (response.ok && payload?.success) return payload as T;
      const retryAfter = Number(response.headers.get('retry-after') ?? '') || undefined;
      if (response.status === 429 && attempt < retries) {
        await sleep((retryAfter ?? 1) * 1000);
        continue;
      }
      throw new ApiRequestError(
        response.status,
        payload?.error?.code ?? 'HTTP_ERROR',
        payload?.error?.message ?? `HTTP ${response.status}`,
        payload?.error?.field,
        retryAfter,
      );
    }
  }

  startGithubScan(body: GithubScanRequest): Promise<StartedGithubScan> {
    return this.request('POST', '/github', body);
  }

  /** A repository on any configured git host (GitLab, Gitea/Forgejo, Bitbucket, GitHub…), by its full URL; followed with events('github', scanId). */
  startGitScan(body: GitScanRequest): Promise<StartedGithubScan> {
    return this.request('POST', '/git', body);
  }

  startCommitScan(body: CommitScanRequest): Promise<StartedCommitScan> {
    return this.request('POST', '/commit', body);
  }

  async getJob(jobId: string, page: { limit?: number; cursor?: string } = {}): Promise<JobDetail> {
    const query = new URLSearchParams();
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    if (page.cursor !== undefined) query.set('cursor', page.cursor);
    const qs = query.size ? `?${query}` : '';
    return (await this.request<{ data: JobDetail }>('GET', `/jobs/${encodeURIComponent(jobId)}${qs}`)).data;
  }

  /** Every finding of a job, following nextCursor. */
  async getAllFindings(jobId: string): Promise<Vulnerability[]> {
    const all: Vulnerability[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.getJob(jobId, { limit: 1000, cursor });
      all.push(...page.findings);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  }

  async listJobs(query: { status?: JobStatus; limit?: number; cursor?: string } = {}) {
    const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    return (await this.request<{ data: { jobs: JobSummary[]; nextCursor: string | null } }>('GET', `/jobs${qs.size ? `?${qs}` : ''}`))
      .data;
  }

  async cancelJob(jobId: string): Promise<{ jobId: string; status: 'cancelled' }> {
    return (await this.request<{ data: { jobId: string; status: 'cancelled' } }>('POST', `/jobs/${encodeURIComponent(jobId)}/cancel`))
      .data;
  }

  /** A period's usage (default: this month), its records a page at a time (`limit`, then `cursor` from `nextCursor`). */
  async usage(query: { period?: string; limit?: number; cursor?: string } = {}): Promise<Usage> {
    const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    return (await this.request<{ data: Usage }>('GET', `/usage${qs.size ? `?${qs}` : ''}`)).data;
  }

  /**
   * Follows a scan's event stream until `completed`, `failed` or `error`,
   * reconnecting with Last-Event-ID when the connection drops.
   */
  async *events(kind: 'github' | 'commit', jobId: string, options: StreamOptions = {}): AsyncGenerator<ScanEvent> {
    let lastEventId = options.lastEventId;
    let failures = 0;
    const maxReconnects = options.maxReconnects ?? 8;
    const initialDelay = options.initialDelayMs ?? 250;
    const maxDelay = options.maxDelayMs ?? 10_000;
    for (;;) {
      let sawEvent = false;
      try {
        const response = await fetch(`${this.baseUrl}/${kind}/${encodeURIComponent(jobId)}/events`, {
          headers: {
            'x-api-key': this.options.apiKey,
            accept: 'text/event-stream',
            ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
          },
          signal: options.signal,
        });
        if (!response.ok || !response.body) {
          const payload = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
          const error = new ApiRequestError(
            response.status,
            payload?.error?.code ?? 'HTTP_ERROR',
            payload?.error?.message ?? `HTTP ${response.status}`,
          );
          // Auth and validation problems do not heal by retrying.
          if (response.status < 500 && response.status !== 429) throw error;
          throw Object.assign(error, { retryable: true });
        }
        const queue: EventSourceMessage[] = [];
        const parser = createParser({ onEvent: (message) => queue.push(message) });
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          while (queue.length > 0) {
            const message = queue.shift()!;
            const envelope = JSON.parse(message.data) as ScanEvent;
            if (message.id !== undefined && message.id !== '') {
              envelope.id = Number(message.id);
              lastEventId = envelope.id;
            }
            sawEvent = true;
            failures = 0;
            yield envelope;
            if (TERMINAL.has(envelope.type)) return;
          }
        }
        // The server closed without a terminal event: reconnect and resume.
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (error instanceof ApiRequestError && !(error as { retryable?: boolean }).retryable) throw error;
        if (!sawEvent && failures >= maxReconnects) throw error;
      }
      if (failures >= maxReconnects) throw new Error(`event stream of ${jobId} dropped ${failures} times; giving up`);
      await sleep(Math.min(initialDelay * 2 ** failures, maxDelay), options.signal);
      failures++;
    }
  }

  /** Collects a whole stream: every event until the terminal one. */
  async collectEvents(kind: 'github' | 'commit', jobId: string, options: StreamOptions = {}): Promise<ScanEvent[]> {
    const events: ScanEvent[] = [];
    for await (const event of this.events(kind, jobId, options)) events.push(event);
    return events;
  }
}

export async function health(baseUrl: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/health`);
  return { status: response.status, body: await response.json() };
}
