// Scans a set of files: decodes them, spreads the analysis over worker threads,
// and reuses cached results for files whose content, neighbourhood and rule set
// have not changed.
import { availableParallelism } from 'node:os';
import './tiering.ts';
import type { Finding, ScanResult, ScanSummary, ScanWarning, SkippedFile, SourceFile } from './types.ts';
import { loadRuleSet, type RuleSet } from './rules/load.ts';
import type { Analyzer, AnalysedFile, FileAnalysis, FileText } from './analyze.ts';
import { ResultCache } from './cache/directory-cache.ts';
import { decodeSource } from './parse/text.ts';
import { WorkerPool, minBytesForWorkers } from './workers/pool.ts';
import { WorkQueue } from './workers/work-queue.ts';
import { byCodeUnits } from './order.ts';
import { renumberCollisions } from './findings.ts';
import { isTestFinding, withoutTestFindings } from './test-code.ts';
import { SetupScriptPasswords } from './secrets/setup-scripts.ts';
import { UnreferencedCode } from './unreferenced-code.ts';
import { AdvisedPlaceholders } from './advised-placeholders.ts';
import { NumericPlaceholders } from './numeric-placeholders.ts';
import { withoutIncludeProperties } from './project/mapper-xml.ts';
import { GuardedHttpClients } from './guarded-clients.ts';
import { ContainerHealthProbes } from './health-probes.ts';

export interface ScanProgress {
  filesDone: number;
  filesTotal: number;
}

export interface ScanOptions {
  /** Rules to use; default: the built-in rules (plus `extraRulesDirs`). */
  rules?: RuleSet;
  /** Directories of extra YAML rule files (`--rules DIR`). */
  extraRulesDirs?: string[];
  /** Worker threads; default: number of cores. 1 = analyse in this thread. */
  jobs?: number;
  /** Directory of the result cache (`.scanner/cache`); null or undefined disables it. */
  cacheDir?: string | null;
  /** Files the source layer already skipped (vendored, binary, …): counted in the summary. */
  skipped?: SkippedFile[];
  onProgress?: (progress: ScanProgress) => void;
  /** Called once per reported finding as soon as it is known (the service streams these). */
  onFinding?: (finding: Finding) => void;
  /**
   * Report findings whose sink is in test code too (`--include-tests`). By default they are
   * left out and counted in `summary.testFindingsHidden`.
   */
  includeTests?: boolean;
  signal?: AbortSignal;
  /**
   * Worker threads started ahead (`WorkerPool.start(jobs - 1, extraRulesDirs)`) while the
   * files were collected. The scan takes them over: it uses them if the work is worth it, and
   * stops them either way.
   */
  helpers?: WorkerPool;
  /**
   * Source size (bytes) from which worker threads are started; default `minBytesForWorkers(jobs)`,
   * measured for real scans. Tests lower it to check the threaded path on little code.
   */
  minBytesForWorkers?: number;
}


let cachedAnalyzer: Analyzer | undefined;

/**
 * One analyzer per rule set: grammars and compiled queries are reused across scans. The
 * analysis modules (parsers, taint engine) load only when something is not in the cache.
 */
async function analyzerFor(rules: RuleSet): Promise<Analyzer> {
  const { Analyzer } = await import('./analyze.ts');
  if (cachedAnalyzer?.rules !== rules) cachedAnalyzer = Analyzer.create(rules);
  return cachedAnalyzer;
}

let defaultRules: RuleSet | undefined;

export async function scanSourceFiles(files: SourceFile[], options: ScanOptions = {}): Promise<ScanResult> {
  try {
    return await scanFiles(files, options);
  } finally {
    options.helpers?.close();
  }
}

async function scanFiles(files: SourceFile[], options: ScanOptions): Promise<ScanResult> {
  const started = performance.now();
  const rules = options.rules ?? (options.extraRulesDirs?.length ? loadRuleSet(options.extraRulesDirs) : (defaultRules ??= loadRuleSet()));
  const skipped: SkippedFile[] = [...(options.skipped ?? [])];
  const warnings: ScanWarning[] = [];
  const texts = new Map<string, FileText>();
  for (const file of files) {
    const decoded = decodeSource(file);
    if ('skip' in decoded) skipped.push(decoded.skip);
    else {
      texts.set(file.path, { path: file.path, text: decoded.text });
      if (decoded.warning) warnings.push({ file: file.path, message: decoded.warning });
    }
  }

  const cache = options.cacheDir ? new ResultCache(options.cacheDir, rules.version, texts) : undefined;
  const results: AnalysedFile[] = [];
  // A file's result depends on its whole directory (flows between neighbours), so a
  // directory is analysed whole or taken whole from the cache.
  const byDirectory = new Map<string, string[]>();
  for (const p of texts.keys()) {
    const dir = p.slice(0, p.lastIndexOf('/') + 1);
    (byDirectory.get(dir) ?? byDirectory.set(dir, []).get(dir)!).push(p);
  }
  const pending: string[] = [];
  for (const files of byDirectory.values()) {
    const stored = cache?.get(files);
    if (stored) results.push(...stored);
    else pending.push(...files);
  }
  // A password the tree's own SQL setup script sets is its published default: judged over the
  // whole scan, so on every result, cached or not (the cache keeps each file's own findings).
  const setupPasswords = new SetupScriptPasswords(texts);
  // A container's health probe is not reachable deployed code either (health-probes.ts): judged over the whole scan too.
  const quietInTests = new Set(rules.rules.filter((r) => r.spec.notInTests).map((r) => r.spec.id));
  const healthProbes = new ContainerHealthProbes(texts, (ruleId) => quietInTests.has(ruleId));
  // Code nothing can call (unreferenced-code.ts), and mapper placeholders an AOP advice fills
  // (advised-placeholders.ts), bound to a number (numeric-placeholders.ts) or filled by the mapper's own
  // include properties (mapper-xml.ts): judged over the whole scan too.
  const unreferenced = new UnreferencedCode(texts);
  const advised = new AdvisedPlaceholders(texts);
  const numeric = new NumericPlaceholders(texts);
  // A request through an HTTP client registered with SSRF protection (guarded-clients.ts): judged over the whole scan too.
  const guardedClients = new GuardedHttpClients(texts);
  const shown = (r: AnalysedFile): AnalysedFile => {
    const findings = withoutIncludeProperties(guardedClients.filter(numeric.filter(advised.filter(unreferenced.filter(healthProbes.filter(setupPasswords.filter(r.findings)))))), texts);
    return findings === r.findings ? r : { ...r, findings };
  };
  for (let i = 0; i < results.length; i++) results[i] = shown(results[i]);
  const cachedFiles = results.length;
  const total = texts.size;
  let done = cachedFiles;
  // Streamed once per rule and place, as the report keeps them (below). Identical code in one file found from two
  // directories may stream under one id; the report numbers such ids apart (findings.ts renumberCollisions).
  const streamed = new Set<string>();
  const stream = (r: AnalysedFile) => {
    for (const f of r.findings) if (!streamed.has(placeOf(f)) && streamed.add(placeOf(f)) && (options.includeTests || !isTestFinding(f))) options.onFinding?.(f);
  };
  for (const r of results) stream(r);
  options.onProgress?.({ filesDone: done, filesTotal: total });

  if (options.signal?.aborted) throw abortError();
  if (pending.length) {
    const { assembleDirectory } = await import('./analyze.ts');
    // Each directory's results are assembled once all its files are analysed.
    const waiting = new Map<string, FileAnalysis[]>();
    const onAnalysis = (a: FileAnalysis) => {
      const dir = a.path.slice(0, a.path.lastIndexOf('/') + 1);
      const analyses = waiting.get(dir) ?? waiting.set(dir, []).get(dir)!;
      analyses.push(a);
      if (analyses.length < byDirectory.get(dir)!.length) return;
      waiting.delete(dir);
      const assembled = assembleDirectory(analyses, (p) => texts.get(p)!.text);
      cache?.set(assembled);
      for (const assembledFile of assembled) {
        const r = shown(assembledFile);
        results.push(r);
        stream(r);
        done++;
      }
      options.onProgress?.({ filesDone: done, filesTotal: total });
    };
    const jobs = Math.max(1, options.jobs ?? availableParallelism());
    const pendingBytes = pending.reduce((n, p) => n + texts.get(p)!.text.length, 0);
    const worthHelpers = jobs > 1 && pendingBytes >= (options.minBytesForWorkers ?? minBytesForWorkers(jobs)) && pending.length > jobs;
    // Helpers started ahead are used only when the work is worth it; scanSourceFiles stops them either way.
    const helpers = worthHelpers ? (options.helpers ?? WorkerPool.start(jobs - 1, rules.dirs)) : undefined;
    try {
      await analyseShared(texts, pending, helpers, rules, onAnalysis, options.signal);
    } finally {
      helpers?.close();
      await cache?.flush();
    }
  }

  // The results in the order one thread analyses them, whichever thread did and whether or not
  // they came from the cache, so that the report does not depend on timing (below).
  inAnalysisOrder(results);
  // A sink reached from several directories is found once per caller: keep one finding per rule and place,
  // the first in that order (the trace shown is that caller's).
  const places = new Set<string>();
  const findings = renumberCollisions(results.flatMap((r) => r.findings).filter((f) => !places.has(placeOf(f)) && !!places.add(placeOf(f))));
  findings.sort((a, b) => byCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column || byCodeUnits(a.ruleId, b.ruleId));
  const summary: ScanSummary = {
    filesScanned: results.length,
    linesScanned: results.reduce((n, r) => n + r.lines, 0),
    languages: {},
    skipped,
    warnings: [...warnings, ...results.flatMap((r) => r.warnings)],
    partiallyParsed: results.filter((r) => r.partiallyParsed).length,
    findingsBySeverity: { critical: 0, high: 0, medium: 0, low: 0 },
    suppressed: results.reduce((n, r) => n + r.suppressed, 0),
    testFindingsHidden: 0,
    cachedFiles,
    durationMs: Math.round(performance.now() - started),
    rulesVersion: rules.version,
  };
  for (const r of results) if (r.language) summary.languages[r.language] = (summary.languages[r.language] ?? 0) + 1;
  for (const f of findings) summary.findingsBySeverity[f.severity]++;
  // The cache keeps every finding: what is shown is decided here, per request.
  return options.includeTests ? { findings, summary } : withoutTestFindings({ findings, summary });
}

/**
 * Sorts results into the order of a scan on one thread without a cache: the files in path
 * order (`WorkQueue.plan`), each directory's results together once its last file is done.
 * Threads finish directories in an order that depends on timing, and cached directories come
 * first; a finding several callers reach would otherwise keep whichever caller's trace came
 * first, and the warnings would be listed in a different order from scan to scan.
 */
function inAnalysisOrder(results: AnalysedFile[]): void {
  const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
  const paths = results.map((r) => r.path).sort();
  const dirEnd = new Map<string, number>();
  paths.forEach((p, i) => dirEnd.set(dirOf(p), i));
  const rank = new Map(paths.map((p, i) => [p, dirEnd.get(dirOf(p))! * paths.length + i]));
  results.sort((a, b) => rank.get(a.path)! - rank.get(b.path)!);
}

function abortError(): Error {
  const e = new Error('scan cancelled');
  e.name = 'AbortError';
  return e;
}

/**
 * Analyses `pending` on this thread and the helper threads, all taking batches from one
 * shared queue. The helpers report through `onAnalysis` as their files finish; this
 * thread lets their messages in between its own batches.
 */
async function analyseShared(
  texts: Map<string, FileText>,
  pending: string[],
  helpers: WorkerPool | undefined,
  rules: RuleSet,
  onAnalysis: (a: FileAnalysis) => void,
  signal?: AbortSignal,
): Promise<void> {
  const queue = WorkQueue.plan(pending, 1 + (helpers?.size ?? 0), (f) => texts.get(f)!.text.length);
  let failure: unknown;
  const helping = (helpers ? helpers.run([...texts.values()], queue, onAnalysis) : Promise.resolve()).catch((error: unknown) => {
    failure ??= error;
    queue.stop();
  });
  // A cancelled scan stops taking work and does not wait for the helpers' last batches.
  let cancelled = () => {};
  const cancelling = new Promise<void>((resolve) => (cancelled = resolve));
  const onAbort = () => {
    queue.stop();
    cancelled();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  const analyzer = await analyzerFor(rules);
  await analyzer.prepare(texts);
  const project = analyzer.project(texts);
  for (let batch = queue.take(0); batch.length; batch = queue.take(0)) {
    analyzer.analyse(project, batch, onAnalysis);
    await new Promise((r) => setImmediate(r));
  }
  await Promise.race([helping, cancelling]);
  signal?.removeEventListener('abort', onAbort);
  if (signal?.aborted) throw abortError();
  if (failure !== undefined) throw failure;
}

/** A finding's rule and place: the same sink reached from several callers is one finding. */
function placeOf(f: Finding): string {
  return `${f.ruleId}\0${f.file}\0${f.line}`;
}
