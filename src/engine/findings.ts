// Turns rule hits into findings: location, snippet, stable fingerprint and id.
import { createHash } from 'node:crypto';
import type { CompiledRule } from './rules/load.ts';
import type { Finding, TraceStep } from './types.ts';
import { normalisedText } from './parse/syntax.ts';
import { byCodeUnits } from './order.ts';

export interface Location {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function hashId(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * The fingerprint ignores line numbers so that a finding keeps its id when code
 * above it changes: rule + file + the normalised code of the finding's line(s),
 * plus the occurrence number when the same code appears more than once.
 */
export function fingerprintOf(ruleId: string, file: string, code: string, occurrence: number): string {
  return hashId(`${ruleId}\0${file}\0${normalisedText(code)}\0${occurrence}`);
}

export function findingId(fingerprint: string): string {
  return `vuln_${fingerprint}`;
}

export function makeFinding(rule: CompiledRule, file: string, lines: string[], loc: Location, trace?: TraceStep[]): Omit<Finding, 'id' | 'fingerprint'> {
  const spec = rule.spec;
  const snippetLines = lines.slice(loc.line - 1, Math.min(loc.endLine, loc.line + 4));
  return {
    ruleId: rule.id,
    type: rule.type,
    cwe: rule.cwe,
    severity: spec.severity,
    confidence: spec.confidence,
    title: spec.title,
    message: spec.message,
    file,
    ...loc,
    snippet: snippetLines.join('\n').slice(0, 2000),
    remediation: spec.remediation,
    references: spec.references,
    trace,
  };
}

/**
 * Findings of one scan whose ids collide though their lines differ: identical code in one file (`db.query(sql)` in two
 * helpers) reached from callers in different directories, each numbered from zero where it was found. Each such group
 * (same rule, file and code) is numbered again in line order; ids that do not collide stay as they are.
 */
export function renumberCollisions(findings: Finding[]): Finding[] {
  const lines = new Map<string, Set<number>>();
  for (const f of findings) (lines.get(f.id) ?? lines.set(f.id, new Set()).get(f.id)!).add(f.line);
  const colliding = new Set([...lines].filter(([, at]) => at.size > 1).map(([id]) => id));
  if (colliding.size === 0) return findings;
  const codeOf = (f: Finding) => f.snippet.split('\n')[0] ?? '';
  const groupOf = (f: Finding) => `${f.ruleId}\0${f.file}\0${normalisedText(codeOf(f))}`;
  const groups = new Set(findings.filter((f) => colliding.has(f.id)).map(groupOf));
  const members = findings.filter((f) => groups.has(groupOf(f))).sort((a, b) => a.line - b.line || a.column - b.column);
  const renumbered = new Map<Finding, Finding>();
  const counts = new Map<string, number>();
  for (const f of members) {
    const n = counts.get(groupOf(f)) ?? 0;
    counts.set(groupOf(f), n + 1);
    const fingerprint = fingerprintOf(f.ruleId, f.file, codeOf(f), n);
    renumbered.set(f, { ...f, id: findingId(fingerprint), fingerprint });
  }
  return findings.map((f) => renumbered.get(f) ?? f);
}

/** Assigns fingerprints (numbering identical code per rule and file) and ids. */
export function finalise(partials: Omit<Finding, 'id' | 'fingerprint'>[], lines: string[]): Finding[] {
  const occurrences = new Map<string, number>();
  return partials
    .sort((a, b) => a.line - b.line || a.column - b.column || byCodeUnits(a.ruleId, b.ruleId))
    .map((p) => {
      const code = lines[p.line - 1] ?? '';
      const key = `${p.ruleId}\0${normalisedText(code)}`;
      const n = occurrences.get(key) ?? 0;
      occurrences.set(key, n + 1);
      const fingerprint = fingerprintOf(p.ruleId, p.file, code, n);
      return { id: findingId(fingerprint), fingerprint, ...p };
    });
}
