// The report a CLI run asks for by `--format`. Only that format's renderer is loaded: a
// re-scan answered from the cache takes little more than a tenth of a second, and the
// renderers are a noticeable share of the modules it would load.
import type { ScanResult } from '../engine/types.ts';
import type { ToolInfo } from './common.ts';

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

export async function renderReport(result: ScanResult, format: ReportFormat, options: RenderOptions = {}): Promise<string> {
  switch (format) {
    case 'json':
      return (await import('./json.ts')).toJson(result, { tool: options.tool });
    case 'sarif':
      return `${JSON.stringify((await import('./sarif.ts')).toSarif(result, { tool: options.tool, root: options.root }), null, 2)}\n`;
    case 'markdown':
      return (await import('./markdown.ts')).toMarkdown(result, { target: options.target });
    case 'text':
      return (await import('./text.ts')).toText(result, { color: options.color });
  }
}
