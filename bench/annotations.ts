// Reads `ruleid:` / `ok:` annotations (the corpus and rule-test convention)
// and scores findings against them: exact (file, line, type) matches.
const ANNOTATION =
  /^\s*(?:\/\/|#|;|--|\/\*|\*|<!--|<%#|\{\{!--)\s*(ruleid|ok)\s*:\s*([A-Z_]+(?:\s*,\s*[A-Z_]+)*)\s*(?:-->|%>|\*\/|--\}\})?\s*$/;

export interface Expectation {
  file: string;
  /** 1-based line the annotation speaks about (the next non-annotation line). */
  line: number;
  type: string;
  kind: 'ruleid' | 'ok';
}

export function readAnnotations(file: string, text: string): Expectation[] {
  const lines = text.split('\n');
  const out: Expectation[] = [];
  let pending: { kind: 'ruleid' | 'ok'; types: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = ANNOTATION.exec(lines[i].replace(/\r$/, ''));
    if (m) {
      pending.push({ kind: m[1] as 'ruleid' | 'ok', types: m[2].split(',').map((t) => t.trim()) });
      continue;
    }
    for (const p of pending) for (const type of p.types) out.push({ file, line: i + 1, type, kind: p.kind });
    pending = [];
  }
  return out;
}

export interface Score {
  truePositives: number;
  falsePositives: { file: string; line: number; ruleId: string; snippet: string; onOkLine: boolean }[];
  falseNegatives: Expectation[];
  expected: number;
  reported: number;
}

/** Scores findings of one type; duplicates of the same (file, line) count once. */
export function score(
  type: string,
  expectations: Expectation[],
  findings: { file: string; line: number; type: string; ruleId: string; snippet: string }[],
): Score {
  const expected = new Map<string, Expectation>();
  const ok = new Set<string>();
  for (const e of expectations) {
    if (e.type !== type) continue;
    if (e.kind === 'ruleid') expected.set(`${e.file}:${e.line}`, e);
    else ok.add(`${e.file}:${e.line}`);
  }
  const reported = new Map<string, (typeof findings)[number]>();
  for (const f of findings) if (f.type === type) reported.set(`${f.file}:${f.line}`, f);
  const result: Score = { truePositives: 0, falsePositives: [], falseNegatives: [], expected: expected.size, reported: reported.size };
  for (const [key, f] of reported) {
    if (expected.has(key)) result.truePositives++;
    else result.falsePositives.push({ file: f.file, line: f.line, ruleId: f.ruleId, snippet: f.snippet, onOkLine: ok.has(key) });
  }
  for (const [key, e] of expected) if (!reported.has(key)) result.falseNegatives.push(e);
  return result;
}
