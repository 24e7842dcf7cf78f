// `scanner scan [PATH]`: the offline door to the engine, for developers and CI.
// Exit codes are a contract: 0 nothing at or above --fail-on, 1 something,
// 2 the scan could not be done (bad input, bad flag, unreadable baseline…).
import { Command, InvalidArgumentError, Option } from 'commander';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEVERITIES, SEVERITY_RANK, type Finding, type ScanResult, type Severity, type SkippedFile, type SourceFile } from '../engine/types.ts';
import {
  REPORT_FORMATS,
  applyBaseline,
  countBySeverity,
  readBaseline,
  renderReport,
  summaryLine,
  type ReportFormat,
} from '../report/index.ts';
import { PACKAGE_NAME, PACKAGE_VERSION } from './package-info.ts';
import { createProgressBar } from './progress.ts';

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
    .option('--history', 'also scan every commit of the git history for secrets')
    .option('--rules <dir>', 'directory of extra YAML rules (repeatable)', (dir: string, dirs: string[] | undefined) => [...(dirs ?? []), dir])
    .option('--baseline <file>', 'a previous JSON or SARIF report: findings already in it are not reported again')
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding at or above this severity is reported').choices(SEVERITIES).default('low'),
    )
    .option('-j, --jobs <n>', 'worker threads (default: number of cores)', parseJobs)
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
  const abort = new AbortController();
  const onSignal = () => abort.abort(new ScanInputError('interrupted'));
  process.once('SIGINT', onSignal);
  try {
    const { result, root } = await scan(target, options, progress.update, abort.signal);
    progress.stop();
    await emitReport(result, target, root, options);
    const threshold = SEVERITY_RANK[options.failOn];
    return result.findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? EXIT_FINDINGS : EXIT_CLEAN;
  } catch (error) {
    progress.stop();
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
  /** Absolute directory the report's paths are relative to. */
  root: string;
  /** Limits the walk to these root-relative paths (PATH was a file). */
  paths?: string[];
  /** A directory we cloned into and must remove. */
  cleanup?: () => Promise<void>;
  isClone: boolean;
}

async function scan(
  target: string,
  options: ScanCommandOptions,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<{ result: ScanResult; root?: string }> {
  // Check everything the user gave before any slow work, so a typo fails in milliseconds.
  const baseline = options.baseline ? await readBaseline(options.baseline) : undefined;
  const extraRulesDirs = await Promise.all((options.rules ?? []).map((dir) => existingDirectory(dir, '--rules')));
  if (options.output) await existingDirectory(path.dirname(path.resolve(options.output)), '--output (its folder)');
  const isUrl = looksLikeGitUrl(target);
  if (options.ref && !isUrl) throw new ScanInputError('--ref applies only when PATH is a git URL');
  if (options.diff && isUrl) throw new ScanInputError('--diff scans a local repository; it cannot be combined with a git URL');

  const where = isUrl ? await cloneTarget(target, options) : await localTarget(target);
  try {
    const { files, skipped, changedLines } = await collectFiles(where, options);
    const { scanSourceFiles } = await import('../engine/index.ts');
    let result = await scanSourceFiles(files, {
      jobs: options.jobs,
      cacheDir: options.cache && !where.isClone ? path.join(where.root, '.scanner', 'cache') : null,
      extraRulesDirs,
      skipped,
      onProgress: ({ filesDone, filesTotal }) => onProgress(filesDone, filesTotal),
      signal,
    });
    if (changedLines) result = keepChangedLines(result, changedLines);
    if (options.history) result = await addHistorySecrets(result, where.root, signal);
    return {
      result: baseline ? applyBaseline(result, baseline) : withCounts(result),
      // A temporary clone's path means nothing to the reader of the report.
      root: where.isClone ? undefined : where.root,
    };
  } finally {
    await where.cleanup?.();
  }
}

async function localTarget(target: string): Promise<ScanTarget> {
  const absolute = path.resolve(target);
  let info;
  try {
    info = await stat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScanInputError(code === 'ENOENT' ? `path does not exist: ${target}` : `cannot read ${target}: ${code ?? (error as Error).message}`);
  }
  if (info.isDirectory()) return { root: absolute, isClone: false };
  if (info.isFile()) return { root: path.dirname(absolute), paths: [path.basename(absolute)], isClone: false };
  throw new ScanInputError(`not a file or directory: ${target}`);
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

function looksLikeGitUrl(target: string): boolean {
  return /^(https?|ssh|git|file):\/\//i.test(target) || /^[\w.-]+@[\w.-]+:[^/]/.test(target);
}

async function cloneTarget(url: string, _options: ScanCommandOptions): Promise<ScanTarget> {
  throw new ScanInputError(`scanning a git URL (${url}) needs the clone support of src/sources/clone.ts, which this build does not have yet`);
}

interface CollectedFiles {
  files: SourceFile[];
  skipped: SkippedFile[];
  changedLines?: Map<string, Set<number>>;
}

async function collectFiles(where: ScanTarget, options: ScanCommandOptions): Promise<CollectedFiles> {
  if (options.diff) {
    throw new ScanInputError('--diff needs the git diff support of src/sources/git-diff.ts, which this build does not have yet');
  }
  const { collectDirectory } = await import('../sources/directory.ts');
  return collectDirectory(where.root, where.paths ? { paths: where.paths } : undefined);
}

async function addHistorySecrets(result: ScanResult, _root: string, _signal: AbortSignal): Promise<ScanResult> {
  void result;
  throw new ScanInputError('--history needs the git history support of src/sources/git-history.ts, which this build does not have yet');
}

/**
 * A diff scan reports what the change introduced: findings on a changed line,
 * or whose data flow passes through one (a new source feeding an old sink).
 */
export function keepChangedLines(result: ScanResult, changedLines: Map<string, Set<number>>): ScanResult {
  const touches = (file: string, line: number) => changedLines.get(file)?.has(line) ?? false;
  const findings = result.findings.filter(
    (f: Finding) => touches(f.file, f.line) || (f.trace ?? []).some((step) => touches(step.file, step.line)),
  );
  return withCounts({ findings, summary: result.summary });
}

function withCounts(result: ScanResult): ScanResult {
  return { findings: result.findings, summary: { ...result.summary, findingsBySeverity: countBySeverity(result.findings) } };
}

async function emitReport(result: ScanResult, target: string, root: string | undefined, options: ScanCommandOptions): Promise<void> {
  const toTerminal = !options.output && process.stdout.isTTY === true;
  const color = process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : toTerminal && !process.env.NO_COLOR;
  const report = renderReport(result, options.format, {
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
    process.stderr.write(`${summaryLine(result)}; report written to ${options.output}\n`);
    return;
  }
  await new Promise<void>((resolve, reject) => process.stdout.write(report, (error) => (error ? reject(error) : resolve())));
}
