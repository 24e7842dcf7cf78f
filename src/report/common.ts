// Small facts every report format shares: ordering, counting and wording.
import { SEVERITIES, SEVERITY_RANK, type Finding, type ScanResult, type ScanSummary, type Severity } from '../engine/types.ts';
import { byCodeUnits } from '../engine/order.ts';

export const TOOL_NAME = 'scanner';

/** What the reports say about the tool that produced them. */
export interface ToolInfo {
  name?: string;
  version?: string;
  informationUri?: string;
}

/** Most severe first, then by file and position, so every format lists findings in the same order. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      byCodeUnits(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      byCodeUnits(a.ruleId, b.ruleId),
  );
}

/** By file (alphabetical), each file's findings by position. */
export function groupByFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const sorted = [...findings].sort(
    (a, b) => byCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column || byCodeUnits(a.ruleId, b.ruleId),
  );
  const groups = new Map<string, Finding[]>();
  for (const finding of sorted) {
    const list = groups.get(finding.file);
    if (list) list.push(finding);
    else groups.set(finding.file, [finding]);
  }
  return groups;
}

/** Counted from the findings themselves: a baseline or a diff filter may have removed some since the engine counted. */
export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

export function cweUrl(cwe: number): string {
  return `https://cwe.mitre.org/data/definitions/${cwe}.html`;
}

/** The first line of a snippet, trimmed: what a one-line view shows. */
export function firstCodeLine(snippet: string): string {
  return (snippet.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
}

/** The command that shows what a default report leaves out of test code. */
export const INCLUDE_TESTS_COMMAND = 'scanner scan --include-tests';

/** How many findings in test code the report leaves out, and how to show them; '' when none. */
export function testFindingsNote(summary: Pick<ScanSummary, 'testFindingsHidden'>, show = `${INCLUDE_TESTS_COMMAND} shows them`): string {
  // A summary stored by an older version has no count.
  const hidden = (summary.testFindingsHidden as number | undefined) ?? 0;
  return hidden ? `${plural(hidden, 'finding')} in test code not shown (${show})` : '';
}

export function summaryLine(result: ScanResult): string {
  const counts = countBySeverity(result.findings);
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const found = result.findings.length === 0 ? 'no findings' : `${plural(result.findings.length, 'finding')} (${parts.join(', ')})`;
  const { filesScanned, linesScanned, durationMs } = result.summary;
  return `${found} in ${plural(filesScanned, 'file')}, ${plural(linesScanned, 'line')}, ${(durationMs / 1000).toFixed(1)} s`;
}
