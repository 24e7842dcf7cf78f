// Runs one scan job to its end: claims it, fetches the code (uploaded files
// or a clone), drives the engine, streams progress and findings as persisted
// events, and finishes it exactly once. A job whose earlier runner died is
// run again from the start; findings already streamed are not streamed twice.
import { randomUUID } from 'node:crypto';
import type { Finding } from '../engine/index.ts';
import { sweepAbandonedClones } from '../sources/clone.ts';
import { runScanInThread } from './scan-thread.ts';
import type { ScanTask } from './scan-work.ts';
import type { ServiceConfig } from './config.ts';
import { cloneHost, hostForCloneUrl } from './git-hosts.ts';
import type { EventHub } from './events.ts';
import { TERMINAL_EVENT_TYPES } from './events.ts';
import type { Logger } from './logger.ts';
import type { JobRecord, Store } from './store/store.ts';
import { toVulnerability, vulnerabilityKey } from './vulnerability.ts';

export type RunOutcome = 'finished' | 'released' | 'not-runnable';

export interface GithubJobOptions {
  history: boolean;
  paths: string[];
  autoCancel: boolean;
}

/** Tokens of private repositories live only in memory, never in the store or logs. */
export const githubTokens = new Map<string, string>();

class CancelledError extends Error {}

/** Retries a store write through a short database outage (a restart takes a second or two). */
async function retrying<T>(write: () => Promise<T>, attempts = 20, delayMs = 500): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** Writes a runner's events in small batches so thousands of findings cost few transactions. */
class EventWriter {
  private pending: { type: string; data: Record<string, unknown> }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  lost = false;

  constructor(
    private readonly store: Store,
    private readonly hub: EventHub,
    private readonly jobId: string,
    private readonly token: string,
    private readonly onLost: () => void,
  ) {}

  push(type: string, data: Record<string, unknown>): void {
    this.pending.push({ type, data });
    if (this.pending.length >= 100) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), 50);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      this.chain = this.chain.then(async () => {
        if (this.lost) return;
        const stored = await retrying(() => this.store.events.appendForRun(this.jobId, this.token, batch));
        if (!stored) {
          this.lost = true;
          this.onLost();
          return;
        }
        await this.hub.published(this.jobId);
      });
    }
    return this.chain;
  }
}

export class ScanRunner {
  constructor(
    private readonly store: Store,
    private readonly hub: EventHub,
    private readonly config: ServiceConfig,
    private readonly log: Logger,
  ) {}

  /** Removes the clone folders a crashed process left behind (call before taking scans). */
  async removeAbandonedClones(): Promise<void> {
    try {
      const removed = await sweepAbandonedClones(this.config.cloneDir);
      if (removed.length > 0) this.log.info({ cloneDir: this.config.cloneDir, folders: removed.length }, 'removed clone folders of a stopped process');
    } catch (error) {
      this.log.warn({ cloneDir: this.config.cloneDir, err: String(error) }, 'could not remove clone folders of a stopped process');
    }
  }

  /** `stop` aborts for shutdown: the job is handed back, not failed. */
  async run(jobId: string, stop: AbortSignal): Promise<RunOutcome> {
    const token = randomUUID();
    const job = await this.store.jobs.claim(jobId, token);
    if (!job) return 'not-runnable';
    const log = this.log.child({ jobId, attempt: job.attempts });
    log.info('scan started');

    const abort = new AbortController();
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      abort.abort(new CancelledError('cancelled'));
    };
    const onStop = () => abort.abort(new Error('shutting down'));
    if (stop.aborted) onStop();
    stop.addEventListener('abort', onStop, { once: true });

    // Someone else ending the job (cancel, auto-cancel) shows as a terminal event we did not write.
    const unsubscribe = await this.hub.subscribe(jobId, (events) => {
      if (events.some((e) => TERMINAL_EVENT_TYPES.has(e.type))) cancel();
    });
    const poll = setInterval(() => {
      this.store
        .jobs.status(jobId)
        .then((s) => {
          if (!s || s.status !== 'running' || s.runToken !== token) cancel();
        })
        // The hub still delivers a cancel; without this check a lost one goes unnoticed until the scan ends.
        .catch((error: unknown) => log.warn({ err: String(error) }, 'could not check whether the scan was cancelled'));
    }, 2000);
    poll.unref();

    const writer = new EventWriter(this.store, this.hub, jobId, token, cancel);
    // The summary counts exactly what was streamed (tree and history findings alike), by
    // severity too, so the total and the per-severity counts always agree.
    const alreadyStreamed = new Set<string>();
    const bySeverity: Record<string, number> = {};
    const count = (severity: string) => (bySeverity[severity] = (bySeverity[severity] ?? 0) + 1);
    for (const event of await this.store.events.list(jobId, 0, 1_000_000, 'vulnerability')) {
      const key = vulnerabilityKey(event.data as { id: unknown });
      if (alreadyStreamed.has(key)) continue;
      alreadyStreamed.add(key);
      count(String(event.data.severity));
    }
    let findingsCount = alreadyStreamed.size;
    const onFinding = (finding: Finding) => {
      const vulnerability = toVulnerability(finding);
      const key = vulnerabilityKey(vulnerability);
      if (alreadyStreamed.has(key)) return;
      alreadyStreamed.add(key);
      findingsCount++;
      count(vulnerability.severity);
      writer.push('vulnerability', vulnerability);
    };

    let lastPercent = -1;
    let lastProgressAt = 0;
    const progress = (percent: number, message: string, force = false) => {
      const rounded = Math.max(0, Math.min(99, Math.floor(percent)));
      const nowMs = Date.now();
      if (!force && (rounded === lastPercent || (rounded - lastPercent < 10 && nowMs - lastProgressAt < 1000))) return;
      lastPercent = rounded;
      lastProgressAt = nowMs;
      writer.push('progress', { message, progress: rounded });
      // The progress event is what clients see; the column is a hint for job lists.
      void this.store.jobs.setProgress(jobId, token, rounded).catch((error: unknown) => log.debug({ err: String(error) }, 'progress not saved'));
    };

    try {
      progress(0, job.attempts > 1 ? `Scan restarted (attempt ${job.attempts})` : 'Scan started', true);
      const result = await runScanInThread(await this.taskFor(job), {
        progress,
        finding: onFinding,
        scratch: () => {},
        warn: (message, error) => log.warn({ err: String(error) }, message),
        signal: abort.signal,
      });
      await writer.flush();
      if (abort.signal.aborted) throw abort.signal.reason;
      const findingsBySeverity = { ...(result.summary.findingsBySeverity as Record<string, number>) };
      for (const severity of Object.keys(findingsBySeverity)) findingsBySeverity[severity] = 0;
      const summary = { ...result.summary, findings: findingsCount, findingsBySeverity: Object.assign(findingsBySeverity, bySeverity) };
      const ended = await retrying(() => this.store.jobs.finish(jobId, token, {
        status: 'completed',
        summary,
        error: null,
        filesScanned: result.summary.filesScanned as number,
        linesScanned: result.summary.linesScanned as number,
        eventData: {
          message: `Scan completed: ${findingsCount} ${findingsCount === 1 ? 'vulnerability' : 'vulnerabilities'} found in ${result.summary.filesScanned} files.`,
          status: 'completed',
          summary,
        },
      }));
      if (ended) await this.hub.published(jobId);
      log.info({ findings: findingsCount, ended: Boolean(ended) }, 'scan finished');
      return 'finished';
    } catch (error) {
      await writer.flush().catch((error: unknown) => log.warn({ err: String(error) }, 'events of the ending scan were not saved'));
      if (stop.aborted && !cancelled) {
        await retrying(() => this.store.jobs.release(jobId, token), 5);
        log.info('scan handed back for another runner');
        return 'released';
      }
      if (cancelled || writer.lost) {
        log.info('scan cancelled');
        return 'finished';
      }
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: reason }, 'scan failed');
      const ended = await retrying(() => this.store.jobs.finish(jobId, token, {
        status: 'failed',
        summary: null,
        error: reason,
        filesScanned: 0,
        linesScanned: 0,
        eventData: {
          message: `Scan failed: ${reason}. A failed scan is not billed.`,
          status: 'failed',
          error: 'SCAN_FAILED',
        },
      }));
      if (ended) await this.hub.published(jobId);
      return 'finished';
    } finally {
      clearInterval(poll);
      unsubscribe();
      stop.removeEventListener('abort', onStop);
      githubTokens.delete(jobId);
    }
  }

  private async taskFor(job: JobRecord): Promise<ScanTask> {
    if (job.kind === 'commit') {
      return { kind: 'commit', files: await this.store.jobs.files(job.id), engineJobs: this.config.engineJobs };
    }
    const options = job.options as unknown as GithubJobOptions & { cloneUrl: string };
    const account = await this.store.accounts.get(job.accountId);
    const plan = this.config.plans[account?.plan ?? ''] ?? this.config.plans[this.config.defaultPlan];
    // The host is looked up when the scan runs: its token and key never go into the job.
    const host = hostForCloneUrl(options.cloneUrl, this.config.hosts);
    if (!host) throw new Error(`${job.repository} is not on a git host this service is configured for (its configuration changed since the scan was accepted)`);
    return {
      kind: 'github',
      repository: job.repository,
      cloneUrl: options.cloneUrl,
      ref: job.ref ?? undefined,
      history: options.history,
      paths: options.paths,
      timeoutMs: this.config.cloneTimeoutMs,
      maxBytes: plan.maxRepoBytes,
      host: cloneHost(host, githubTokens.get(job.id)),
      engineJobs: this.config.engineJobs,
      cloneDir: this.config.cloneDir,
    };
  }
}
