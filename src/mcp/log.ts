// stdout carries the MCP protocol, so every diagnostic goes to stderr and only
// when SCANNER_DEBUG asks for it.
const enabled = /^(1|true|yes|on)$/i.test(process.env.SCANNER_DEBUG ?? '');

export function debug(message: string, detail?: unknown): void {
  if (!enabled) return;
  const suffix = detail === undefined ? '' : ` ${detail instanceof Error ? (detail.stack ?? detail.message) : JSON.stringify(detail)}`;
  process.stderr.write(`[scanner-mcp ${new Date().toISOString()}] ${message}${suffix}\n`);
}
