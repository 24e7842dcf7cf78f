// The JSON report: the engine's own vocabulary, unchanged, so that scripts, the
// service and `--baseline` read exactly what the engine produced.
import type { ScanResult } from '../engine/types.ts';
import { TOOL_NAME, countBySeverity, sortFindings, type ToolInfo } from './common.ts';

export interface JsonReport extends ScanResult {
  tool: { name: string; version?: string };
}

export interface JsonOptions {
  tool?: ToolInfo;
}

export function toJsonReport(result: ScanResult, options: JsonOptions = {}): JsonReport {
  return {
    tool: { name: options.tool?.name ?? TOOL_NAME, ...(options.tool?.version ? { version: options.tool.version } : {}) },
    summary: { ...result.summary, findingsBySeverity: countBySeverity(result.findings) },
    findings: sortFindings(result.findings),
  };
}

export function toJson(result: ScanResult, options: JsonOptions = {}): string {
  return `${JSON.stringify(toJsonReport(result, options), null, 2)}\n`;
}
