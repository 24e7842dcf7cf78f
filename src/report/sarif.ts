// SARIF 2.1.0, shaped for GitHub code scanning and the other SARIF consumers:
// one rule descriptor per rule that fired (CWE tags, precision, security-severity),
// one result per finding with a stable partial fingerprint, and code flows for
// taint traces.
import type * as Sarif from 'sarif';
import type { Finding, ScanResult, Severity, TraceStep } from '../engine/types.ts';
import { TOOL_NAME, cweUrl, sortFindings, testFindingsNote, type ToolInfo } from './common.ts';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * The key under which results carry our fingerprint. `--baseline` and other
 * tools match findings across scans on it; the `/v1` lets the scheme change
 * without old baselines matching wrongly.
 */
export const FINGERPRINT_KEY = 'scannerFingerprint/v1';

export interface SarifOptions {
  tool?: ToolInfo;
  /** Absolute path of the scanned root; result URIs are relative to it (`%SRCROOT%`). */
  root?: string;
}

const LEVEL: Record<Severity, Sarif.Result.level> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
};

/** GitHub maps >= 9.0 to critical, 7.0–8.9 to high, 4.0–6.9 to medium, below to low. */
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
};

const SRCROOT = '%SRCROOT%';

export function toSarif(result: ScanResult, options: SarifOptions = {}): Sarif.Log {
  const findings = sortFindings(result.findings);
  const rules: Sarif.ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const messages = new Map<string, Set<string>>();
  for (const finding of findings) {
    messages.set(finding.ruleId, (messages.get(finding.ruleId) ?? new Set()).add(finding.message));
  }
  for (const finding of findings) {
    if (ruleIndex.has(finding.ruleId)) continue;
    ruleIndex.set(finding.ruleId, rules.length);
    // A message that varies between findings names the instance (a file, a provider):
    // then the rule is described by its title, which does not.
    const generic = (messages.get(finding.ruleId)?.size ?? 0) === 1 && !finding.message.includes(finding.file);
    rules.push(ruleDescriptor(finding, generic ? finding.message : finding.title));
  }

  // Findings left out of test code are no result, but the log says that they exist and how to see them.
  const testNote = testFindingsNote(result.summary);
  const run: Sarif.Run = {
    tool: {
      driver: {
        name: options.tool?.name ?? TOOL_NAME,
        ...(options.tool?.version ? { version: options.tool.version, semanticVersion: options.tool.version } : {}),
        ...(options.tool?.informationUri ? { informationUri: options.tool.informationUri } : {}),
        rules,
      },
    },
    ...(options.root ? { originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(options.root) } } } : {}),
    invocations: [
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          ...result.summary.warnings.map((warning) => ({
            level: 'warning' as const,
            message: { text: warning.message },
            // A warning about the scan as a whole (e.g. how much history was read) has no file.
            ...(warning.file ? { locations: [{ physicalLocation: { artifactLocation: artifact(warning.file) } }] } : {}),
          })),
          ...(testNote ? [{ level: 'note' as const, message: { text: `${testNote}.` } }] : []),
        ],
      },
    ],
    results: findings.map((finding) => sarifResult(finding, ruleIndex.get(finding.ruleId) ?? 0)),
    columnKind: 'unicodeCodePoints',
    properties: {
      filesScanned: result.summary.filesScanned,
      linesScanned: result.summary.linesScanned,
      skippedFiles: result.summary.skipped.length,
      suppressed: result.summary.suppressed,
      testFindingsHidden: (result.summary.testFindingsHidden as number | undefined) ?? 0,
      rulesVersion: result.summary.rulesVersion,
    },
  };

  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] };
}

function ruleDescriptor(finding: Finding, description: string): Sarif.ReportingDescriptor {
  const cweTags = finding.cwe.map((cwe) => `external/cwe/cwe-${cwe}`);
  return {
    id: finding.ruleId,
    name: ruleName(finding.ruleId),
    shortDescription: { text: finding.title },
    fullDescription: { text: description },
    help: { text: helpText(finding), markdown: helpMarkdown(finding) },
    helpUri: finding.references[0] ?? (finding.cwe[0] ? cweUrl(finding.cwe[0]) : undefined),
    defaultConfiguration: { level: LEVEL[finding.severity] },
    properties: {
      tags: ['security', ...cweTags, finding.type],
      precision: finding.confidence,
      'security-severity': SECURITY_SEVERITY[finding.severity],
      problem: { severity: finding.severity },
      type: finding.type,
      cwe: finding.cwe,
    },
  };
}

/** SARIF wants a PascalCase-ish identifier for `name`; rule ids are kebab or dotted. */
function ruleName(ruleId: string): string {
  return ruleId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

function helpText(finding: Finding): string {
  const references = finding.references.length ? `\n\nReferences:\n${finding.references.map((r) => `- ${r}`).join('\n')}` : '';
  return `${finding.remediation}${references}`;
}

function helpMarkdown(finding: Finding): string {
  const cwes = finding.cwe.map((cwe) => `[CWE-${cwe}](${cweUrl(cwe)})`).join(', ');
  const lines = [`**${finding.title}** (${finding.type}${cwes ? `, ${cwes}` : ''})`, '', '### Remediation', '', finding.remediation];
  if (finding.references.length) {
    lines.push('', '### References', '', ...finding.references.map((r) => `- <${r}>`));
  }
  return lines.join('\n');
}

function sarifResult(finding: Finding, ruleIndex: number): Sarif.Result {
  const result: Sarif.Result = {
    ruleId: finding.ruleId,
    ruleIndex,
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifact(finding.file),
          region: {
            startLine: finding.line,
            startColumn: finding.column,
            endLine: Math.max(finding.endLine, finding.line),
            endColumn: finding.endColumn,
            ...(finding.snippet ? { snippet: { text: finding.snippet } } : {}),
          },
        },
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    properties: {
      id: finding.id,
      type: finding.type,
      cwe: finding.cwe,
      severity: finding.severity,
      confidence: finding.confidence,
      ...(finding.commit !== undefined ? { commit: finding.commit } : {}),
      ...(finding.author !== undefined ? { author: finding.author } : {}),
      ...(finding.date !== undefined ? { date: finding.date } : {}),
      ...(finding.presentAtHead !== undefined ? { presentAtHead: finding.presentAtHead } : {}),
      ...(finding.provider !== undefined ? { provider: finding.provider } : {}),
    },
  };
  if (finding.trace && finding.trace.length > 0) result.codeFlows = [codeFlow(finding.trace)];
  return result;
}

function codeFlow(trace: TraceStep[]): Sarif.CodeFlow {
  return {
    message: { text: trace.map((step) => step.label).join(' → ') },
    threadFlows: [
      {
        locations: trace.map((step, index) => ({
          index,
          kinds: [step.kind === 'step' ? 'pass-through' : step.kind],
          location: {
            physicalLocation: {
              artifactLocation: artifact(step.file),
              region: { startLine: step.line, startColumn: Math.max(1, step.column) },
            },
            message: { text: step.label },
          },
        })),
      },
    ],
  };
}

function artifact(file: string): Sarif.ArtifactLocation {
  return { uri: encodeUriPath(file), uriBaseId: SRCROOT };
}

/** Paths may hold spaces, `#` or `%`; a URI reference must escape them but keep the slashes. */
function encodeUriPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function directoryUri(root: string): string {
  const posix = root.replace(/\\/g, '/');
  const withSlash = posix.endsWith('/') ? posix : `${posix}/`;
  return `file://${withSlash.startsWith('/') ? '' : '/'}${encodeUriPath(withSlash)}`;
}
