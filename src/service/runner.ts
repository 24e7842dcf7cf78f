// Runs one scan job to its end: claims it, fetches the code (uploaded files
// or a clone), drives the engine, streams progress and findings as persisted
// events, and finishes it exactly once. A job whose earlier runner died is
// run again from the start; findings already streamed are not streamed twice.
import { randomUUID } from 'node:crypto';
import { scanSourceFiles, type Finding, type ScanSummary, type SourceFile } from '../engine/index.ts';
import { cloneRepository } from '../sources/clone.ts';
import { scanHistory } from '../sources/git-history.ts';
import { collectTree } from '../sources/git-tree.ts';
import type { ServiceConfig } from './config.ts';
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
        const stored = await this.store.appendRunEvents(this.jobId, this.token, batch);
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

  /** `stop` aborts for shutdown: the job is handed back, not failed. */
  async run(jobId: string, stop: AbortSignal): Promise<RunOutcome> {
    const token = randomUUID();
    const job = await this.store.claimJob(jobId, token);
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
        .jobStatus(jobId)
        .then((s) => {
          if (!s || s.status !== 'running' || s.runToken !== token) cancel();
        })
        .catch(() => {});
    }, 2000);
    poll.unref();

    const writer = new EventWriter(this.store, this.hub, jobId, token, cancel);
    const alreadyStreamed = new Set(
      (await this.store.listEvents(jobId, 0, 1_000_000, 'vulnerability')).map((e) => vulnerabilityKey(e.data as { id: unknown })),
    );
    let findingsCount = alreadyStreamed.size;
    const onFinding = (finding: Finding) => {
      const vulnerability = toVulnerability(finding);
      const key = vulnerabilityKey(vulnerability);
      if (alreadyStreamed.has(key)) return;
      alreadyStreamed.add(key);
      findingsCount++;
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
      void this.store.setProgress(jobId, token, rounded).catch(() => {});
    };

    let cleanup: (() => Promise<void>) | null = null;
    try {
      progress(0, job.attempts > 1 ? `Scan restarted (attempt ${job.attempts})` : 'Scan started', true);
      const result =
        job.kind === 'commit'
          ? await this.scanCommit(job, abort.signal, progress, onFinding)
          : await this.scanGithub(job, abort.signal, progress, onFinding, (c) => (cleanup = c));
      await writer.flush();
      if (abort.signal.aborted) throw abort.signal.reason;
      const summary = { ...result.summary, findings: findingsCount };
      const ended = await this.store.finishJob(jobId, token, {
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
      });
      if (ended) await this.hub.published(jobId);
      log.info({ findings: findingsCount, ended: Boolean(ended) }, 'scan finished');
      return 'finished';
    } catch (error) {
      await writer.flush().catch(() => {});
      if (stop.aborted && !cancelled) {
        await this.store.releaseJob(jobId, token);
        log.info('scan handed back for another runner');
        return 'released';
      }
      if (cancelled || writer.lost) {
        log.info('scan cancelled');
        return 'finished';
      }
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: reason }, 'scan failed');
      const ended = await this.store.finishJob(jobId, token, {
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
      });
      if (ended) await this.hub.published(jobId);
      return 'finished';
    } finally {
      clearInterval(poll);
      unsubscribe();
      stop.removeEventListener('abort', onStop);
      githubTokens.delete(jobId);
      const dispose = cleanup as (() => Promise<void>) | null;
      if (dispose) await dispose().catch(() => {});
    }
  }

  private async scanCommit(
    job: JobRecord,
    signal: AbortSignal,
    progress: (percent: number, message: string, force?: boolean) => void,
    onFinding: (f: Finding) => void,
  ): Promise<{ summary: Record<string, unknown> }> {
    const files: SourceFile[] = (await this.store.jobFiles(job.id)).map((f) => ({
      path: f.path,
      content: Buffer.from(f.content, 'utf8'),
    }));
    progress(1, `Scanning ${files.length} files`, true);
    const result = await scanSourceFiles(files, {
      jobs: this.config.engineJobs,
      cacheDir: null,
      signal,
      onFinding,
      onProgress: ({ filesDone, filesTotal }) =>
        progress(filesTotal ? (filesDone / filesTotal) * 99 : 99, `Scanned ${filesDone} of ${filesTotal} files`),
    });
    for (const finding of result.findings) onFinding(finding);
    return { summary: summarise(result.summary, null) };
  }

  private async scanGithub(
    job: JobRecord,
    signal: AbortSignal,
    progress: (percent: number, message: string, force?: boolean) => void,
    onFinding: (f: Finding) => void,
    setCleanup: (cleanup: () => Promise<void>) => void,
  ): Promise<{ summary: Record<string, unknown> }> {
    const options = job.options as unknown as GithubJobOptions & { cloneUrl: string };
    const account = await this.store.getAccount(job.accountId);
    const plan = this.config.plans[account?.plan ?? this.config.defaultPlan] ?? this.config.plans[this.config.defaultPlan];
    progress(1, `Cloning ${job.repository}`, true);
    const clone = await cloneRepository(options.cloneUrl, {
      ref: job.ref ?? undefined,
      history: options.history,
      token: githubTokens.get(job.id),
      timeoutMs: this.config.cloneTimeoutMs,
      maxBytes: plan.maxRepoBytes,
      allowedBaseUrl: this.config.githubUrl,
      allowFileProtocol: false,
      // Plain http is only ever to the configured host, and only when it is loopback (a test or local mirror).
      allowLoopbackHttp: new URL(this.config.githubUrl).protocol === 'http:',
      signal,
    });
    setCleanup(() => clone.cleanup());
    if (signal.aborted) throw signal.reason;
    progress(10, `Cloned ${job.repository} at ${clone.commit.slice(0, 12)}`, true);
    const collected = await collectTree(clone.dir, clone.commit, {
      paths: options.paths.length > 0 ? options.paths : undefined,
      signal,
    });
    const treeShare = options.history ? 60 : 89;
    const treeFingerprints = new Set<string>();
    const onTreeFinding = (finding: Finding) => {
      treeFingerprints.add(finding.fingerprint);
      onFinding(finding);
    };
    const result = await scanSourceFiles(collected.files, {
      jobs: this.config.engineJobs,
      cacheDir: null,
      skipped: collected.skipped,
      signal,
      onFinding: onTreeFinding,
      onProgress: ({ filesDone, filesTotal }) =>
        progress(10 + (filesTotal ? (filesDone / filesTotal) * treeShare : treeShare), `Scanned ${filesDone} of ${filesTotal} files`),
    });
    for (const finding of result.findings) onTreeFinding(finding);
    let history: Record<string, unknown> | null = null;
    if (options.history) {
      progress(10 + treeShare, 'Scanning git history for secrets', true);
      // A secret still in the tree was streamed already; history adds the ones that were removed.
      const onHistoryFinding = (finding: Finding) => {
        if (!treeFingerprints.has(finding.fingerprint)) onFinding(finding);
      };
      const found = await scanHistory(clone.dir, {
        signal,
        onFinding: onHistoryFinding,
        onProgress: ({ commitsSeen }) => progress(10 + treeShare + Math.min(29, commitsSeen / 100), `Scanned ${commitsSeen} commits for secrets`),
      });
      for (const finding of found.findings) onHistoryFinding(finding);
      history = { commitsSeen: found.commitsSeen, blobsScanned: found.blobsScanned, shallow: found.shallow };
    }
    return { summary: { ...summarise(result.summary, history), commit: clone.commit, ref: clone.ref } };
  }
}

function summarise(summary: ScanSummary, history: Record<string, unknown> | null): Record<string, unknown> {
  return {
    filesScanned: summary.filesScanned,
    linesScanned: summary.linesScanned,
    languages: summary.languages,
    filesSkipped: summary.skipped.length,
    warnings: summary.warnings.length,
    findingsBySeverity: summary.findingsBySeverity,
    suppressed: summary.suppressed,
    durationMs: summary.durationMs,
    rulesVersion: summary.rulesVersion,
    history,
  };
}
