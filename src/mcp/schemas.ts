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
});
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
};

export const statusInput = {
  repo: z.string().describe(REPO_DESCRIPTION),
  scan_id: z.string().optional().describe('The scan_id returned by scanner_scan_diff or scanner_full_scan'),
  latest: z.boolean().optional().describe('true: the latest scan of this repository (use at the start of a session)'),
};

export const statusOutput = {
  ready: z.boolean(),
  poll_after_ms: z.number().int().optional().describe('While not ready: wait this long before calling scanner_status again'),
  findings: z.array(mcpFindingSchema).optional(),
  next_hint: z.string().optional(),
};

export const fullScanInput = {
  repo: z.string().default('.').describe(REPO_DESCRIPTION),
};

export const fullScanOutput = {
  scan_id: z.string(),
  queued: z.boolean(),
  eta_ms: z.number().int(),
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

const FLOW =
  'Recommended flow: scanner_status {latest:true} when you start; scanner_scan_diff after each change; ' +
  'scanner_status before committing; scanner_full_scan, then scanner_status until ready is true, then scanner_report before pushing or deploying. ' +
  'Or, while editing: scanner_security_assistant, then scanner_security_assistant_results, then scanner_security_assistant_stop.';

export const TOOL_DESCRIPTIONS = {
  scanner_scan_diff:
    'Security-scan only the files changed since a commit (default HEAD: your uncommitted work, including untracked files). ' +
    'Fast and non-blocking: returns a scan_id at once; read the findings with scanner_status {repo, scan_id} about 5 seconds later. ' +
    'Use it after every meaningful code change. ' +
    FLOW,
  scanner_status:
    'Read the result of a scan: {ready:true, findings, next_hint} when it is done, {ready:false, poll_after_ms} while it runs ' +
    '(wait poll_after_ms before asking again; do not poll continuously). Pass scan_id, or latest:true for the most recent scan of the repository ' +
    '(do this at the start of a session and before committing). ' +
    FLOW,
  scanner_full_scan:
    'Security-scan the whole repository: every file of the working tree plus the git history for leaked secrets. ' +
    'Much slower than scanner_scan_diff; use it before pushing or deploying. Non-blocking: returns scan_id and eta_ms; ' +
    'poll scanner_status until ready is true, then call scanner_report. ' +
    FLOW,
  scanner_report:
    'Markdown security report of a completed scan (summary, severity breakdown, affected files and line numbers, remediation, references). ' +
    'Use after scanner_full_scan once scanner_status says ready:true, e.g. to show the user or attach to a pull request. ' +
    FLOW,
  scanner_security_assistant:
    'Start a security assistant session that watches a directory and re-scans each file as it changes. ' +
    'Returns a sessionId; read results with scanner_security_assistant_results 10 or more seconds after a change; ' +
    'end with scanner_security_assistant_stop. The session ends by itself after 60 seconds without file changes. ' +
    FLOW,
  scanner_security_assistant_results:
    'Findings of an active assistant session for the files changed since it started. Call it 10 or more seconds after a code change ' +
    '(or pass wait to let this call wait). The session must still be active. ' +
    FLOW,
  scanner_security_assistant_stop:
    'Stop an assistant session: stops watching and returns its final findings and summary. ' + FLOW,
} as const;
