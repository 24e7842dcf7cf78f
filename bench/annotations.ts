// Reads `ruleid:` / `ok:` annotations (the corpus and rule-test convention)
// and scores findings against them: exact (file, line, type) matches.
import { parseAnnotations } from '../src/engine/annotations.ts';

export interface Expectation {
  file: string;
  /** 1-based line the annotation speaks about (the next non-annotation line). */
  line: number;
  type: string;
  kind: 'ruleid' | 'ok';
}

/** The annotations of one file, each tagged with the file's path. */
export function readAnnotations(file: string, text: string): Expectation[] {
  return parseAnnotations(text).map((e) => ({ file, ...e }));
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
