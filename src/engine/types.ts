// The engine's vocabulary: what a scan takes in and what it gives back.
// Every door (CLI, service, MCP) and every report speaks in these types.

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** Higher number = more severe; used for sorting and `--fail-on`. */
export const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };

export interface TraceStep {
  kind: 'source' | 'step' | 'sink';
  file: string;
  line: number;
  column: number;
  /** Short description, e.g. "req.query.id" or "call to buildQuery()". */
  label: string;
}

export interface Finding {
  /** `vuln_<hash>` derived from the fingerprint: stable across scans. */
  id: string;
  /** Rule + file + normalised code (not the line number). */
  fingerprint: string;
  ruleId: string;
  /** Upper snake case type from spec/taxonomy.md. */
  type: string;
  cwe: number[];
  severity: Severity;
  confidence: Confidence;
  title: string;
  message: string;
  /** Repository-relative path with forward slashes. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  endLine: number;
  endColumn: number;
  /** The source line(s) of the finding; secrets are masked. */
  snippet: string;
  remediation: string;
  references: string[];
  /** Taint findings: source → steps → sink. */
  trace?: TraceStep[];
  /** Secrets found in git history. */
  commit?: string;
  author?: string;
  date?: string;
  /** History secrets: whether the secret is still in the file at HEAD. */
  presentAtHead?: boolean;
  /** Secrets: which provider rule recognised it (e.g. "aws-access-key"). */
  provider?: string;
}

/** A file handed to the engine: path relative to the scan root, raw bytes. */
export interface SourceFile {
  path: string;
  content: Buffer;
}

export type SkipReason =
  | 'binary'
  | 'too-large'
  | 'minified'
  | 'generated'
  | 'vendored'
  | 'ignored'
  | 'unreadable'
  | 'symlink'
  | 'unsupported';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface ScanWarning {
  file: string;
  message: string;
}

export interface ScanSummary {
  filesScanned: number;
  linesScanned: number;
  /** Files per language id. */
  languages: Record<string, number>;
  skipped: SkippedFile[];
  /** Parse errors and other non-fatal problems; the scan went on. */
  warnings: ScanWarning[];
  /** Files with syntax errors that were analysed as far as they parsed. */
  partiallyParsed: number;
  findingsBySeverity: Record<Severity, number>;
  suppressed: number;
  /**
   * Findings left out because their sink is in test code (test files and folders, fixtures;
   * see test-code.ts). 0 when the scan was asked to include them (`--include-tests`).
   * Secrets are never counted here: they are reported by their own policy.
   */
  testFindingsHidden: number;
  cachedFiles: number;
  durationMs: number;
  rulesVersion: string;
}

export interface ScanResult {
  findings: Finding[];
  summary: ScanSummary;
}
