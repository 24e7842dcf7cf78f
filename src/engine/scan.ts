// Scans a set of files: decodes them, spreads the analysis over worker threads,
// and reuses cached results for files whose content, neighbourhood and rule set
// have not changed.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Finding, ScanResult, ScanSummary, ScanWarning, SkippedFile, SourceFile } from './types.ts';
import { loadRuleSet, type RuleSet } from './rules/load.ts';
import { Analyzer, type AnalysedFile, type FileText } from './analyze.ts';
import { ResultCache } from './cache.ts';
import { decodeSource } from './text.ts';

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
  /** Called once per finding as soon as it is known (the service streams these). */
  onFinding?: (finding: Finding) => void;
  signal?: AbortSignal;
}

/** Below this much work, starting worker threads costs more than it saves. */
const MIN_BYTES_FOR_WORKERS = 1_500_000;

/**
 * Compiled (dist/*.js) workers run directly; TypeScript sources need a bootstrap
 * that registers the loader in the thread first.
 */
const WORKER_URL = import.meta.url.endsWith('.ts') ? new URL('./worker-entry.mjs', import.meta.url) : new URL('./worker.js', import.meta.url);

let cachedAnalyzer: Analyzer | undefined;

/** One analyzer per rule set: grammars and compiled queries are reused across scans. */
function analyzerFor(rules: RuleSet): Analyzer {
  if (cachedAnalyzer?.rules !== rules) cachedAnalyzer = Analyzer.create(rules);
  return cachedAnalyzer;
}

let defaultRules: RuleSet | undefined;

export async function scanSourceFiles(files: SourceFile[], options: ScanOptions = {}): Promise<ScanResult> {
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
  const pending: string[] = [];
  for (const p of texts.keys()) {
    const hit = cache?.get(p);
    if (hit) results.push(hit);
    else pending.push(p);
  }
  const cachedFiles = results.length;
  const total = texts.size;
  let done = cachedFiles;
  const streamed = new Set<string>();
  const onFile = (r: AnalysedFile) => {
    cache?.set(r);
    done++;
    for (const f of r.findings) if (!streamed.has(f.id) && streamed.add(f.id)) options.onFinding?.(f);
    options.onProgress?.({ filesDone: done, filesTotal: total });
  };
  for (const r of results) for (const f of r.findings) if (!streamed.has(f.id) && streamed.add(f.id)) options.onFinding?.(f);
  options.onProgress?.({ filesDone: done, filesTotal: total });

  if (options.signal?.aborted) throw abortError();
  const jobs = Math.max(1, options.jobs ?? availableParallelism());
  let pendingBytes = 0;
  for (const p of pending) pendingBytes += texts.get(p)!.text.length;
  if (jobs > 1 && pendingBytes >= MIN_BYTES_FOR_WORKERS && pending.length > jobs) {
    results.push(...(await analyseInWorkers(texts, pending, jobs, rules, onFile, options.signal)));
  } else if (pending.length) {
    const analyzer = analyzerFor(rules);
    await analyzer.prepare(texts);
    const project = analyzer.project(texts);
    // In this thread: analyse in slices so that an abort is noticed between files.
    for (let i = 0; i < pending.length; i += 50) {
      if (options.signal?.aborted) throw abortError();
      results.push(...analyzer.analyse(project, pending.slice(i, i + 50), onFile));
      await new Promise((r) => setImmediate(r));
    }
  }

  // A sink reached from several directories is found once per caller: keep one finding per id.
  const ids = new Set<string>();
  const findings = results.flatMap((r) => r.findings).filter((f) => !ids.has(f.id) && !!ids.add(f.id));
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
  const summary: ScanSummary = {
    filesScanned: results.length,
    linesScanned: results.reduce((n, r) => n + r.lines, 0),
    languages: {},
    skipped,
    warnings: [...warnings, ...results.flatMap((r) => r.warnings)],
    partiallyParsed: results.filter((r) => r.partiallyParsed).length,
    findingsBySeverity: { critical: 0, high: 0, medium: 0, low: 0 },
    suppressed: results.reduce((n, r) => n + r.suppressed, 0),
    cachedFiles,
    durationMs: Math.round(performance.now() - started),
    rulesVersion: rules.version,
  };
  for (const r of results) if (r.language) summary.languages[r.language] = (summary.languages[r.language] ?? 0) + 1;
  for (const f of findings) summary.findingsBySeverity[f.severity]++;
  return { findings, summary };
}

function abortError(): Error {
  const e = new Error('scan cancelled');
  e.name = 'AbortError';
  return e;
}

/**
 * Each worker receives every file (calls may resolve anywhere in the scan) and
 * analyses its share: whole directories stay together so a package is parsed once.
 */
async function analyseInWorkers(
  texts: Map<string, FileText>,
  pending: string[],
  jobs: number,
  rules: RuleSet,
  onFile: (r: AnalysedFile) => void,
  signal?: AbortSignal,
): Promise<AnalysedFile[]> {
  const sorted = [...pending].sort();
  const shares: string[][] = Array.from({ length: jobs }, () => []);
  const bytes = new Array(jobs).fill(0);
  let current: string | undefined;
  let target = 0;
  for (const p of sorted) {
    const dir = p.slice(0, p.lastIndexOf('/') + 1);
    if (dir !== current) {
      current = dir;
      target = bytes.indexOf(Math.min(...bytes));
    }
    shares[target]!.push(p);
    bytes[target] += texts.get(p)!.text.length;
  }
  const payload = [...texts.values()];
  const results: AnalysedFile[] = [];
  const workers: Worker[] = [];
  try {
    await Promise.all(
      shares
        .filter((s) => s.length > 0)
        .map(
          (entries) =>
            new Promise<void>((resolve, reject) => {
              const worker = new Worker(WORKER_URL, {
                workerData: { files: payload, entries, rulesDirs: rules.dirs },
              });
              workers.push(worker);
              const onAbort = () => {
                void worker.terminate();
                reject(abortError());
              };
              signal?.addEventListener('abort', onAbort, { once: true });
              worker.on('message', (msg: { file?: AnalysedFile; error?: string; done?: boolean }) => {
                if (msg.file) {
                  results.push(msg.file);
                  onFile(msg.file);
                } else if (msg.error) reject(new Error(msg.error));
                else if (msg.done) {
                  signal?.removeEventListener('abort', onAbort);
                  resolve();
                }
              });
              worker.on('error', reject);
              worker.on('exit', (code) => {
                if (code !== 0) reject(new Error(`analysis worker exited with code ${code}`));
              });
            }),
        ),
    );
  } finally {
    for (const w of workers) void w.terminate();
  }
  return results;
}
