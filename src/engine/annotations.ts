// The `ruleid:` / `ok:` annotations of labelled test files (spec/taxonomy.md),
// used by the rule tests and the detection-quality benchmark.
export interface Expectation {
  /** 1-based line the annotation speaks about (the next non-annotation line). */
  line: number;
  type: string;
  kind: 'ruleid' | 'ok';
}

const ANNOTATION = /^\s*(?:\/\/|#|;|--|\/\*|\*|<!--|<%#|\{\{!--|\{#|\{\/\*)\s*(ruleid|ok)\s*:\s*([A-Z][A-Z0-9_]*(?:\s*,\s*[A-Z][A-Z0-9_]*)*)\s*(?:-->|%>|\*\/|--\}\}|#\}|\*\/\})?\s*$/;

export function parseAnnotations(text: string): Expectation[] {
  const lines = text.split(/\r?\n/);
  const out: Expectation[] = [];
  let pending: { kind: 'ruleid' | 'ok'; types: string[] }[] = [];
  lines.forEach((line, i) => {
    const m = ANNOTATION.exec(line);
    if (m) {
      pending.push({ kind: m[1] as 'ruleid' | 'ok', types: m[2]!.split(',').map((t) => t.trim()) });
      return;
    }
    if (pending.length === 0) return;
    for (const p of pending) for (const type of p.types) out.push({ line: i + 1, type, kind: p.kind });
    pending = [];
  });
  return out;
}

export interface Score {
  truePositives: { file: string; line: number; type: string }[];
  falsePositives: { file: string; line: number; type: string; onOkLine: boolean }[];
  falseNegatives: { file: string; line: number; type: string }[];
}

/** Strict line matching, as the corpus README's scorer section describes. */
export function score(expectations: Map<string, Expectation[]>, findings: { file: string; line: number; type: string }[]): Score {
  const result: Score = { truePositives: [], falsePositives: [], falseNegatives: [] };
  const seen = new Set<string>();
  const found = new Set<string>();
  for (const f of findings) {
    const key = `${f.file}:${f.line}:${f.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const exp = expectations.get(f.file) ?? [];
    if (exp.some((e) => e.kind === 'ruleid' && e.line === f.line && e.type === f.type)) {
      result.truePositives.push(f);
      found.add(key);
    } else {
      result.falsePositives.push({ ...f, onOkLine: exp.some((e) => e.kind === 'ok' && e.line === f.line) });
    }
  }
  for (const [file, exp] of expectations) {
    for (const e of exp) {
      if (e.kind === 'ruleid' && !found.has(`${file}:${e.line}:${e.type}`)) result.falseNegatives.push({ file, line: e.line, type: e.type });
    }
  }
  return result;
}
