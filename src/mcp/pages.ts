// Findings a page at a time, most severe first, so that an answer fits an agent's
// context whatever the scan found: a page of `limit` findings at or above a minimum
// severity, the count of the rest, and an opaque cursor to the next page.
import type { Severity } from '../engine/index.ts';
import type { ScanRecord } from './client-state.ts';
import { ToolError } from './errors.ts';
import { SEVERITY_RANK, sortFindings, toMcpFinding, type FindingDetail } from './findings.ts';
import type { McpFinding } from './schemas.ts';

export interface PageRequest {
  limit: number;
  severity?: Severity;
  detail: FindingDetail;
  offset: number;
}

export interface Page {
  findings: McpFinding[];
  /** Findings at or above the severity asked for. */
  total: number;
  offset: number;
  request: PageRequest;
  nextCursor?: string;
}

interface Cursor {
  scan_id: string;
  offset: number;
  limit?: number;
  severity?: Severity;
  detail?: FindingDetail;
}

export function findingsPage(record: ScanRecord, request: PageRequest): Page {
  const minimum = SEVERITY_RANK[request.severity ?? 'low'];
  // Findings dismissed on the service (remote mode) come after the open ones, flagged.
  const dismissals = record.dismissals ?? {};
  const sorted = sortFindings(record.findings);
  const matching = [...sorted.filter((f) => !dismissals[f.id]), ...sorted.filter((f) => dismissals[f.id])].filter(
    (f) => SEVERITY_RANK[f.severity] >= minimum,
  );
  const offset = Math.min(request.offset, matching.length);
  const shown = matching.slice(offset, offset + request.limit);
  const next = offset + shown.length;
  return {
    findings: shown.map((f) => toMcpFinding(f, request.detail, dismissals[f.id])),
    total: matching.length,
    offset,
    request,
    ...(next < matching.length
      ? { nextCursor: encodeCursor({ scan_id: record.scan_id, offset: next, limit: request.limit, severity: request.severity, detail: request.detail }) }
      : {}),
  };
}

/** What the page left out and how to get it, for next_hint. */
export function pageHint(page: Page, record: ScanRecord, repoArg: string): string {
  const all = record.findings.length;
  if (page.total === all && page.offset === 0 && !page.nextCursor) return '';
  const parts: string[] = [];
  const end = page.offset + page.findings.length;
  parts.push(
    ` Listed ${page.findings.length ? `${page.offset + 1}–${end}` : 'none'} of ${page.total}` +
      (page.request.severity && page.request.severity !== 'low' ? ` at or above ${page.request.severity}` : '') +
      ` (${all} in all), most severe first${page.request.detail === 'compact' ? ', compact' : ''}.`,
  );
  const call = (extra: string) => `scanner_status {repo: ${JSON.stringify(repoArg)}, scan_id: "${record.scan_id}", ${extra}}`;
  if (page.nextCursor) parts.push(` ${page.total - end} more: ${call(`cursor: "${page.nextCursor}"`)}.`);
  if (page.request.detail === 'compact') parts.push(' detail: "full" adds code, taint trace and references;');
  parts.push(` scanner_report gives them all as markdown.`);
  return parts.join('');
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  let cursor: Partial<Cursor> | undefined;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    cursor = undefined;
  }
  if (!cursor || typeof cursor.scan_id !== 'string' || !Number.isInteger(cursor.offset) || (cursor.offset ?? -1) < 0) {
    throw new ToolError('cursor is not one this server gave: pass the next_cursor of the previous scanner_status answer unchanged, or leave it out.');
  }
  return cursor as Cursor;
}
