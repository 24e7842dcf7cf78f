// `scanner mcp`: the seven scanner_* tools of the spec over stdio.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from './errors.ts';
import { warmUp } from './warm.ts';
import { debug } from './log.ts';
import { RemoteScanner, remoteConfigFromEnv } from './remote.ts';
import { ScanManager } from './scans.ts';
import { AssistantSessions } from './sessions.ts';
import * as schema from './schemas.ts';
import { findingsText } from './findings.ts';
import type { McpFinding } from './schemas.ts';

const VERSION = '0.1.0';
/** How long running local scans may finish after the client has gone. */
const SCAN_GRACE_MS = 60_000;
const SIGNAL_GRACE_MS = 5_000;
const WARM_UP_QUIET_MS = 1_000;

/**
 * Success: the object as structured content, and as text for clients that show the model
 * only text: the JSON of everything but the findings, then one line per finding (the
 * findings are not sent twice as JSON). Failure: `{error}` as JSON text, flagged isError.
 */
/** Tool calls in progress, and when the last one ended: the warm-up waits for a quiet moment. */
const activity = { calls: 0, lastEnded: Date.now() };

async function answer(tool: string, work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  const started = Date.now();
  activity.calls++;
  try {
    const result = await work();
    debug(`${tool} answered in ${Date.now() - started} ms`);
    return { content: [{ type: 'text', text: answerText(result) }], structuredContent: result };
  } catch (error) {
    const message =
      error instanceof ToolError ? error.message : `Internal error in ${tool}: ${error instanceof Error ? error.message : String(error)}`;
    debug(`${tool} failed in ${Date.now() - started} ms: ${message}`, error instanceof ToolError ? undefined : error);
    return { content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true };
  } finally {
    activity.calls--;
    activity.lastEnded = Date.now();
  }
}

/**
 * Runs the warm-up once the server has had no tool call for a second: it keeps the
 * thread busy for a moment, which must not delay the answer to a call (a call that
 * needs the engine loads it itself).
 */
function warmUpWhenQuiet(cwd: string): void {
  const timer = setInterval(() => {
    if (activity.calls > 0 || Date.now() - activity.lastEnded < WARM_UP_QUIET_MS) return;
    clearInterval(timer);
    void warmUp(cwd);
  }, 250);
  timer.unref();
}

export function answerText(result: Record<string, unknown>): string {
  const holder = (result.response && typeof result.response === 'object' ? result.response : result) as Record<string, unknown>;
  const findings = holder.findings as McpFinding[] | undefined;
  if (!findings?.length) return JSON.stringify(result);
  const withoutFindings = holder === result ? { ...result, findings: undefined } : { ...result, response: { ...holder, findings: undefined } };
  return `${JSON.stringify(withoutFindings)}\n\nfindings (${findings.length}):\n${findingsText(findings)}`;
}

export interface ScannerMcp {
  server: McpServer;
  scans: ScanManager;
  sessions: AssistantSessions;
  close(): Promise<void>;
}

export function createScannerMcpServer(): ScannerMcp {
  const remoteConfig = remoteConfigFromEnv();
  const scans = new ScanManager(remoteConfig ? new RemoteScanner(remoteConfig) : undefined);
  const sessions = new AssistantSessions();
  const server = new McpServer(
    { name: 'scanner', version: VERSION },
    { instructions: schema.SERVER_INSTRUCTIONS },
  );
  const tools = schema.TOOL_DESCRIPTIONS;

  server.registerTool(
    'scanner_scan_diff',
    {
      title: 'Scan changed files',
      description: tools.scanner_scan_diff,
      annotations: schema.TOOL_ANNOTATIONS.scanner_scan_diff,
      inputSchema: schema.scanDiffInput,
      outputSchema: schema.scanDiffOutput,
    },
    (input) => answer('scanner_scan_diff', () => scans.startDiff(input)),
  );
  server.registerTool(
    'scanner_status',
    {
      title: 'Scan status and findings',
      description: tools.scanner_status,
      annotations: schema.TOOL_ANNOTATIONS.scanner_status,
      inputSchema: schema.statusInput,
      outputSchema: schema.statusOutput,
    },
    (input) => answer('scanner_status', () => scans.status(input)),
  );
  server.registerTool(
    'scanner_full_scan',
    {
      title: 'Scan the whole repository',
      description: tools.scanner_full_scan,
      annotations: schema.TOOL_ANNOTATIONS.scanner_full_scan,
      inputSchema: schema.fullScanInput,
      outputSchema: schema.fullScanOutput,
    },
    (input) => answer('scanner_full_scan', () => scans.startFull(input) as Promise<unknown> as Promise<Record<string, unknown>>),
  );
  server.registerTool(
    'scanner_report',
    {
      title: 'Markdown security report',
      description: tools.scanner_report,
      annotations: schema.TOOL_ANNOTATIONS.scanner_report,
      inputSchema: schema.reportInput,
      outputSchema: schema.reportOutput,
    },
    (input) => answer('scanner_report', () => scans.report(input)),
  );
  server.registerTool(
    'scanner_security_assistant',
    {
      title: 'Start a watching security assistant',
      description: tools.scanner_security_assistant,
      annotations: schema.TOOL_ANNOTATIONS.scanner_security_assistant,
      inputSchema: schema.assistantInput,
      outputSchema: schema.assistantOutput,
    },
    (input) => answer('scanner_security_assistant', () => sessions.start(input)),
  );
  server.registerTool(
    'scanner_security_assistant_results',
    {
      title: 'Assistant session findings',
      description: tools.scanner_security_assistant_results,
      annotations: schema.TOOL_ANNOTATIONS.scanner_security_assistant_results,
      inputSchema: schema.assistantResultsInput,
      outputSchema: schema.assistantResultsOutput,
    },
    (input) => answer('scanner_security_assistant_results', () => sessions.results(input)),
  );
  server.registerTool(
    'scanner_security_assistant_stop',
    {
      title: 'Stop an assistant session',
      description: tools.scanner_security_assistant_stop,
      annotations: schema.TOOL_ANNOTATIONS.scanner_security_assistant_stop,
      inputSchema: schema.assistantStopInput,
      outputSchema: schema.assistantStopOutput,
    },
    (input) => answer('scanner_security_assistant_stop', () => sessions.stop(input)),
  );

  return {
    server,
    scans,
    sessions,
    async close() {
      await sessions.closeAll();
      await server.close();
    },
  };
}

export async function runStdioServer(): Promise<void> {
  const mcp = createScannerMcpServer();
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async (reason: string, graceMs: number) => {
    if (closing) return;
    closing = true;
    debug(`shutting down (${reason})`);
    // A client that asks for a scan and goes away (a one-shot CLI client, an IDE
    // closing) still finds its result later: running scans finish and are saved first.
    await Promise.race([mcp.scans.idle(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    await mcp.close().catch((error) => debug('error while closing', error));
    process.exit(0);
  };
  // One tool's unexpected failure must not take the other tools (and running sessions) down with it.
  process.on('uncaughtException', (error) => process.stderr.write(`scanner mcp: unexpected error: ${error.stack ?? error.message}\n`));
  process.on('unhandledRejection', (reason) => process.stderr.write(`scanner mcp: unhandled rejection: ${String((reason as Error)?.stack ?? reason)}\n`));
  transport.onclose = () => void shutdown('transport closed', SCAN_GRACE_MS);
  process.stdin.on('end', () => void shutdown('stdin ended', SCAN_GRACE_MS));
  process.on('SIGINT', () => void shutdown('SIGINT', SIGNAL_GRACE_MS));
  process.on('SIGTERM', () => void shutdown('SIGTERM', SIGNAL_GRACE_MS));
  await mcp.server.connect(transport);
  debug(`scanner MCP server ready (${mcp.scans.mode} mode, pid ${process.pid})`);
  // The first diff scan should answer within its budget too: the engine and the grammars
  // of the working directory's main languages load in the first quiet moment.
  warmUpWhenQuiet(process.cwd());
}
