// The scanner_report markdown: findings grouped by rule, then by file, most severe
// rule first, within a character budget that fits a GitHub comment (65,536) with
// room to spare. Groups that do not fit in full are collapsed into a `<details>`
// table of one row per rule; what does not fit even there is counted, and the
// report says what it left out and how to get it.
import { SEVERITIES, SEVERITY_RANK, type Finding, type ScanResult, type Severity } from '../engine/types.ts';
import { countBySeverity, cweUrl, groupByFile, plural, sortFindings, testFindingsNote } from '../report/common.ts';
import { codeBlock, escapeText, inlineCode, referenceTitle } from '../report/markdown.ts';

export const REPORT_MAX_CHARS = 60_000;
/** Files listed per rule in its full section; the rest are counted. */
const FILES_PER_RULE = 25;
/** Lines listed per file; the rest are counted. */
const LINES_PER_FILE = 12;

export interface GroupedReportOptions {
  target: string;
  subtitle?: string;
  generatedAt?: Date;
  maxChars?: number;
  /** How to list every finding, said where the report leaves some out. */
  moreHint?: string;
}

interface RuleGroup {
  ruleId: string;
  severity: Severity;
  findings: Finding[];
}

export function groupedMarkdownReport(result: ScanResult, options: GroupedReportOptions): string {
  const budget = options.maxChars ?? REPORT_MAX_CHARS;
  const findings = sortFindings(result.findings);
  const head = headSection(result, findings, options);
  if (findings.length === 0) return head;

  const groups = ruleGroups(findings);
  const out = [head, '## Findings by rule', ''];
  let size = out.join('\n').length;
  // Kept free for the collapsed tail and the closing note.
  const reserve = Math.min(12_000, Math.floor(budget / 4));
  let index = 0;
  for (; index < groups.length; index++) {
    const section = ruleSection(groups[index]).join('\n');
    if (size + section.length + 1 > budget - reserve) break;
    out.push(section);
    size += section.length + 1;
  }
  const rest = groups.slice(index);
  if (rest.length > 0) {
    const collapsed = collapsedTail(rest, budget - size - 600);
    out.push(collapsed.text);
    const notes: string[] = [];
    const restFindings = rest.reduce((n, g) => n + g.findings.length, 0);
    notes.push(
      `_This report shows ${plural(index, 'rule')} in full and ${plural(rest.length, 'rule')} (${plural(restFindings, 'finding')}) collapsed above, to stay under ${budget.toLocaleString('en-US')} characters.`,
    );
    if (collapsed.unlisted > 0) notes.push(`${plural(collapsed.unlisted, 'rule')} (${plural(collapsed.unlistedFindings, 'finding')}) are only counted.`);
    if (options.moreHint) notes.push(`${options.moreHint}_`);
    else notes[notes.length - 1] += '_';
    out.push(notes.join(' '), '');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function headSection(result: ScanResult, findings: Finding[], options: GroupedReportOptions): string {
  const counts = countBySeverity(findings);
  const { summary } = result;
  const out: string[] = [`# Security scan report: ${inlineCode(options.target)}`, ''];
  if (options.subtitle) out.push(options.subtitle, '');
  out.push('## Summary', '');
  out.push(
    findings.length === 0
      ? '**No findings.**'
      : `**${plural(findings.length, 'finding')}** of ${plural(new Set(findings.map((f) => f.ruleId)).size, 'rule')} in ${plural(groupByFile(findings).size, 'file')}: ` +
          SEVERITIES.filter((s) => counts[s] > 0)
            .map((s) => `${counts[s]} ${s}`)
            .join(', ') +
          '.',
    '',
  );
  out.push(`- Files scanned: ${summary.filesScanned} (${summary.linesScanned} lines)`);
  if (summary.skipped.length) out.push(`- Files skipped: ${summary.skipped.length}`);
  if (summary.suppressed) out.push(`- Findings suppressed (inline comments or baseline): ${summary.suppressed}`);
  const tests = testFindingsNote(summary);
  if (tests) out.push(`- ${tests[0].toUpperCase()}${tests.slice(1)}`);
  for (const note of summary.warnings.filter((w) => !w.file)) out.push(`- ${escapeText(note.message)}`);
  if (summary.durationMs) out.push(`- Duration: ${(summary.durationMs / 1000).toFixed(1)} s`);
  if (options.generatedAt) out.push(`- Scanned at: ${options.generatedAt.toISOString()}`);
  out.push('', '## Severity breakdown', '', '| Severity | Findings |', '| --- | ---: |');
  for (const severity of SEVERITIES) out.push(`| ${severity} | ${counts[severity]} |`);
  out.push('');
  return out.join('\n');
}

/** One group per rule: the most severe rules first, then the larger ones. */
function ruleGroups(findings: Finding[]): RuleGroup[] {
  const byRule = new Map<string, RuleGroup>();
  for (const finding of findings) {
    const group = byRule.get(finding.ruleId);
    if (!group) byRule.set(finding.ruleId, { ruleId: finding.ruleId, severity: finding.severity, findings: [finding] });
    else {
      group.findings.push(finding);
      if (SEVERITY_RANK[finding.severity] > SEVERITY_RANK[group.severity]) group.severity = finding.severity;
    }
  }
  return [...byRule.values()].sort(
    (a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.findings.length - a.findings.length || (a.ruleId < b.ruleId ? -1 : 1),
  );
}

/** A rule in full: what it is, how to fix it, where (by file, with lines), and one example. */
function ruleSection(group: RuleGroup): string[] {
  const example = group.findings[0];
  const files = groupByFile(group.findings);
  const out: string[] = [];
  out.push(
    `### ${escapeText(example.title)} (${group.severity}): ${plural(group.findings.length, 'finding')} in ${plural(files.size, 'file')}`,
    '',
  );
  const cwes = example.cwe.map((cwe) => `[CWE-${cwe}](${cweUrl(cwe)})`).join(', ');
  out.push(`- **Rule:** ${inlineCode(group.ruleId)}`, `- **Type:** ${example.type}${cwes ? ` (${cwes})` : ''}`, '');
  out.push('| File | Lines |', '| --- | --- |');
  let listed = 0;
  for (const [file, list] of files) {
    if (listed++ === FILES_PER_RULE) break;
    const lines = list.map((f) => (f.commit ? `${f.line} @ ${f.commit.slice(0, 8)}` : String(f.line)));
    const shown = lines.slice(0, LINES_PER_FILE).join(', ') + (lines.length > LINES_PER_FILE ? `, … (${lines.length - LINES_PER_FILE} more)` : '');
    out.push(`| ${inlineCode(file).replace(/\|/g, '\\|')} | ${shown} |`);
  }
  if (files.size > FILES_PER_RULE) out.push(`| … ${plural(files.size - FILES_PER_RULE, 'more file')} | |`);
  out.push('');
  out.push(`**Example** (${inlineCode(`${example.file}:${example.line}`)}): ${escapeText(example.message)}`, '');
  if (example.snippet) out.push(...codeBlock(example.snippet, example.file), '');
  if (example.trace?.length) {
    out.push(`**Data flow:** ${example.trace.map((s) => `${inlineCode(s.label)} (${s.line})`).join(' → ')}`, '');
  }
  out.push(`**Remediation:** ${escapeText(example.remediation)}`, '');
  if (example.references.length) {
    out.push(`**References:** ${example.references.map((ref) => `[${escapeText(referenceTitle(ref))}](${ref})`).join(', ')}`, '');
  }
  return out;
}

/** The rules that did not fit, one row each, inside `<details>`; rows that do not fit either are counted. */
function collapsedTail(groups: RuleGroup[], room: number): { text: string; unlisted: number; unlistedFindings: number } {
  const total = groups.reduce((n, g) => n + g.findings.length, 0);
  const head = [
    '<details>',
    `<summary>${plural(groups.length, 'more rule')}, ${plural(total, 'finding')} (collapsed to fit)</summary>`,
    '',
    '| Rule | Severity | Findings | Files (first lines) |',
    '| --- | --- | ---: | --- |',
  ];
  const rows: string[] = [];
  let size = head.join('\n').length + 20;
  let index = 0;
  for (; index < groups.length; index++) {
    const group = groups[index];
    const files = [...groupByFile(group.findings)];
    const where = files
      .slice(0, 3)
      .map(([file, list]) => `${inlineCode(file).replace(/\|/g, '\\|')}:${list[0].line}`)
      .join(', ');
    const row = `| ${inlineCode(group.ruleId)} | ${group.severity} | ${group.findings.length} | ${where}${files.length > 3 ? `, … (${files.length - 3} more)` : ''} |`;
    if (size + row.length + 1 > room) break;
    rows.push(row);
    size += row.length + 1;
  }
  const unlistedGroups = groups.slice(index);
  const unlistedFindings = unlistedGroups.reduce((n, g) => n + g.findings.length, 0);
  if (unlistedGroups.length) rows.push(`| … ${plural(unlistedGroups.length, 'more rule')} | | ${unlistedFindings} | |`);
  return { text: [...head, ...rows, '', '</details>', ''].join('\n'), unlisted: unlistedGroups.length, unlistedFindings };
}
