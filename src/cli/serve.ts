// scanner serve [--port N] [--host H] [--data-dir DIR] [--concurrency N]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { InvalidArgumentError } from './commander.ts';
import { launcher } from './connect.ts';
import { PACKAGE_NAME, PACKAGE_VERSION } from './package-info.ts';

function portNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('not a port number (0-65535).');
  return n;
}

function scanCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 256) throw new InvalidArgumentError('expected a whole number from 0 to 256.');
  return Number(value);
}

/**
 * The command that runs this installation, as the user can type it here: `scanner` when
 * that is this installation on PATH, npx's form when it runs from npx's cache, otherwise
 * node with the path of bin/scanner.js (relative when it is below the current folder).
 * After `npm ci` in a checkout there is no `scanner` on PATH, so naming it would mislead.
 */
export function cliCommand(binPath: string, pathDirs: string[], cwd = process.cwd()): string {
  const launch = launcher(binPath, pathDirs);
  if (launch.kind === 'command') return 'scanner';
  if (launch.kind === 'npx') return `npx ${PACKAGE_NAME}@${PACKAGE_VERSION}`;
  const relative = path.relative(cwd, launch.args[0]);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : launch.args[0];
  return `node ${/\s/.test(shown) ? JSON.stringify(shown) : shown}`;
}

/** A database URL without its password, to say where the data is. */
function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the scan service: REST API and SSE under /api/v1, dashboard at / (SQLite by default, PostgreSQL with DATABASE_URL)')
    .option('--port <n>', 'port to listen on (default 7700, env SCANNER_PORT)', portNumber)
    .option('--host <h>', 'address to listen on (default 127.0.0.1, env SCANNER_HOST)')
    .option('--data-dir <dir>', 'where the embedded SQLite database lives (default ./.scanner/server, env SCANNER_DATA_DIR)')
    .option(
      '--concurrency <n>',
      'commit scans this process runs at once, and GitHub scans (clones) unless SCANNER_CLONE_CONCURRENCY sets their own; queued scans wait for a free slot ' +
        '(default 2, env SCANNER_SCAN_CONCURRENCY; 0 = an API node that runs no scans)',
      scanCount,
    )
    .action(async (options: { port?: number; host?: string; dataDir?: string; concurrency?: number }) => {
      // The service (Fastify, databases) loads only for the commands that use it: `scanner scan` stays quick to start.
      const [{ closeOnSignals, startServer }, { embeddedDatabaseFile }] = await Promise.all([
        import('../service/service.ts'),
        import('../service/store/db.ts'),
      ]);
      const print = (line: string) => process.stderr.write(line + '\n');
      const command = cliCommand(fileURLToPath(new URL('../../bin/scanner.js', import.meta.url)), (process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
      const server = await startServer({
        port: options.port,
        host: options.host,
        dataDir: options.dataDir,
        scanConcurrency: options.concurrency,
        print,
        command,
      });
      const { config } = server.core;
      const file = embeddedDatabaseFile(config);
      print(`scanner: serving ${server.url}/api/v1 (OpenAPI: ${server.url}/api/v1/openapi.json), dashboard at ${server.url}/`);
      print(`scanner: database: ${file ? `SQLite, ${file}` : `PostgreSQL, ${withoutPassword(config.databaseUrl!)}`}`);
      const where = file ? ` --data-dir ${JSON.stringify(config.dataDir)}` : ' (with the same DATABASE_URL)';
      print(`scanner: API keys are made in the dashboard, or with: ${command} keys create --name NAME${where}`);
      closeOnSignals(() => server.close(), server.core.log);
    });
}
