// Scores findings against the labelled corpus exactly as its README asks
// ("How a scorer should treat it"): strict line match, duplicates of
// (file, line, type) collapsed, every finding off a `ruleid` line of its type is
// a false positive, ok-trap hit rate reported apart, VULNERABLE_DEPENDENCY ignored.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAnnotations as parseText } from '../../src/engine/annotations.ts';

const IGNORED_TYPES = new Set(['VULNERABLE_DEPENDENCY']);
const CORPUS_TOOLING = new Set(['README.md', 'count.mjs']);

export interface Annotation {
  /** Corpus-relative, forward slashes: `python/reports/views.py`. */
  file: string;
  line: number;
  type: string;
  kind: 'ruleid' | 'ok';
}

export interface ScoredFinding {
  file: string;
  line: number;
  type: string;
  ruleId?: string;
}

export function languageOf(file: string): string {
  return file.split('/')[0];
}

/** Every annotation in the corpus folders given (all top-level folders when none). */
export function readAnnotations(corpusRoot: string, languages?: string[]): Annotation[] {
  const annotations: Annotation[] = [];
  const folders = languages ?? corpusLanguages(corpusRoot);
  for (const language of folders) {
    for (const absolute of walk(path.join(corpusRoot, language))) {
      const file = path.relative(corpusRoot, absolute).split(path.sep).join('/');
      const text = readFileSync(absolute, 'utf8');
      if (text.includes('\u0000')) continue;
      annotations.push(...parseAnnotations(file, text));
    }
  }
  return annotations;
}

export function corpusLanguages(corpusRoot: string): string[] {
  return readdirSync(corpusRoot)
    .filter((name) => !CORPUS_TOOLING.has(name) && statSync(path.join(corpusRoot, name)).isDirectory())
    .sort();
}

/** One file's annotations (the engine's parser reads the corpus README's pattern and template comments). */
export function parseAnnotations(file: string, text: string): Annotation[] {
  return parseText(text).map((e) => ({ file, ...e }));
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const info = statSync(full);
    if (info.isDirectory()) walk(full, out);
    else if (info.isFile()) out.push(full);
  }
  return out;
}

/**
 * Findings of a SARIF log as corpus-relative (file, line, type). Works for any
 * SARIF our tool writes: the type is `properties.type` of the result, else of
 * its rule; a location is resolved through `originalUriBaseIds` when it has a
 * base, else against `fallbackBase` (the folder that was scanned).
 */
export function findingsFromSarif(log: unknown, corpusRoot: string, fallbackBase: string): ScoredFinding[] {
  const findings: ScoredFinding[] = [];
  const runs = (log as { runs?: unknown[] }).runs ?? [];
  for (const run of runs as any[]) {
    const bases: Record<string, string> = {};
    for (const [id, base] of Object.entries<any>(run.originalUriBaseIds ?? {})) {
      if (typeof base?.uri === 'string' && base.uri.startsWith('file:')) bases[id] = fileURLToPath(base.uri);
    }
    const rules: any[] = run.tool?.driver?.rules ?? [];
    for (const result of (run.results ?? []) as any[]) {
      const rule = typeof result.ruleIndex === 'number' ? rules[result.ruleIndex] : rules.find((r) => r.id === result.ruleId);
      const type: unknown = result.properties?.type ?? rule?.properties?.type;
      const physical = result.locations?.[0]?.physicalLocation;
      const uri: unknown = physical?.artifactLocation?.uri;
      const line: unknown = physical?.region?.startLine;
      if (typeof type !== 'string' || typeof uri !== 'string' || typeof line !== 'number') continue;
      let absolute: string;
      if (uri.startsWith('file:')) absolute = fileURLToPath(uri);
      else {
        const base = bases[physical.artifactLocation.uriBaseId] ?? fallbackBase;
        absolute = path.resolve(base, decodeURIComponent(uri));
      }
      const file = path.relative(corpusRoot, absolute).split(path.sep).join('/');
      findings.push({ file, line, type, ruleId: typeof result.ruleId === 'string' ? result.ruleId : undefined });
    }
  }
  return findings;
}

export interface Counts {
  ruleid: number;
  truePositives: number;
  falseNegatives: number;
  falsePositives: number;
  findings: number;
  ok: number;
  okHit: number;
  precision: number | null;
  recall: number | null;
  okHitRate: number | null;
}

export type FalsePositiveKind = 'ok-trap' | 'other-type-on-annotated-line' | 'unannotated';

export interface Score {
  overall: Counts;
  byLanguage: Record<string, Counts>;
  byType: Record<string, Counts>;
  falseNegatives: Annotation[];
  falsePositives: (ScoredFinding & { why: FalsePositiveKind })[];
}

interface Tally {
  ruleid: number;
  tp: number;
  fp: number;
  ok: number;
  okHit: number;
}

const key = (file: string, line: number, type: string) => `${file}\u0000${line}\u0000${type}`;

export function score(annotations: Annotation[], rawFindings: ScoredFinding[]): Score {
  const ruleids = new Map<string, Annotation>();
  const oks = new Map<string, Annotation>();
  const annotatedLines = new Set<string>();
  for (const a of annotations) {
    if (IGNORED_TYPES.has(a.type)) continue;
    (a.kind === 'ruleid' ? ruleids : oks).set(key(a.file, a.line, a.type), a);
    annotatedLines.add(`${a.file}\u0000${a.line}`);
  }

  // Collapse duplicates of the same (file, line, type); keep the first rule id for the listing.
  const unique = new Map<string, ScoredFinding>();
  for (const f of rawFindings) {
    if (IGNORED_TYPES.has(f.type)) continue;
    const k = key(f.file, f.line, f.type);
    if (!unique.has(k)) unique.set(k, f);
  }

  const byLanguage = new Map<string, Tally>();
  const byType = new Map<string, Tally>();
  const overall: Tally = { ruleid: 0, tp: 0, fp: 0, ok: 0, okHit: 0 };
  const tallies = (file: string, type: string): Tally[] => {
    const get = (map: Map<string, Tally>, name: string) => {
      let tally = map.get(name);
      if (!tally) map.set(name, (tally = { ruleid: 0, tp: 0, fp: 0, ok: 0, okHit: 0 }));
      return tally;
    };
    return [overall, get(byLanguage, languageOf(file)), get(byType, type)];
  };

  for (const a of ruleids.values()) for (const t of tallies(a.file, a.type)) t.ruleid++;
  for (const a of oks.values()) for (const t of tallies(a.file, a.type)) t.ok++;

  const matched = new Set<string>();
  const falsePositives: Score['falsePositives'] = [];
  for (const [k, f] of unique) {
    if (ruleids.has(k)) {
      matched.add(k);
      for (const t of tallies(f.file, f.type)) t.tp++;
      continue;
    }
    for (const t of tallies(f.file, f.type)) t.fp++;
    const why: FalsePositiveKind = oks.has(k)
      ? 'ok-trap'
      : annotatedLines.has(`${f.file}\u0000${f.line}`)
        ? 'other-type-on-annotated-line'
        : 'unannotated';
    if (oks.has(k)) for (const t of tallies(f.file, f.type)) t.okHit++;
    falsePositives.push({ ...f, why });
  }
  const falseNegatives = [...ruleids].filter(([k]) => !matched.has(k)).map(([, a]) => a);

  const counts = (t: Tally): Counts => {
    const findings = t.tp + t.fp;
    return {
      ruleid: t.ruleid,
      truePositives: t.tp,
      falseNegatives: t.ruleid - t.tp,
      falsePositives: t.fp,
      findings,
      ok: t.ok,
      okHit: t.okHit,
      precision: findings ? t.tp / findings : null,
      recall: t.ruleid ? t.tp / t.ruleid : null,
      okHitRate: t.ok ? t.okHit / t.ok : null,
    };
  };
  const sortedRecord = (map: Map<string, Tally>) =>
    Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([name, t]) => [name, counts(t)]));
  const byPosition = (a: { file: string; line: number; type: string }, b: { file: string; line: number; type: string }) =>
    a.file.localeCompare(b.file) || a.line - b.line || a.type.localeCompare(b.type);
  return {
    overall: counts(overall),
    byLanguage: sortedRecord(byLanguage),
    byType: sortedRecord(byType),
    falseNegatives: falseNegatives.sort(byPosition),
    falsePositives: falsePositives.sort(byPosition),
  };
}
