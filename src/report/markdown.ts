// The markdown report: what a person reads in a pull request, an issue or an
// agent's chat (the MCP `scanner_report` tool renders with this too).
// Summary, severity breakdown, affected files, then each finding with its
// location, code, trace, remediation and reference links.
import { SEVERITIES, type Finding, type ScanResult } from '../engine/types.ts';
import { INCLUDE_TESTS_COMMAND, countBySeverity, cweUrl, groupByFile, plural, sortFindings } from './common.ts';
import { byCodeUnits } from '../engine/order.ts';

export interface MarkdownOptions {
  /** What was scanned, e.g. a repository name or path; shown in the title. */
  target?: string;
  /** Shown under the title (a scan id, a commit…). */
  subtitle?: string;
  /** When the scan ran; default: not shown. */
  generatedAt?: Date;
  /** List at most this many findings in detail (the rest are counted). Default: all. */
  maxFindings?: number;
}

const FENCE_LANGUAGE: Record<string, string> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  py: 'python', java: 'java', go: 'go', php: 'php', rb: 'ruby', cs: 'csharp',
  yaml: 'yaml', yml: 'yaml', json: 'json', xml: 'xml', properties: 'properties',
};

export function toMarkdown(result: ScanResult, options: MarkdownOptions = {}): string {
  const findings = sortFindings(result.findings);
  const counts = countBySeverity(findings);
  const { summary } = result;
  const out: string[] = [];

  out.push(`# Security scan report${options.target ? `: ${inlineCode(options.target)}` : ''}`, '');
  if (options.subtitle) out.push(options.subtitle, '');

  out.push('## Summary', '');
  out.push(
    findings.length === 0
      ? '**No findings.**'
      : `**${plural(findings.length, 'finding')}** in ${plural(groupByFile(findings).size, 'file')}: ` +
          SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`).join(', ') + '.',
    '',
  );
  out.push(`- Files scanned: ${summary.filesScanned} (${summary.linesScanned} lines)`);
  const languages = Object.entries(summary.languages).sort(([a], [b]) => byCodeUnits(a, b));
  if (languages.length) out.push(`- Languages: ${languages.map(([lang, n]) => `${lang} (${n})`).join(', ')}`);
  if (summary.skipped.length) out.push(`- Files skipped: ${summary.skipped.length} (${skipReasons(result)})`);
  if (summary.suppressed) out.push(`- Findings suppressed (inline comments or baseline): ${summary.suppressed}`);
  const hiddenInTests = (summary.testFindingsHidden as number | undefined) ?? 0;
  if (hiddenInTests) out.push(`- Findings in test code not shown: ${hiddenInTests} (\`${INCLUDE_TESTS_COMMAND}\` shows them)`);
  // A warning without a file is a note about the scan as a whole (e.g. how much git history was read).
  const fileWarnings = summary.warnings.filter((w) => w.file);
  if (fileWarnings.length) out.push(`- Files with warnings (not parsed, or analysed as far as they parsed): ${fileWarnings.length}`);
  for (const note of summary.warnings.filter((w) => !w.file)) out.push(`- ${escapeText(note.message)}`);
  out.push(`- Duration: ${(summary.durationMs / 1000).toFixed(1)} s`);
  if (options.generatedAt) out.push(`- Scanned at: ${options.generatedAt.toISOString()}`);
  out.push('');

  out.push('## Severity breakdown', '', '| Severity | Findings |', '| --- | ---: |');
  for (const severity of SEVERITIES) out.push(`| ${severity} | ${counts[severity]} |`);
  out.push('');

  if (findings.length === 0) return `${out.join('\n')}\n`;

  out.push('## Affected files', '', '| File | Lines | Findings |', '| --- | --- | ---: |');
  for (const [file, fileFindings] of groupByFile(findings)) {
    const lines = [...new Set(fileFindings.map((f) => f.line))].join(', ');
    out.push(`| ${tableCell(inlineCode(file))} | ${lines} | ${fileFindings.length} |`);
  }
  out.push('');

  out.push('## Findings', '');
  const shown = options.maxFindings !== undefined ? findings.slice(0, options.maxFindings) : findings;
  shown.forEach((finding, index) => out.push(...findingSection(finding, index + 1)));
  if (shown.length < findings.length) {
    out.push(`_…and ${plural(findings.length - shown.length, 'more finding')} not shown here._`, '');
  }
  return `${out.join('\n')}\n`;
}

function findingSection(finding: Finding, number: number): string[] {
  const out: string[] = [];
  const where = finding.commit ? `${finding.file}:${finding.line} @ ${finding.commit.slice(0, 12)}` : `${finding.file}:${finding.line}`;
  out.push(`### ${number}. ${escapeText(finding.title)} (${finding.severity}): ${inlineCode(where)}`, '');
  const cwes = finding.cwe.map((cwe) => `[CWE-${cwe}](${cweUrl(cwe)})`).join(', ');
  out.push(
    `- **Type:** ${finding.type}${cwes ? ` (${cwes})` : ''}`,
    `- **Location:** ${inlineCode(finding.file)}, line ${finding.line}, column ${finding.column}`,
    `- **Rule:** ${inlineCode(finding.ruleId)}, confidence ${finding.confidence}`,
    `- **ID:** ${inlineCode(finding.id)}`,
  );
  if (finding.commit) {
    out.push(`- **Commit:** ${inlineCode(finding.commit)}${finding.author ? ` by ${escapeText(finding.author)}` : ''}${finding.date ? ` on ${finding.date}` : ''}`);
    if (finding.presentAtHead !== undefined) out.push(`- **Still in the latest version:** ${finding.presentAtHead ? 'yes' : 'no (only in history)'}`);
  }
  out.push('', escapeText(finding.message), '');
  if (finding.snippet) out.push(...codeBlock(finding.snippet, finding.file), '');
  if (finding.trace && finding.trace.length > 0) {
    out.push('**Data flow:**', '');
    finding.trace.forEach((step, index) => {
      out.push(`${index + 1}. ${step.kind}: ${inlineCode(step.label)} at ${inlineCode(`${step.file}:${step.line}`)}`);
    });
    out.push('');
  }
  out.push(`**Remediation:** ${escapeText(finding.remediation)}`, '');
  if (finding.references.length) {
    out.push('**References:**', '', ...finding.references.map((ref) => `- [${escapeText(referenceTitle(ref))}](${ref})`), '');
  }
  return out;
}

function skipReasons(result: ScanResult): string {
  const byReason = new Map<string, number>();
  for (const file of result.summary.skipped) byReason.set(file.reason, (byReason.get(file.reason) ?? 0) + 1);
  return [...byReason].sort(([a], [b]) => byCodeUnits(a, b)).map(([reason, n]) => `${n} ${reason}`).join(', ');
}

export function referenceTitle(url: string): string {
  const cwe = /cwe\.mitre\.org\/data\/definitions\/(\d+)/.exec(url);
  if (cwe) return `CWE-${cwe[1]}`;
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** A fence longer than any backtick run inside, so code never closes its own block. */
export function codeBlock(code: string, file: string): string[] {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const extension = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return [`${fence}${FENCE_LANGUAGE[extension] ?? ''}`, code.replace(/\s+$/, ''), fence];
}

export function inlineCode(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text.replace(/\r?\n/g, ' ')}${pad}${ticks}`;
}

/** Messages come from rules and code; keep them from turning into markup or HTML. */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

function tableCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
