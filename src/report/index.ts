// Report formats of a scan result. The CLI picks one with `--format`; the MCP
// report tool and the service reuse the markdown and JSON renderers.
import type { ScanResult } from '../engine/types.ts';
import type { ToolInfo } from './common.ts';
import { toJson } from './json.ts';
import { toMarkdown } from './markdown.ts';
import { toSarif } from './sarif.ts';
import { toText } from './text.ts';

export { toSarif, FINGERPRINT_KEY, SARIF_SCHEMA_URI, type SarifOptions } from './sarif.ts';
export { toJson, toJsonReport, type JsonReport, type JsonOptions } from './json.ts';
export { toMarkdown, type MarkdownOptions } from './markdown.ts';
export { toText, type TextOptions } from './text.ts';
export { readBaseline, parseBaseline, applyBaseline, BaselineError, type Baseline } from './baseline.ts';
export { countBySeverity, sortFindings, summaryLine, type ToolInfo } from './common.ts';

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface RenderOptions {
  tool?: ToolInfo;
  /** Absolute path of the scanned root (SARIF `%SRCROOT%`). */
  root?: string;
  /** Shown in the markdown title. */
  target?: string;
  /** Text format only. */
  color?: boolean;
}

export function renderReport(result: ScanResult, format: ReportFormat, options: RenderOptions = {}): string {
  switch (format) {
    case 'json':
      return toJson(result, { tool: options.tool });
    case 'sarif':
      return `${JSON.stringify(toSarif(result, { tool: options.tool, root: options.root }), null, 2)}\n`;
    case 'markdown':
      return toMarkdown(result, { target: options.target });
    case 'text':
      return toText(result, { color: options.color });
  }
}
