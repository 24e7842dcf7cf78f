// `scanner scan [PATH]`: the offline door to the engine, for developers and CI.
// Exit codes are a contract: 0 nothing at or above --fail-on, 1 something,
// 2 the scan could not be done (bad input, bad flag, unreadable baseline…).
import { Command, InvalidArgumentError, Option } from './commander.ts';
import { realpath, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { SEVERITIES, SEVERITY_RANK, type ScanResult, type Severity, type SkippedFile, type SourceFile } from '../engine/types.ts';
import type { ScanOptions } from '../engine/scan.ts';
import type { WorkerPool } from '../engine/workers/pool.ts';
import type { Listing } from '../sources/directory.ts';
import { REPORT_FORMATS, renderReport, type ReportFormat } from '../report/render.ts';
import { countBySeverity, summaryLine, testFindingsNote } from '../report/common.ts';
import { PACKAGE_NAME, PACKAGE_VERSION } from './package-info.ts';
import { createProgressBar, type ProgressBar } from './progress.ts';
import { cacheDir as workspaceCacheDir, prepareCacheDir } from '../sources/workspace.ts';
import { withoutCredentials } from '../sources/url-credentials.ts';

/** A problem with what the user asked for: reported in one line, exit 2. */
export class ScanInputError extends Error {}

export interface ScanCommandOptions {
  format: ReportFormat;
  output?: string;
  diff?: string;
  history?: boolean;
  rules?: string[];
  baseline?: string;
  failOn: Severity;
  jobs?: number;
  cache: boolean;
  ref?: string;
  diffContext?: 'lines' | 'file';
  includeTests?: boolean;
}

const EXIT_CLEAN = 0;
const EXIT_FINDINGS = 1;
const EXIT_ERROR = 2;

export function registerScanCommand(program: Command): void {
  program
    .command('scan')
    .description('scan a directory, a file or a git URL for vulnerabilities and secrets')
    .argument('[path]', 'directory or file to scan, or a git URL (with --ref)', '.')
    .addOption(new Option('-f, --format <format>', 'report format').choices(REPORT_FORMATS).default('text'))
    .option('-o, --output <file>', 'write the report to FILE instead of standard output')
    .option('--diff <ref>', 'scan only files changed since REF (committed, staged, unstaged, untracked) and report findings on changed lines')
    .addOption(
      new Option('--diff-context <context>', 'with --diff: report findings on changed lines only (lines) or anywhere in a changed file (file)')
        .choices(['lines', 'file'])
        .default('lines'),
    )
    .option('--history', 'also scan every commit of the git history for secrets')
    .option('--include-tests', 'also report findings in test code (test files and folders, fixtures); by default they are counted, not shown')
    .option('--rules <dir>', 'directory of extra YAML rules (repeatable)', (dir: string, dirs: string[] | undefined) => [...(dirs ?? []), dir])
    .option('--baseline <file>', 'a previous JSON or SARIF report: findings already in it are not reported again')
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding at or above this severity is reported').choices(SEVERITIES).default('low'),
    )
    .option('-j, --jobs <n>', 'threads analysing files at once: this one and N-1 worker threads (default: number of cores; small scans stay on one thread)', parseJobs)
    .option('--no-cache', 'neither read nor write the result cache (.scanner/cache under PATH)')
    .option('--ref <ref>', 'branch, tag or commit to check out when PATH is a git URL')
    .addHelpText(
      'after',
      '\nExit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 error (bad path, flag or baseline).',
    )
    .action(async (target: string, options: ScanCommandOptions) => {
      const code = await runScanCommand(target, options);
      // Worker threads or a pending clone clean-up must not keep the process alive past the answer.
      process.exit(code);
    });
}

function parseJobs(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 256) {
    throw new InvalidArgumentError('expected a whole number from 1 to 256.');
  }
  return Number(value);
}

/** Runs the command and returns its exit code; every error becomes one line on stderr and exit 2. */
export async function runScanCommand(target: string, options: ScanCommandOptions): Promise<number> {
  const progress = createProgressBar();
  const historyProgress = createProgressBar(process.stderr, { label: 'history', unit: 'commits', redrawEveryMs: 0 });
  const abort = new AbortController();
  const onSignal = () => abort.abort(new ScanInputError('interrupted'));
  process.once('SIGINT', onSignal);
  try {
    const { result, root } = await scan(target, options, { tree: progress, history: historyProgress }, abort.signal);
    progress.stop();
    historyProgress.stop();
    await emitReport(result, target, root, options);
    const threshold = SEVERITY_RANK[options.failOn];
    return result.findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? EXIT_FINDINGS : EXIT_CLEAN;
  } catch (error) {
    progress.stop();
    historyProgress.stop();
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`scanner scan: error: ${message}\n`);
    if (process.env.SCANNER_DEBUG && error instanceof Error && !(error instanceof ScanInputError)) {
      process.stderr.write(`${error.stack}\n`);
    }
    return EXIT_ERROR;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

interface ScanTarget {
  /** Absolute directory (or bare repository, for a clone) the report's paths are relative to. */
  root: string;
  /** The part of `root` to scan (root-relative, posix): PATH was a file, or a folder inside the repository. */
  within?: { path: string; isFile: boolean };
  /** Set for a URL: the cloned commit to read files from. */
  clone?: { commit: string; cleanup: () => Promise<void> };
}

/** The bars a scan draws on a terminal: the working tree's files, then the history's commits. */
interface ScanProgress {
  tree: ProgressBar;
  history: ProgressBar;
}

async function scan(
  target: string,
  options: ScanCommandOptions,
  progress: ScanProgress,
  signal: AbortSignal,
): Promise<{ result: ScanResult; root?: string }> {
  // Check everything the user gave before any slow work, so a typo fails in milliseconds.
  const baseline = options.baseline ? await (await import('../report/baseline.ts')).readBaseline(options.baseline) : undefined;
  const extraRulesDirs = await Promise.all((options.rules ?? []).map((dir) => existingDirectory(dir, '--rules')));
  if (options.output) await existingDirectory(path.dirname(path.resolve(options.output)), '--output (its folder)');
  const { isRepositoryUrl } = await import('../sources/scan-targets.ts');
  const isUrl = isRepositoryUrl(target);
  if (options.ref && !isUrl) throw new ScanInputError('--ref applies only when PATH is a git URL');
  if (options.diff && isUrl) throw new ScanInputError('--diff scans a local repository; it cannot be combined with a git URL');

  const where = isUrl ? await cloneTarget(target, options, signal) : await localTarget(target, Boolean(options.diff || options.history));
  // The history bar needs the number of commits; counted (well under a second) while the tree is scanned.
  const historyCommits =
    options.history && progress.history.active
      ? import('../sources/git-history.ts').then(({ historySize }) => historySize(where.root, { signal })).then((size) => size.commits, () => null)
      : Promise.resolve(null);
  // Worker threads start loading the rules as soon as the listing shows enough work for them,
  // while the files are read (the scan stops them) — unless the tree was scanned before: then
  // most results come from the cache, and the scan starts threads itself if much is left.
  const jobs = options.jobs ?? availableParallelism();
  const scannedBefore = options.cache && !where.clone && (await stat(workspaceCacheDir(where.root)).catch(() => undefined));
  let helpers: WorkerPool | undefined;
  const startHelpers: HelperStart = async (listing) => {
    if (helpers || jobs < 2 || where.within?.isFile || scannedBefore) return helpers;
    const { WorkerPool, minBytesForWorkers } = await import('../engine/workers/pool.ts');
    if (!listing) helpers = WorkerPool.start(jobs - 1, extraRulesDirs);
    else if (listing.files.reduce((n, f) => n + f.size, 0) >= minBytesForWorkers(jobs)) {
      // A path per file extension tells the threads which grammars to load.
      const byExtension = new Map(listing.files.map((f) => [path.extname(f.path), f.path]));
      helpers = WorkerPool.start(jobs - 1, extraRulesDirs, [...byExtension.values()]);
    }
    return helpers;
  };
  try {
    // A tree we cannot write to is scanned without a cache.
    const cacheDir = options.cache && !where.clone ? prepareCacheDir(where.root) : null;
    const scanOptions: ScanOptions = {
      jobs,
      cacheDir,
      extraRulesDirs,
      onProgress: ({ filesDone, filesTotal }) => progress.tree.update(filesDone, filesTotal),
      signal,
      includeTests: Boolean(options.includeTests),
    };
    let changedLines: Map<string, Set<number>> | undefined;
    let result: ScanResult;
    if (cacheDir && !options.diff) result = await scanTreeWithCache(where, cacheDir, scanOptions, startHelpers);
    else {
      const collected = await collectFiles(where, options, signal, startHelpers);
      changedLines = collected.changedLines;
      const { scanSourceFiles } = await import('../engine/index.ts');
      result = await scanSourceFiles(collected.files, { ...scanOptions, helpers, skipped: collected.skipped });
    }
    if (changedLines) {
      const { limitToDiff } = await import('../sources/scan-targets.ts');
      result = { ...result, findings: limitToDiff(result.findings, changedLines, options.diffContext) };
    }
    if (options.history) {
      progress.tree.stop();
      result = await addHistorySecrets(result, where, signal, cacheDir, { bar: progress.history, commits: await historyCommits });
    }
    return {
      result: baseline ? (await import('../report/baseline.ts')).applyBaseline(result, baseline) : withCounts(result),
      // A temporary clone's path means nothing to the reader of the report.
      root: where.clone ? undefined : where.root,
    };
  } finally {
    helpers?.close();
    await where.clone?.cleanup();
  }
}

/**
 * A working tree scanned with the cache: when no file has changed since the last scan of
 * the same scope with the same rules (sizes, times and inodes as they were), its result is
 * reused without reading a file; otherwise the files are read and scanned, each unchanged
 * directory from the result cache.
 */
async function scanTreeWithCache(where: ScanTarget, cacheDir: string, options: ScanOptions, startHelpers: HelperStart): Promise<ScanResult> {
  const started = performance.now();
  // The cache's modules load while the tree is listed.
  const cacheModules = Promise.all([import('../engine/rules/builtin-dir.ts'), import('../engine/cache/tree-cache.ts')]);
  const { listDirectory, readListed } = await import('../sources/directory.ts');
  const scope = scopeGlobs(where);
  const listing = await listDirectory(where.root, scope ? { paths: scope } : undefined);
  const [{ BUILTIN_RULES_DIR }, { treeKey, storedTreeResult, storeTreeResult }] = await cacheModules;
  const key = treeKey([BUILTIN_RULES_DIR, ...(options.extraRulesDirs ?? [])], scope);
  // The stored result holds the test-code findings too, so that it answers scans with and
  // without --include-tests alike; they are left out here when not asked for.
  const shown = async (result: ScanResult) => (options.includeTests ? result : (await import('../engine/test-code.ts')).withoutTestFindings(result));
  const stored = storedTreeResult(cacheDir, key, listing.files, listing.skipped);
  if (stored) {
    const summary = { ...stored.summary, cachedFiles: stored.summary.filesScanned, durationMs: Math.round(performance.now() - started) };
    return shown({ findings: stored.findings, summary });
  }
  const helpers = await startHelpers(listing);
  const collected = readListed(listing);
  const { scanSourceFiles } = await import('../engine/index.ts');
  const result = await scanSourceFiles(collected.files, { ...options, includeTests: true, helpers, skipped: collected.skipped });
  storeTreeResult(cacheDir, key, listing.files, listing.skipped, result);
  // From the listing on, as for a result from the cache, so that the two compare.
  return shown({ ...result, summary: { ...result.summary, durationMs: Math.round(performance.now() - started) } });
}

/** Globs limiting a scan to part of the root: PATH was a file, or a folder inside the repository. */
function scopeGlobs(where: ScanTarget): string[] | undefined {
  return where.within ? [where.within.isFile ? where.within.path : `${where.within.path}/**`] : undefined;
}

/**
 * A directory is its own root, a file is scanned from its folder. With --diff or
 * --history the root is the top of the git repository (git speaks in paths
 * relative to it) and PATH, when deeper, limits what is reported.
 */
async function localTarget(target: string, needsGit: boolean): Promise<ScanTarget> {
  const absolute = path.resolve(target);
  let info;
  try {
    info = await stat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScanInputError(code === 'ENOENT' ? `path does not exist: ${target}` : `cannot read ${target}: ${code ?? (error as Error).message}`);
  }
  if (!info.isDirectory() && !info.isFile()) throw new ScanInputError(`not a file or directory: ${target}`);
  if (needsGit) {
    const { runGit } = await import('../sources/git.ts');
    const folder = info.isDirectory() ? absolute : path.dirname(absolute);
    let top: string;
    try {
      top = await realpath((await runGit(folder, ['rev-parse', '--show-toplevel'])).trim());
    } catch {
      throw new ScanInputError(`--diff and --history need a git repository, and ${target} is not inside one`);
    }
    const inside = path.relative(top, await realpath(absolute)).split(path.sep).join('/');
    return { root: top, within: inside ? { path: inside, isFile: info.isFile() } : undefined };
  }
  if (info.isDirectory()) return { root: absolute };
  return { root: path.dirname(absolute), within: { path: path.basename(absolute), isFile: true } };
}

async function existingDirectory(dir: string, flag: string): Promise<string> {
  const absolute = path.resolve(dir);
  let info;
  try {
    info = await stat(absolute);
  } catch {
    throw new ScanInputError(`${flag}: directory does not exist: ${dir}`);
  }
  if (!info.isDirectory()) throw new ScanInputError(`${flag}: not a directory: ${dir}`);
  return absolute;
}

/**
 * A URL is fetched into a temporary bare repository (hooks off, no prompts, time
 * and size limits) and its files are read from the commit, never checked out.
 * A private repository's token comes from SCANNER_GIT_TOKEN, never a flag.
 */
async function cloneTarget(url: string, options: ScanCommandOptions, signal: AbortSignal): Promise<ScanTarget> {
  const { cloneRepository, CloneError } = await import('../sources/clone.ts');
  try {
    const cloned = await cloneRepository(url, {
      ref: options.ref,
      history: Boolean(options.history),
      token: process.env.SCANNER_GIT_TOKEN || undefined,
      // The user runs this on their own machine: local mirrors are fine.
      allowFileProtocol: true,
      signal,
    });
    return { root: cloned.dir, clone: { commit: cloned.commit, cleanup: cloned.cleanup } };
  } catch (error) {
    if (error instanceof CloneError) throw new ScanInputError(`cannot fetch ${withoutCredentials(url)}: ${error.message}`);
    throw error;
  }
}

interface CollectedFiles {
  files: SourceFile[];
  skipped: SkippedFile[];
  changedLines?: Map<string, Set<number>>;
}

async function collectFiles(where: ScanTarget, options: ScanCommandOptions, signal: AbortSignal, startHelpers: HelperStart): Promise<CollectedFiles> {
  const globs = scopeGlobs(where);
  if (where.clone) {
    // A clone's size is not known before its files are read: the threads start at once.
    await startHelpers();
    const { collectTree } = await import('../sources/git-tree.ts');
    return collectTree(where.root, where.clone.commit, { paths: globs, signal });
  }
  if (options.diff) {
    const { collectDiff } = await import('../sources/git-diff.ts');
    try {
      // git pathspecs: a folder or file path limits the diff to it.
      return await collectDiff(where.root, options.diff, { paths: where.within ? [where.within.path] : undefined, signal });
    } catch (error) {
      throw new ScanInputError(`--diff ${options.diff}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const { listDirectory, readListed } = await import('../sources/directory.ts');
  const listing = await listDirectory(where.root, globs ? { paths: globs } : undefined);
  await startHelpers(listing);
  return readListed(listing);
}

/**
 * Starts the worker threads (once) if the files of `listing` are work enough for them, or
 * whatever the work when it is not known yet; the threads, if any.
 */
type HelperStart = (listing?: Listing) => Promise<WorkerPool | undefined>;

/** Time and counts of each part of a `--history` scan, in the summary of the JSON report. */
export interface ScanPhases {
  tree: { durationMs: number; filesScanned: number; linesScanned: number; cachedFiles: number };
  history: {
    durationMs: number;
    commits: number;
    /** Of `commits`, those whose results came from the cache (a re-scan reads only the others). */
    cachedCommits: number;
    /** File versions (one commit's added lines in one file) scanned for secrets. */
    blobsScanned: number;
    bytesScanned: number;
    blobsSkipped: { tooLarge: number; binary: number; unreadable: number };
    /** Secrets found in history within PATH, before they are merged with the tree's findings. */
    findings: number;
  };
}

/**
 * Secrets from every commit, folded into the tree's findings (one per fingerprint). The
 * summary's time becomes the sum of both phases, and `summary.phases` tells them apart.
 */
async function addHistorySecrets(
  result: ScanResult,
  where: ScanTarget,
  signal: AbortSignal,
  cacheDir: string | null,
  progress: { bar: ProgressBar; commits: number | null },
): Promise<ScanResult> {
  const { scanHistory } = await import('../sources/git-history.ts');
  const { mergeHistoryFindings, historySummary } = await import('../sources/scan-targets.ts');
  const { bar, commits } = progress;
  const started = performance.now();
  // The history reader reports every 500 commits: each report is drawn.
  const draw = (seen: number, blobs: number) => bar.update(seen, Math.max(commits ?? 0, seen), `${blobs} blobs`);
  draw(0, 0);
  let history;
  try {
    // With the cache, a re-scan reads only the commits added since the last one.
    history = await scanHistory(where.root, { signal, cacheDir, onProgress: ({ commitsSeen, blobsScanned }) => draw(commitsSeen, blobsScanned) });
  } catch (error) {
    throw new ScanInputError(`--history: ${error instanceof Error ? error.message : String(error)}`);
  }
  draw(history.commitsSeen, history.blobsScanned);
  bar.stop();
  const historyMs = Math.round(performance.now() - started);
  const within = where.within;
  const inScope = within
    ? history.findings.filter((f) => (within.isFile ? f.file === within.path : f.file.startsWith(`${within.path}/`)))
    : history.findings;
  const { summary } = result;
  const phases: ScanPhases = {
    tree: { durationMs: summary.durationMs, filesScanned: summary.filesScanned, linesScanned: summary.linesScanned, cachedFiles: summary.cachedFiles },
    history: {
      durationMs: historyMs,
      commits: history.commitsSeen,
      cachedCommits: history.cachedCommits,
      blobsScanned: history.blobsScanned,
      bytesScanned: history.bytesScanned,
      blobsSkipped: { tooLarge: history.blobsSkipped.tooLarge, binary: history.blobsSkipped.binary, unreadable: history.blobsSkipped.unreadable },
      findings: inScope.length,
    },
  };
  // How much history was seen (and, for a shallow clone, where it stops) and how long each part took go with the report.
  const timing = `; history ${seconds(historyMs)}, working tree ${seconds(summary.durationMs)}`;
  const warnings = [...summary.warnings, { file: '', message: historySummary(history) + timing }];
  const withPhases: ScanResult['summary'] & { phases: ScanPhases } = { ...summary, warnings, durationMs: summary.durationMs + historyMs, phases };
  return { findings: mergeHistoryFindings(result.findings, inScope), summary: withPhases };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function withCounts(result: ScanResult): ScanResult {
  return { findings: result.findings, summary: { ...result.summary, findingsBySeverity: countBySeverity(result.findings) } };
}

async function emitReport(result: ScanResult, target: string, root: string | undefined, options: ScanCommandOptions): Promise<void> {
  const toTerminal = !options.output && process.stdout.isTTY === true;
  const color = process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : toTerminal && !process.env.NO_COLOR;
  const report = await renderReport(result, options.format, {
    tool: { name: PACKAGE_NAME, version: PACKAGE_VERSION },
    root,
    target,
    color,
  });
  if (options.output) {
    try {
      await writeFile(options.output, report);
    } catch (error) {
      throw new ScanInputError(`cannot write ${options.output}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    // The report went to a file: say in one line what it holds.
    const note = testFindingsNote(result.summary, '--include-tests shows them');
    process.stderr.write(`${summaryLine(result)}${note ? `; ${note}` : ''}; report written to ${options.output}\n`);
    return;
  }
  await new Promise<void>((resolve, reject) => process.stdout.write(report, (error) => (error ? reject(error) : resolve())));
}
