// `scanner mcp`: the MCP server on stdin/stdout (stdout is the protocol only).
import type { Command } from 'commander';

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('run the MCP server over stdio (tools scanner_*); SCANNER_API_URL + SCANNER_API_KEY select remote mode, SCANNER_DEBUG=1 logs to stderr')
    .action(async () => {
      const { runStdioServer } = await import('../mcp/server.ts');
      try {
        await runStdioServer();
      } catch (error) {
        process.stderr.write(`scanner mcp: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(2);
      }
    });
}
