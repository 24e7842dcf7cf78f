// Engine findings (and REST vulnerability objects in remote mode) in the shape
// the MCP status tool promises: id, severity, path, range.start.{line,col},
// description, plus type, CWE and remediation.
import type { Finding, Severity } from '../engine/index.ts';
import type { McpDismissal, McpFinding } from './schemas.ts';
import { byCodeUnits } from '../engine/order.ts';

const SEVERITY_ORDER: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * `compact` (the default of the status tool) keeps what an agent needs to find and fix
 * the issue; `full` adds title, confidence, code snippet, references, the taint trace
 * and a history secret's author and date.
 */
export type FindingDetail = 'compact' | 'full';

export function toMcpFinding(finding: Finding, detail: FindingDetail = 'full', dismissed?: McpDismissal): McpFinding {
  const start = { line: finding.line, col: finding.column };
  const compact: McpFinding = {
    id: finding.id,
    severity: finding.severity,
    path: finding.file,
    range: { start },
    description: finding.message || finding.title,
    type: finding.type,
    cwe: finding.cwe ?? [],
    remediation: finding.remediation ?? '',
    ruleId: finding.ruleId,
    ...(finding.commit ? { commit: finding.commit } : {}),
    ...(dismissed ? { dismissed } : {}),
  };
  if (detail === 'compact') return compact;
  return {
    ...compact,
    range: { start, end: { line: finding.endLine ?? finding.line, col: finding.endColumn ?? finding.column } },
    title: finding.title,
    confidence: finding.confidence,
    snippet: finding.snippet,
    references: finding.references,
    ...(finding.trace
      ? { trace: finding.trace.map((s) => ({ kind: s.kind, path: s.file, line: s.line, col: s.column, label: s.label })) }
      : {}),
    ...(finding.commit ? { author: finding.author, date: finding.date } : {}),
  };
}

/** One line per finding, for the text an agent reads when its client shows no structured content. */
export function findingLine(f: McpFinding): string {
  const where = `${f.path}:${f.range.start.line}:${f.range.start.col}${f.commit ? ` @ ${f.commit.slice(0, 12)}` : ''}`;
  const description = f.description.length > 120 ? `${f.description.slice(0, 117)}…` : f.description;
  const dismissed = f.dismissed ? ` [dismissed: ${f.dismissed.status}]` : '';
  return `- [${f.severity}]${dismissed} ${f.type} ${where}: ${description} (${f.id})`;
}

/** The findings as lines (the remediation is in the structured content, and in detail: "full"). */
export function findingsText(findings: McpFinding[]): string {
  return findings.map(findingLine).join('\n');
}

export const SEVERITY_RANK: Record<Severity, number> = { critical: 3, high: 2, medium: 1, low: 0 };

/**
 * The REST API's vulnerability object (DESIGN.md, "REST API") back into an
 * engine Finding, so remote results flow through the same report and mapping.
 */
export function findingFromRest(v: Record<string, any>): Finding {
  const line = Number(v.line ?? 1);
  const column = Number(v.column ?? 1);
  return {
    id: String(v.id),
    fingerprint: String(v.fingerprint ?? v.id),
    ruleId: String(v.ruleId ?? ''),
    type: String(v.type ?? 'UNKNOWN'),
    cwe: Array.isArray(v.cwe) ? v.cwe.map(Number) : [],
    severity: (['critical', 'high', 'medium', 'low'].includes(v.severity) ? v.severity : 'medium') as Severity,
    confidence: v.confidence ?? 'medium',
    title: String(v.title ?? v.type ?? ''),
    message: String(v.message ?? v.title ?? ''),
    file: String(v.file ?? ''),
    line,
    column,
    endLine: Number(v.endLine ?? line),
    endColumn: Number(v.endColumn ?? column),
    snippet: String(v.snippet ?? ''),
    remediation: String(v.remediation ?? ''),
    references: Array.isArray(v.references) ? v.references.map(String) : [],
    ...(Array.isArray(v.trace) ? { trace: v.trace } : {}),
    ...(v.commit ? { commit: v.commit, author: v.author, date: v.date } : {}),
  };
}

/**
 * The dismissals among the REST vulnerability objects of a job answer (remote mode): the
 * service flags each finding dismissed on it, by repository and finding id.
 */
export function dismissalsFromRest(vulnerabilities: Record<string, any>[]): Record<string, McpDismissal> {
  const dismissals: Record<string, McpDismissal> = {};
  for (const v of vulnerabilities) {
    const d = v.dismissal;
    if (d && typeof d === 'object' && ['false_positive', 'accepted_risk', 'wont_fix'].includes(d.status)) {
      dismissals[String(v.id)] = { status: d.status, reason: String(d.reason ?? ''), by: String(d.by ?? '') };
    }
  }
  return dismissals;
}

export function sortFindings<T extends { severity: string; file?: string; path?: string; line?: number }>(findings: T[]): T[] {
  return [...findings].sort(
    (a, b) =>
      (SEVERITY_ORDER[a.severity] ?? 9) - (SEVERITY_ORDER[b.severity] ?? 9) ||
      byCodeUnits(String(a.file ?? a.path), String(b.file ?? b.path)) ||
      (a.line ?? 0) - (b.line ?? 0),
  );
}

export function severityCounts(findings: { severity: string }[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) if (f.severity in counts) counts[f.severity as Severity]++;
  return counts;
}

export function describeCounts(findings: { severity: string }[]): string {
  if (findings.length === 0) return 'no findings';
  const counts = severityCounts(findings);
  const parts = (Object.keys(counts) as Severity[]).filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return `${findings.length} finding${findings.length === 1 ? '' : 's'} (${parts.join(', ')})`;
}

/**
 * Whether a finding touches one of the changed lines: its own range, or any
 * step of its taint trace in the same file (a change to the source line of a
 * flow matters even when the sink line is untouched).
 */
export function touchesChangedLines(finding: Finding, changed: Set<number> | undefined): boolean {
  if (!changed) return true;
  for (let line = finding.line; line <= (finding.endLine ?? finding.line); line++) if (changed.has(line)) return true;
  return (finding.trace ?? []).some((step) => step.file === finding.file && changed.has(step.line));
}
