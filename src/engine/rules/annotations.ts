// The `ruleid:` / `ok:` annotations of labelled files (each rule's test file, the secret
// rules' test files, the labelled corpus) and the one way findings are scored against
// them: strict line match, duplicates of (file, line, type) collapsed, every finding off a
// `ruleid` line of its type a false positive, hits on `ok:` lines (traps) counted apart.
// Used by the rule tests and the detection-quality benchmarks.

export interface Annotation {
  file: string;
  /** 1-based line the annotation speaks about (the next non-annotation line). */
  line: number;
  type: string;
  kind: 'ruleid' | 'ok';
}

const ANNOTATION = /^\s*(?:\/\/|#|;|--|\/\*|\*|<!--|<%#|\{\{!--|\{\{--|\{#|\{\/\*)\s*(ruleid|ok)\s*:\s*([A-Z][A-Z0-9_]*(?:\s*,\s*[A-Z][A-Z0-9_]*)*)\s*(?:-->|%>|\*\/|--\}\}|#\}|\*\/\})?\s*$/;

/** One file's annotations: stacked and comma-separated, in the comment syntaxes of code and templates. */
export function parseAnnotations(file: string, text: string): Annotation[] {
  const lines = text.split(/\r?\n/);
  const out: Annotation[] = [];
  let pending: { kind: 'ruleid' | 'ok'; types: string[] }[] = [];
  lines.forEach((line, i) => {
    const m = ANNOTATION.exec(line);
    if (m) {
      pending.push({ kind: m[1] as 'ruleid' | 'ok', types: m[2]!.split(',').map((t) => t.trim()) });
      return;
    }
    if (pending.length === 0) return;
    for (const p of pending) for (const type of p.types) out.push({ file, line: i + 1, type, kind: p.kind });
    pending = [];
  });
  return out;
}

export interface ScoredFinding {
  file: string;
  line: number;
  type: string;
  ruleId?: string;
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

export interface Score<F extends ScoredFinding = ScoredFinding> {
  overall: Counts;
  /** By the first folder of the file's path (the corpus's language folders). */
  byLanguage: Record<string, Counts>;
  byType: Record<string, Counts>;
  falseNegatives: Annotation[];
  falsePositives: (F & { why: FalsePositiveKind })[];
}

export interface ScoreOptions {
  /** Score this type only (annotations and findings of other types are left out). */
  type?: string;
  /** Types left out on both sides (a type the labels do not cover). */
  ignoredTypes?: ReadonlySet<string>;
}

interface Tally {
  ruleid: number;
  tp: number;
  fp: number;
  ok: number;
  okHit: number;
}

const key = (file: string, line: number, type: string) => `${file}\u0000${line}\u0000${type}`;

export function score<F extends ScoredFinding>(annotations: Annotation[], rawFindings: F[], options: ScoreOptions = {}): Score<F> {
  const scored = (type: string) => (options.type === undefined || type === options.type) && !options.ignoredTypes?.has(type);
  const ruleids = new Map<string, Annotation>();
  const oks = new Map<string, Annotation>();
  const annotatedLines = new Set<string>();
  for (const a of annotations) {
    if (!scored(a.type)) continue;
    (a.kind === 'ruleid' ? ruleids : oks).set(key(a.file, a.line, a.type), a);
    annotatedLines.add(`${a.file}\u0000${a.line}`);
  }

  // Collapse duplicates of the same (file, line, type); keep the first for the listing.
  const unique = new Map<string, F>();
  for (const f of rawFindings) {
    if (!scored(f.type)) continue;
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
    return [overall, get(byLanguage, file.split('/')[0]!), get(byType, type)];
  };

  for (const a of ruleids.values()) for (const t of tallies(a.file, a.type)) t.ruleid++;
  for (const a of oks.values()) for (const t of tallies(a.file, a.type)) t.ok++;

  const matched = new Set<string>();
  const falsePositives: Score<F>['falsePositives'] = [];
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
