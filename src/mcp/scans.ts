// Non-blocking scans behind scanner_scan_diff / scanner_full_scan /
// scanner_status / scanner_report. A start call does only the cheap part (check
// the input, list the work, estimate it) and answers; the scan runs on in the
// background and its record under .scanner/client/ is what status reads.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Finding, ScanWarning, Severity, SkippedFile, SourceFile } from '../engine/index.ts';
import { loadDiffSource, loadDirectorySource, loadEngine, loadHistorySource, loadMarkdownReport } from './lazy.ts';
import { ScanStore, type ScanRecord } from './client-state.ts';
import { ToolError } from './errors.ts';
import { describeCounts, severityCounts, touchesChangedLines, type FindingDetail } from './findings.ts';
import { DEFAULT_STATUS_LIMIT } from './schemas.ts';
import { decodeCursor, findingsPage, pageHint } from './pages.ts';
import { debug } from './log.ts';
import { changedSinceHead, filterByGlobs, resolveRepo, resolveRepoAndCommit } from './repo.ts';
import { estimateDiffMs, estimateFullScanMs, pollAfterMs, readTimings, recordTimings, FIRST_POLL_MS, MAX_POLL_MS } from './timing.ts';
import type { Listing } from '../sources/directory.ts';
import type { HistorySize } from '../sources/history/estimate.ts';
import type { McpFinding } from './schemas.ts';
import type { RemoteScanner } from './remote.ts';
import { cacheDir, prepareCacheDir } from '../sources/workspace.ts';

/** How long scanner_scan_diff may wait for its scan to finish, to answer with the findings (SCANNER_DIFF_WAIT_MS). */
const INLINE_BUDGET_MS = budgetFromEnv(process.env.SCANNER_DIFF_WAIT_MS, 1_000);

function budgetFromEnv(value: string | undefined, fallback: number): number {
  const ms = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(ms) && ms >= 0 ? ms : fallback;
}

export interface ScanHandle {
  scan_id: string;
  queued: boolean;
  eta_ms: number;
  next_hint: string;
}

export interface StatusInput {
  repo: string;
  scan_id?: string;
  latest?: boolean;
  limit?: number;
  severity?: Severity;
  cursor?: string;
  detail?: FindingDetail;
}

export type StatusAnswer =
  | { ready: false; poll_after_ms: number }
  | {
      ready: true;
      findings: McpFinding[];
      next_hint: string;
      scanned?: false;
      scan_id?: string;
      total_findings?: number;
      counts?: Record<Severity, number>;
      next_cursor?: string;
    };

export class ScanManager {
  /** Local scans running in this process: the live record (the only writer of its file) and its work. */
  private readonly running = new Map<string, { record: ScanRecord; work: Promise<void> }>();

  constructor(private readonly remote?: RemoteScanner) {}

  get mode(): 'local' | 'remote' {
    return this.remote ? 'remote' : 'local';
  }

  async startDiff(input: { repo: string; since: string; paths?: string[] }) {
    const started = Date.now();
    const { repo, commit } = await resolveRepoAndCommit(input.repo, input.since);
    // The tool takes globs; git takes pathspecs, where `:(glob)` gives glob semantics.
    const pathspecs = input.paths?.map((p) => (p.startsWith(':') ? p : `:(glob)${p}`));
    const collect = async () => {
      const { collectDiff } = await loadDiffSource();
      const diff = await collectDiff(repo, input.since, pathspecs?.length ? { paths: pathspecs } : {});
      return { ...diff, files: filterByGlobs(diff.files, input.paths) };
    };
    let collected: Awaited<ReturnType<typeof collect>> | undefined;
    let considered: number;
    let bytes: number;
    if (!this.remote && input.since === 'HEAD') {
      // The frequent case answers from one `git status`; reading and diffing
      // the files happens in the background with the scan.
      const changed = await changedSinceHead(repo, pathspecs, input.paths);
      considered = changed.files;
      bytes = changed.bytes;
    } else {
      collected = await collect();
      considered = collected.files.length;
      bytes = collected.files.reduce((n, f) => n + f.content.length, 0);
    }
    const timings = await readTimings();
    const record = newRecord(repo, 'diff', estimateDiffMs({ files: considered, bytes }, timings), considered);
    record.since = input.since;

    if (considered === 0) {
      // Nothing to scan: the result is known now, so the first status call is ready.
      record.state = 'completed';
      record.finishedAt = record.createdAt;
    } else if (this.remote) {
      record.remote = await this.remote.startCommitScan(repo, commit, collected!.files);
    }
    await this.persistStart(record, async () => {
      const diff = collected ?? (await collect());
      await this.analyseDiff(diff.files, diff.skipped, diff.changedLines, repo, record);
    });
    debug('diff scan started', { scan_id: record.scan_id, repo, files: considered, bytes, remote: !!record.remote });

    // A small diff is done within a second: then the answer carries its findings,
    // and the agent is not sent away to come back for them.
    const done = considered > 0 && (await this.finishedWithin(record.scan_id, INLINE_BUDGET_MS - (Date.now() - started)));
    if (done && record.state === 'completed') {
      const page = findingsPage(record, { limit: DEFAULT_STATUS_LIMIT, detail: 'compact', offset: 0 });
      return {
        scan_id: record.scan_id,
        queued: false,
        eta_ms: 0,
        next_hint: `${completedHint(record, input.repo)}${pageHint(page, record, input.repo)}`,
        summary: { files_considered: considered, mode: 'diff' as const },
        ready: true,
        findings: page.findings,
        total_findings: page.total,
        ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
      };
    }

    const fileWord = considered === 1 ? 'file' : 'files';
    return {
      scan_id: record.scan_id,
      queued: considered > 0,
      eta_ms: record.eta_ms,
      next_hint:
        considered === 0
          ? `No changed files since ${input.since}${input.paths?.length ? ' matching paths' : ''}: nothing to scan. Scan again after editing code.`
          : `Scanning ${considered} changed ${fileWord}. Call scanner_status {repo: ${JSON.stringify(input.repo)}, scan_id: "${record.scan_id}"} in about ${Math.max(FIRST_POLL_MS, record.eta_ms) / 1000} s.`,
      summary: { files_considered: considered, mode: 'diff' as const },
    };
  }

  async startFull(input: { repo: string }): Promise<ScanHandle> {
    const repo = await resolveRepo(input.repo);
    // In remote mode the service clones origin (it says whether it may, from its git hosts);
    // a repository without an origin it could fetch is scanned here, and the answer says so.
    const origin = this.remote ? await this.remote.cloneableOrigin(repo) : undefined;
    const [{ listDirectory }, { historySize, estimateHistoryScanMs }, timings] = await Promise.all([
      loadDirectorySource(),
      loadHistorySource(),
      readTimings(),
    ]);
    const [listing, history] = await Promise.all([
      listDirectory(repo),
      historySize(repo, { cacheDir: cacheDir(repo) }).catch((error) => {
        debug('could not measure the history', error);
        return { commits: 0, newCommits: 0, packBytes: 0 };
      }),
    ]);
    const tree = { files: listing.files.length, bytes: listing.files.reduce((n, f) => n + f.size, 0) };
    const estimate = estimateFullScanMs(repo, tree, estimateHistoryScanMs(history, timings.history), timings);
    const record = newRecord(repo, 'full', estimate.etaMs, tree.files);
    let next_hint = `Scanning ${tree.files} files and ${history.newCommits} commit${history.newCommits === 1 ? '' : 's'} of history on this machine (estimate: tree ${seconds(estimate.treeMs)}, history ${seconds(estimate.historyMs)}, side by side). `;
    if (this.remote && origin) {
      record.remote = await this.remote.startRepositoryScan(repo, origin);
      // The service also clones: add a fixed allowance for it.
      record.eta_ms += 5_000;
      next_hint = `The scanning service at ${this.remote.config.apiUrl} clones ${origin.url} and scans it. `;
    } else if (this.remote) {
      next_hint =
        'Scanned locally, not on the scanning service: the repository has no origin the service could clone (no remote named origin, or a local path). ' +
        next_hint;
    }
    next_hint += `Call scanner_status {repo: ${JSON.stringify(input.repo)}, scan_id: "${record.scan_id}"} in about ${seconds(Math.max(FIRST_POLL_MS, Math.min(record.eta_ms, MAX_POLL_MS)))}.`;
    await this.persistStart(record, () => this.analyseFull(repo, record, listing, history));
    debug('full scan started', { scan_id: record.scan_id, repo, eta_ms: record.eta_ms, tree, history, remote: !!record.remote });
    return { scan_id: record.scan_id, queued: true, eta_ms: record.eta_ms, next_hint };
  }

  /** Whether a local scan of this server finished within `budgetMs`. */
  private async finishedWithin(scanId: string, budgetMs: number): Promise<boolean> {
    const run = this.running.get(scanId);
    if (!run) return false;
    if (budgetMs <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      run.work.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), budgetMs))),
    ]);
    clearTimeout(timer);
    return finished;
  }

  async status(input: StatusInput): Promise<StatusAnswer> {
    const repo = await resolveRepo(input.repo);
    const store = new ScanStore(repo);
    const cursor = input.cursor !== undefined ? decodeCursor(input.cursor) : undefined;
    if (cursor && input.scan_id && input.scan_id !== cursor.scan_id) {
      throw new ToolError(`cursor belongs to scan ${cursor.scan_id}, not ${input.scan_id}: pass the next_cursor of an answer about the same scan, or no cursor.`);
    }
    // A cursor continues its own scan, whatever `latest` says.
    const scanId = cursor ? cursor.scan_id : input.latest || !input.scan_id ? ((await store.latestId()) ?? input.scan_id) : input.scan_id;
    if (!scanId) {
      // Not a clean result: nothing is known yet, and the answer must not read as "no findings".
      return {
        ready: true,
        scanned: false,
        findings: [],
        next_hint: `There is no scan of ${repo} yet, so nothing is known about its findings. Run scanner_scan_diff {repo: ${JSON.stringify(input.repo)}} after changing code, or scanner_full_scan {repo: ${JSON.stringify(input.repo)}} for the whole repository.`,
      };
    }
    const record = await this.load(store, scanId, 'status');
    if (record.state === 'running') {
      const answer = { ready: false as const, poll_after_ms: pollAfterMs(record.polls, remainingMs(record)) };
      record.polls++;
      // A local scan's file is written only by the scan itself (else a status answer could
      // overwrite a result that just landed); its live record carries the count.
      if (record.remote) await store.save(record);
      return answer;
    }
    if (record.state === 'failed') {
      throw new ToolError(`Scan ${record.scan_id} failed: ${record.error ?? 'unknown error'}. Start a new scan.`);
    }
    const page = findingsPage(record, {
      limit: input.limit ?? cursor?.limit ?? DEFAULT_STATUS_LIMIT,
      severity: input.severity ?? cursor?.severity,
      detail: input.detail ?? cursor?.detail ?? 'compact',
      offset: cursor?.offset ?? 0,
    });
    return {
      ready: true,
      scan_id: record.scan_id,
      findings: page.findings,
      next_hint: `${completedHint(record, input.repo)}${pageHint(page, record, input.repo)}`,
      total_findings: page.total,
      counts: severityCounts(record.findings),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    };
  }

  async report(input: { repo: string; scan_id: string }): Promise<{ report: string }> {
    const repo = await resolveRepo(input.repo);
    const store = new ScanStore(repo);
    const record = await this.load(store, input.scan_id, 'report');
    if (record.state === 'running') {
      throw new ToolError(`Scan ${record.scan_id} is still running. Poll scanner_status {repo, scan_id} until ready is true, then ask for the report.`);
    }
    if (record.state === 'failed') throw new ToolError(`Scan ${record.scan_id} failed (${record.error ?? 'unknown error'}); there is no report. Start a new scan.`);
    const { groupedMarkdownReport } = await loadMarkdownReport();
    const report = groupedMarkdownReport(
      { findings: record.findings, summary: fullSummary(record) },
      {
        target: path.basename(repo),
        subtitle: `${record.mode === 'diff' ? `Diff scan (changes since ${record.since ?? 'HEAD'})` : 'Full scan (working tree and git history)'}, scan ${record.scan_id}`,
        generatedAt: new Date(record.finishedAt ?? record.createdAt),
        moreHint: `scanner_status {repo: ${JSON.stringify(input.repo)}, scan_id: "${record.scan_id}", cursor…} pages through every finding; \`scanner scan --format json\` writes them all to a file.`,
      },
    );
    return { report };
  }

  /** Wait for all local scans (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((r) => r.work));
  }

  /** A record, refreshed from the service in remote mode; a record left running by a dead server is marked failed. */
  private async load(store: ScanStore, scanId: string, tool: 'status' | 'report'): Promise<ScanRecord> {
    const live = this.running.get(scanId)?.record;
    if (live && live.repo === store.root) return live;
    const record = await store.load(scanId);
    if (!record) {
      const latest = tool === 'report' ? await store.latestId() : undefined;
      const instead =
        tool === 'status'
          ? 'or pass latest: true'
          : `or call scanner_status {repo, latest: true}, whose answer names the latest scan_id${latest ? ` (here "${latest}")` : ''}`;
      throw new ToolError(`Unknown scan_id "${scanId}" for repo ${store.root}. Use the scan_id returned by scanner_scan_diff or scanner_full_scan, ${instead}.`);
    }
    if (record.state === 'completed' && record.remote && this.remote) return this.withCurrentDismissals(store, record);
    if (record.state !== 'running') return record;
    if (record.remote && !this.remote) {
      throw new ToolError(
        `Scan ${record.scan_id} runs on the scanning service at ${record.remote.apiUrl}; set SCANNER_API_URL and SCANNER_API_KEY for this MCP server to read it.`,
      );
    }
    if (record.remote && this.remote) {
      const updated = await this.remote.refresh(record);
      if (updated.state !== 'running') await store.save(updated);
      return updated;
    }
    if (!record.remote && !processAlive(record.pid)) {
      record.state = 'failed';
      record.error = 'the MCP server that ran this scan stopped before it finished';
      record.finishedAt = new Date().toISOString();
      await store.save(record);
    }
    return record;
  }

  /**
   * A finished remote scan with its dismissals read again from the service (triage goes on
   * after the scan); when the service cannot be reached, the ones known before.
   */
  private async withCurrentDismissals(store: ScanStore, record: ScanRecord): Promise<ScanRecord> {
    try {
      const dismissals = await this.remote!.dismissals(record);
      if (JSON.stringify(dismissals) !== JSON.stringify(record.dismissals ?? {})) {
        record.dismissals = dismissals;
        await store.save(record);
      }
    } catch (error) {
      debug(`could not read the dismissals of scan ${record.scan_id} from the service; using those known before`, error);
    }
    return record;
  }

  /**
   * Saves a new scan and makes it the latest; a local one is registered as
   * running before anything is written (a status call in between sees it
   * live) and starts its work only after, so the result is the last write.
   */
  private async persistStart(record: ScanRecord, work: () => Promise<void>): Promise<void> {
    const store = new ScanStore(record.repo);
    const local = record.state === 'running' && !record.remote;
    let started: () => void = () => undefined;
    const saved = new Promise<void>((resolve) => (started = resolve));
    if (local) this.runLocal(record, work, saved);
    try {
      await store.save(record);
      await store.setLatest(record.scan_id);
    } finally {
      started();
    }
  }

  private runLocal(record: ScanRecord, work: () => Promise<void>, saved: Promise<void>): void {
    const store = new ScanStore(record.repo);
    const run = (async () => {
      await saved;
      // Let the start call answer before the CPU-heavy part begins.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await work();
        record.state = 'completed';
      } catch (error) {
        debug('scan failed', error);
        record.state = 'failed';
        record.error = error instanceof Error ? error.message : String(error);
      }
      record.finishedAt = new Date().toISOString();
      await store.save(record).catch((error) => debug('could not save scan record', error));
      debug('scan finished', { scan_id: record.scan_id, state: record.state, findings: record.findings.length });
    })().finally(() => this.running.delete(record.scan_id));
    this.running.set(record.scan_id, { record, work: run });
  }

  private async analyseDiff(
    files: SourceFile[],
    skipped: SkippedFile[],
    changedLines: Map<string, Set<number>>,
    repo: string,
    record: ScanRecord,
  ): Promise<void> {
    if (files.length === 0) return;
    const { scanSourceFiles } = await loadEngine();
    // Timed from here: loading the engine once per server is no throughput figure.
    const started = performance.now();
    const result = await scanSourceFiles(files, { cacheDir: cacheDir(repo), skipped });
    const touching = result.findings.filter((f) => touchesChangedLines(f, changedLines.get(f.file)));
    record.findings = touching;
    record.preexisting = result.findings.length - touching.length;
    record.summary = result.summary;
    const size = { files: files.length, bytes: files.reduce((n, f) => n + f.content.length, 0) };
    void recordTimings({ tree: { size, cachedFiles: result.summary.cachedFiles, durationMs: Math.round(performance.now() - started) } });
  }

  private async analyseFull(repo: string, record: ScanRecord, listing: Listing, historySize: HistorySize): Promise<void> {
    const [{ readListed }, { scanHistory }, { scanSourceFiles }] = await Promise.all([loadDirectorySource(), loadHistorySource(), loadEngine()]);
    const cache = prepareCacheDir(repo);
    const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
      const started = performance.now();
      const value = await work();
      return { value, ms: Math.round(performance.now() - started) };
    };
    const [tree, history] = await Promise.all([
      timed(async () => {
        const collected = readListed(listing);
        return { collected, result: await scanSourceFiles(collected.files, { cacheDir: cache, skipped: collected.skipped }) };
      }),
      timed(() => scanHistory(repo, { cacheDir: cache })),
    ]);
    const { result, collected } = tree.value;
    record.files_considered = collected.files.length;
    const seen = new Set(result.findings.map((f) => f.id));
    const historyOnly = history.value.findings.filter((f: Finding) => !seen.has(f.id));
    record.findings = [...result.findings, ...historyOnly];
    record.summary = {
      ...result.summary,
      historyCommits: history.value.commitsSeen,
      historyBlobs: history.value.blobsScanned,
      treeMs: tree.ms,
      historyMs: history.ms,
    };
    const size = { files: collected.files.length, bytes: collected.files.reduce((n, f) => n + f.content.length, 0) };
    await recordTimings({
      repo,
      tree: { size, cachedFiles: result.summary.cachedFiles, durationMs: tree.ms },
      history: { size: historySize, durationMs: history.ms },
    });
  }
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

function newRecord(repo: string, mode: 'diff' | 'full', eta_ms: number, files_considered: number): ScanRecord {
  return {
    scan_id: randomUUID(),
    repo,
    mode,
    state: 'running',
    createdAt: new Date().toISOString(),
    eta_ms,
    files_considered,
    polls: 0,
    findings: [],
    pid: process.pid,
  };
}

/** Another MCP server (another IDE window) may be running the scan; a dead one never finishes it. */
function processAlive(pid: number | undefined): boolean {
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The engine's summary shape, whether the record holds a local summary or the service's job summary (other field shapes). */
function fullSummary(record: ScanRecord) {
  const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
  return {
    filesScanned: record.summary?.filesScanned ?? record.files_considered,
    linesScanned: record.summary?.linesScanned ?? 0,
    languages: record.summary?.languages ?? {},
    skipped: list<SkippedFile>(record.summary?.skipped),
    warnings: list<ScanWarning>(record.summary?.warnings),
    partiallyParsed: record.summary?.partiallyParsed ?? 0,
    findingsBySeverity: record.summary?.findingsBySeverity ?? { critical: 0, high: 0, medium: 0, low: 0 },
    suppressed: record.summary?.suppressed ?? 0,
    testFindingsHidden: record.summary?.testFindingsHidden ?? 0,
    cachedFiles: record.summary?.cachedFiles ?? 0,
    durationMs: record.summary?.durationMs ?? 0,
    rulesVersion: record.summary?.rulesVersion ?? '',
  };
}

function completedHint(record: ScanRecord, repoArg: string): string {
  const counts = describeCounts(record.findings);
  const repo = JSON.stringify(repoArg);
  const hiddenInTests = record.summary?.testFindingsHidden ?? 0;
  const dismissed = record.findings.filter((f) => record.dismissals?.[f.id]).length;
  const inTests =
    (hiddenInTests
      ? ` ${hiddenInTests} finding${hiddenInTests === 1 ? '' : 's'} in test code not shown (scanner scan --include-tests shows them).`
      : '') +
    (dismissed
      ? ` ${dismissed} of them ${dismissed === 1 ? 'was' : 'were'} dismissed on the scanning service (flagged dismissed, listed after the open ones): leave ${dismissed === 1 ? 'it' : 'them'} unless asked.`
      : '');
  if (record.mode === 'diff') {
    const older =
      (record.preexisting
        ? ` ${record.preexisting} older finding${record.preexisting === 1 ? '' : 's'} in these files do not touch the changed lines (scanner_full_scan shows them).`
        : '') + inTests;
    if (record.findings.length === 0) {
      return `No findings in the ${record.files_considered} changed file${record.files_considered === 1 ? '' : 's'}.${older} Before pushing, run scanner_full_scan {repo: ${repo}}.`;
    }
    return `${counts} in your changes. Fix them (see remediation), then run scanner_scan_diff {repo: ${repo}} again.${older}`;
  }
  return `Full scan: ${counts}.${inTests} Call scanner_report {repo: ${repo}, scan_id: "${record.scan_id}"} for the markdown report.`;
}

/** How long a running scan should still take by its estimate (negative once overdue). */
function remainingMs(record: ScanRecord): number {
  return record.eta_ms - (Date.now() - Date.parse(record.createdAt));
}
