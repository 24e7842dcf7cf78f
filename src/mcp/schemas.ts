// The seven tools' contracts (spec section 4, "MCP tools"), declared once: the
// SDK validates inputs and outputs with these and publishes them in tools/list.
import { z } from 'zod';

const SEVERITY = z.enum(['critical', 'high', 'medium', 'low']);

const position = z.object({
  line: z.number().int().describe('1-based line number'),
  col: z.number().int().describe('1-based column'),
});

export const mcpFindingSchema = z.object({
  id: z.string().describe('Stable finding id (vuln_…): the same issue keeps its id across scans'),
  severity: SEVERITY,
  path: z.string().describe('File path relative to the repository or watched directory'),
  range: z.object({ start: position, end: position.optional() }),
  description: z.string().describe('What is wrong, in one or two sentences'),
  type: z.string().describe('Vulnerability type, e.g. SQL_INJECTION, COMMAND_INJECTION, HARDCODED_SECRET'),
  cwe: z.array(z.number().int()).describe('CWE numbers'),
  remediation: z.string().describe('How to fix it'),
  title: z.string().optional(),
  ruleId: z.string().optional(),
  confidence: z.string().optional(),
  snippet: z.string().optional().describe('The affected source line(s); secrets are masked'),
  references: z.array(z.string()).optional(),
  trace: z
    .array(z.object({ kind: z.string(), path: z.string(), line: z.number().int(), col: z.number().int(), label: z.string() }))
    .optional()
    .describe('Taint findings: how untrusted data flows from its source to this sink'),
  commit: z.string().optional().describe('Secrets found in git history: the commit that introduced it'),
  author: z.string().optional(),
  date: z.string().optional(),
  dismissed: z
    .object({
      status: z.enum(['false_positive', 'accepted_risk', 'wont_fix']),
      reason: z.string(),
      by: z.string().describe('Who dismissed it: a dashboard user, or key:<key id>'),
    })
    .optional()
    .describe('Remote mode: the finding was dismissed on the scanning service (triage); listed after the open findings'),
});
export type McpDismissal = NonNullable<McpFinding['dismissed']>;
export type McpFinding = z.infer<typeof mcpFindingSchema>;

const REPO_DESCRIPTION = 'Path of the git repository (absolute, or relative to the MCP server\'s working directory)';

export const scanDiffInput = {
  repo: z.string().default('.').describe(REPO_DESCRIPTION),
  since: z
    .string()
    .default('HEAD')
    .describe('Commit or ref to diff against; committed, staged, unstaged and untracked changes since it are scanned'),
  paths: z
    .array(z.string())
    .optional()
    .describe('Glob patterns (relative to repo) limiting which changed files are scanned, e.g. ["src/**/*.ts"]'),
};

export const scanDiffOutput = {
  scan_id: z.string(),
  queued: z.boolean(),
  eta_ms: z.number().int(),
  next_hint: z.string(),
  summary: z.object({ files_considered: z.number().int(), mode: z.literal('diff') }),
  ready: z.boolean().optional().describe('true when the scan finished within the answer: its findings are here, no status call needed'),
  findings: z.array(mcpFindingSchema).optional().describe('With ready: the findings on changed lines, most severe first (compact)'),
  total_findings: z.number().int().optional(),
  next_cursor: z.string().optional().describe('With ready: more findings follow; pass it to scanner_status as cursor'),
};

/** Findings a status answer lists when `limit` is not given: under 32 KB with the longest messages and paths (test/mcp/units.test.ts). */
export const DEFAULT_STATUS_LIMIT = 20;
export const MAX_STATUS_LIMIT = 200;

export const statusInput = {
  repo: z.string().describe(REPO_DESCRIPTION),
  scan_id: z.string().optional().describe('The scan_id returned by scanner_scan_diff or scanner_full_scan'),
  latest: z.boolean().optional().describe('true: the latest scan of this repository (use at the start of a session)'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_STATUS_LIMIT)
    .optional()
    .describe(`Findings per answer, most severe first (default ${DEFAULT_STATUS_LIMIT}); the rest are counted and reached with cursor`),
  severity: SEVERITY.optional().describe('Minimum severity to list, e.g. "high" for high and critical only (default: all)'),
  cursor: z.string().optional().describe('The next_cursor of the previous answer: the next page of the same scan'),
  detail: z
    .enum(['compact', 'full'])
    .optional()
    .describe('compact (default): location, type, description, remediation; full adds code snippet, taint trace, references'),
};

const severityCounts = z.object({ critical: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int() });

export const statusOutput = {
  ready: z.boolean(),
  poll_after_ms: z.number().int().optional().describe('While not ready: wait this long before calling scanner_status again'),
  findings: z.array(mcpFindingSchema).optional().describe('This page of findings, most severe first'),
  next_hint: z.string().optional(),
  scanned: z.literal(false).optional().describe('false: the repository has no scan yet, so no findings does not mean clean'),
  scan_id: z.string().optional().describe('The scan these findings belong to (with latest: true, the one it found)'),
  total_findings: z.number().int().optional().describe('Findings of the scan at or above the severity asked for'),
  counts: severityCounts.optional().describe('Findings of the scan per severity, whatever the filter'),
  next_cursor: z.string().optional().describe('Present when more findings follow: pass it as cursor for the next page'),
};

export const fullScanInput = {
  repo: z.string().default('.').describe(REPO_DESCRIPTION),
};

export const fullScanOutput = {
  scan_id: z.string(),
  queued: z.boolean(),
  eta_ms: z.number().int().describe("Estimated from this machine's earlier scans: the working tree and the history, read side by side"),
  next_hint: z.string().optional().describe('Where the scan runs (locally, or on the service) and when to poll'),
};

export const reportInput = {
  repo: z.string().describe(REPO_DESCRIPTION),
  scan_id: z.string().describe('A completed scan (see scanner_status)'),
};

export const reportOutput = {
  report: z.string().describe('Markdown: summary, severity breakdown, affected files and lines, remediation, references'),
};

export const assistantInput = {
  path: z.string().describe('Directory to watch (absolute, or relative to the MCP server\'s working directory)'),
};

export const assistantOutput = {
  message: z.string(),
  nextSteps: z.string().describe('How to read results; contains the session id'),
  sessionId: z.string(),
};

export const assistantResultsInput = {
  session: z.string().describe('The sessionId returned by scanner_security_assistant'),
  wait: z
    .number()
    .min(0)
    .max(120)
    .optional()
    .describe('Extra seconds to wait before reading (lets scans of very recent edits finish)'),
};

export const assistantResultsOutput = {
  response: z.object({
    findings: z.array(mcpFindingSchema),
    summary: z.string(),
    scannedFiles: z.array(z.string()),
  }),
};

export const assistantStopInput = {
  session: z.string().describe('The sessionId returned by scanner_security_assistant'),
};

export const assistantStopOutput = {
  message: z.string(),
  nextSteps: z.string(),
  response: z.object({ findings: z.array(mcpFindingSchema), summary: z.string() }),
};

/** Said once, in the server's instructions (every client shows them to the model). */
export const SERVER_INSTRUCTIONS =
  'Security scanning of the code you work on, on this machine (or on a Scanner service in remote mode). ' +
  'Recommended flow: scanner_status {latest:true} when you start; scanner_scan_diff after each change (small diffs answer with their findings at once, ready:true); ' +
  'scanner_status before committing; scanner_full_scan, then scanner_status after poll_after_ms until ready is true, then scanner_report before pushing or deploying. ' +
  'Or, while editing: scanner_security_assistant, then scanner_security_assistant_results, then scanner_security_assistant_stop. ' +
  `Answers are kept small: scanner_status lists the ${DEFAULT_STATUS_LIMIT} most severe findings in a compact form and counts the rest (use severity, cursor, detail:"full").`;

export const TOOL_DESCRIPTIONS = {
  scanner_scan_diff:
    'Security-scan only the files changed since a commit (default HEAD: your uncommitted work, including untracked files). ' +
    'When the scan finishes within about a second the answer has ready:true and the findings; otherwise read them with ' +
    'scanner_status {repo, scan_id} after the time next_hint gives. Use it after every meaningful code change.',
  scanner_status:
    'Read the result of a scan: {ready:true, findings, next_hint} when it is done, {ready:false, poll_after_ms} while it runs ' +
    '(wait poll_after_ms before asking again; do not poll continuously). Pass scan_id, or latest:true for the most recent scan of the repository ' +
    '(do this at the start of a session and before committing). Findings come most severe first, ' +
    `${DEFAULT_STATUS_LIMIT} per answer in a compact form; limit, severity (minimum), cursor (next_cursor of the last answer) and detail:"full" choose others.`,
  scanner_full_scan:
    'Security-scan the whole repository: every file of the working tree plus the git history for leaked secrets. ' +
    'Much slower than scanner_scan_diff; use it before pushing or deploying. Non-blocking: returns scan_id and eta_ms (estimated from this machine\'s earlier scans); ' +
    'poll scanner_status until ready is true, then call scanner_report.',
  scanner_report:
    'Markdown security report of a completed scan: summary, severity breakdown, findings grouped by rule and file with lines, remediation and references. ' +
    'Stays under 60,000 characters (fits a GitHub comment): the least severe groups are collapsed and counted. ' +
    'Use after scanner_full_scan once scanner_status says ready:true, e.g. to show the user or attach to a pull request.',
  scanner_security_assistant:
    'Start a security assistant session that watches a directory and re-scans each file as it changes. ' +
    'Returns a sessionId; read results with scanner_security_assistant_results 10 or more seconds after a change; ' +
    'end with scanner_security_assistant_stop. The session ends by itself after 60 seconds without file changes.',
  scanner_security_assistant_results:
    'Findings of an active assistant session for the files changed since it started. Call it 10 or more seconds after a code change ' +
    '(or pass wait to let this call wait). The session must still be active.',
  scanner_security_assistant_stop: 'Stop an assistant session: stops watching and returns its final findings and summary.',
} as const;

/**
 * MCP tool annotations: hints a client uses to decide what needs the user's
 * confirmation. No tool changes the user's code; scans write only their own
 * state under .scanner/; nothing reaches beyond this machine except, in remote
 * mode, the configured Scanner service.
 */
export const TOOL_ANNOTATIONS = {
  scanner_scan_diff: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scanner_status: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scanner_full_scan: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scanner_report: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scanner_security_assistant: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scanner_security_assistant_results: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scanner_security_assistant_stop: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
} as const;
