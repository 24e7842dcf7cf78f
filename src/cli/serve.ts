// scanner serve [--port N] [--host H] [--data-dir DIR]
import type { Command } from 'commander';

function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--port: not a port number: ${value}`);
  return n;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the scan service: REST API and SSE under /api/v1 (SQLite by default, PostgreSQL with DATABASE_URL)')
    .option('--port <n>', 'port to listen on (default 7700, env SCANNER_PORT)', portNumber)
    .option('--host <h>', 'address to listen on (default 127.0.0.1, env SCANNER_HOST)')
    .option('--data-dir <dir>', 'where the embedded SQLite database lives (default ./.scanner/server, env SCANNER_DATA_DIR)')
    .option('--concurrency <n>', 'scans this process runs at once (default 2; 0 = API only)', portNumber)
    .action(async (options: { port?: number; host?: string; dataDir?: string; concurrency?: number }) => {
      // The service (Fastify, databases) loads only for the commands that use it: `scanner scan` stays quick to start.
      const { closeOnSignals, startServer } = await import('../service/service.ts');
      const server = await startServer({
        port: options.port,
        host: options.host,
        dataDir: options.dataDir,
        scanConcurrency: options.concurrency,
        print: (line) => process.stderr.write(line + '\n'),
      });
      process.stderr.write(`scanner: serving ${server.url}/api/v1 (OpenAPI: ${server.url}/api/v1/openapi.json)\n`);
      closeOnSignals(() => server.close(), server.core.log);
    });
}
