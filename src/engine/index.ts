// The engine's public face. Every door (CLI, service, MCP) scans through these.
export type {
  Finding,
  TraceStep,
  Severity,
  Confidence,
  SourceFile,
  SkippedFile,
  SkipReason,
  ScanWarning,
  ScanSummary,
  ScanResult,
} from './types.ts';
export { SEVERITIES, SEVERITY_RANK } from './types.ts';
export { scanSourceFiles, type ScanOptions, type ScanProgress } from './scan.ts';
export { loadRuleSet, type RuleSet } from './rules/load.ts';
export { isTestCode, isTestFinding, withoutTestFindings } from './test-code.ts';
