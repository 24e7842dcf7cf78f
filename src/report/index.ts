// Report formats of a scan result. The CLI picks one with `--format`; the MCP
// report tool and the service reuse the markdown and JSON renderers.
export { toSarif, FINGERPRINT_KEY, SARIF_SCHEMA_URI, type SarifOptions } from './sarif.ts';
export { toJson, toJsonReport, type JsonReport, type JsonOptions } from './json.ts';
export { toMarkdown, type MarkdownOptions } from './markdown.ts';
export { toText, type TextOptions } from './text.ts';
export { readBaseline, parseBaseline, applyBaseline, BaselineError, type Baseline } from './baseline.ts';
export { countBySeverity, sortFindings, summaryLine, type ToolInfo } from './common.ts';
export { REPORT_FORMATS, renderReport, type ReportFormat, type RenderOptions } from './render.ts';
