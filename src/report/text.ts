// The terminal report: findings grouped by file, each with its position,
// severity, type, message, the code line and a one-line trace. Colours only
// when the caller says the output is a terminal.
import type { Finding, ScanResult, Severity, TraceStep } from '../engine/types.ts';
import { firstCodeLine, groupByFile, plural, summaryLine, testFindingsNote } from './common.ts';

export interface TextOptions {
  color?: boolean;
  /** Trace steps shown between source and sink before eliding the middle. */
  maxTraceSteps?: number;
}

type Style = (text: string) => string;

function palette(color: boolean) {
  const wrap = (open: number, close: number): Style => (color ? (text) => `\u001b[${open}m${text}\u001b[${close}m` : (text) => text);
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    underline: wrap(4, 24),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    blue: wrap(34, 39),
    cyan: wrap(36, 39),
    magenta: wrap(35, 39),
    green: wrap(32, 39),
  };
}

export function toText(result: ScanResult, options: TextOptions = {}): string {
  const style = palette(options.color ?? false);
  const severityStyle: Record<Severity, Style> = {
    critical: (t) => style.bold(style.magenta(t)),
    high: style.red,
    medium: style.yellow,
    low: style.blue,
  };
  const out: string[] = [];

  for (const [file, findings] of groupByFile(result.findings)) {
    out.push(style.underline(style.bold(file)));
    const positionWidth = Math.max(...findings.map((f) => `${f.line}:${f.column}`.length));
    for (const finding of findings) {
      const position = `${finding.line}:${finding.column}`.padEnd(positionWidth);
      const severity = severityStyle[finding.severity](finding.severity.padEnd(8));
      out.push(`  ${style.dim(position)}  ${severity}  ${style.bold(finding.type)}  ${finding.message}  ${style.dim(finding.ruleId)}`);
      const indent = ' '.repeat(positionWidth + 4);
      const code = firstCodeLine(finding.snippet);
      if (code) out.push(`${indent}${style.dim('│')} ${style.cyan(truncate(code, 160))}`);
      if (finding.trace && finding.trace.length > 0) {
        out.push(`${indent}${style.dim('↳')} ${traceLine(finding, finding.trace, options.maxTraceSteps ?? 4)}`);
      }
      if (finding.commit) {
        const who = [finding.author, finding.date].filter(Boolean).join(', ');
        const head = finding.presentAtHead === false ? ' (removed since, but still in history)' : '';
        out.push(`${indent}${style.dim('@')} commit ${finding.commit.slice(0, 12)}${who ? ` (${who})` : ''}${head}`);
      }
    }
    out.push('');
  }

  for (const note of result.summary.warnings.filter((w) => !w.file)) out.push(style.dim(note.message));
  // Copies of browser libraries are named one by one: a user may not know the app bundles them.
  for (const file of result.summary.skipped) {
    if (file.reason === 'vendored' && file.detail) out.push(style.dim(`Skipped ${file.path}: ${file.detail}`));
  }
  const skipped = result.summary.skipped.length;
  const warnings = result.summary.warnings.filter((w) => w.file).length;
  const extras = [
    skipped ? `${plural(skipped, 'file')} skipped` : '',
    warnings ? plural(warnings, 'warning') : '',
    result.summary.suppressed ? `${result.summary.suppressed} suppressed` : '',
    testFindingsNote(result.summary, '--include-tests shows them'),
  ].filter(Boolean);
  const line = summaryLine(result) + (extras.length ? `; ${extras.join(', ')}` : '');
  out.push(result.findings.length === 0 ? style.green(line) : style.bold(line));
  return `${out.join('\n')}\n`;
}

/** `req.query.id (10) → q (11) → db.query() (12)`; steps in other files carry their file name. */
function traceLine(finding: Finding, trace: TraceStep[], maxSteps: number): string {
  const describe = (step: TraceStep) =>
    `${truncate(step.label, 60)} (${step.file === finding.file ? '' : `${step.file}:`}${step.line})`;
  if (trace.length <= maxSteps) return trace.map(describe).join(' → ');
  const head = trace.slice(0, maxSteps - 1).map(describe);
  const last = describe(trace[trace.length - 1]);
  return [...head, `… ${trace.length - maxSteps} more`, last].join(' → ');
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
