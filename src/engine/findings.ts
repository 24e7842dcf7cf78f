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
