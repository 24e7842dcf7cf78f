// `scanner connect --ide NAME`: registers `scanner mcp` in an IDE's MCP
// configuration, merged into what is there (other servers and settings stay),
// with a backup of the previous file. A file that is not valid JSON is never
// overwritten: the user's hand-edited config matters more than our entry.
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Option, type Command } from './commander.ts';

export const IDES = ['cursor', 'vscode', 'claude', 'windsurf'] as const;
export type Ide = (typeof IDES)[number];

interface IdeTarget {
  label: string;
  /** Where the file is; project-level files live in the current directory. */
  file: (cwd: string, home: string) => string;
  /** The object in the file that maps server names to launch configs. */
  serversKey: 'mcpServers' | 'servers';
  projectLevel: boolean;
}

const TARGETS: Record<Ide, IdeTarget> = {
  cursor: { label: 'Cursor', file: (_cwd, home) => path.join(home, '.cursor', 'mcp.json'), serversKey: 'mcpServers', projectLevel: false },
  vscode: { label: 'VS Code', file: (cwd) => path.join(cwd, '.vscode', 'mcp.json'), serversKey: 'servers', projectLevel: true },
  claude: { label: 'Claude Code', file: (cwd) => path.join(cwd, '.mcp.json'), serversKey: 'mcpServers', projectLevel: true },
  windsurf: {
    label: 'Windsurf',
    file: (_cwd, home) => path.join(home, '.codeium', 'windsurf', 'mcp_config.json'),
    serversKey: 'mcpServers',
    projectLevel: false,
  },
};

export const SERVER_NAME = 'scanner';

export interface ConnectOptions {
  ide: Ide;
  apiKey?: string;
  apiUrl?: string;
  config?: string;
  print?: boolean;
  cwd?: string;
  home?: string;
}

export interface ServerEntry {
  type?: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** How the IDE launches this installation's `scanner mcp`: the same node, our own bin script. */
export function serverEntry(ide: Ide, apiKey?: string, apiUrl?: string): ServerEntry {
  const bin = fileURLToPath(new URL('../../bin/scanner.js', import.meta.url));
  const env: Record<string, string> = {};
  if (apiKey) env.SCANNER_API_KEY = apiKey;
  if (apiUrl) env.SCANNER_API_URL = apiUrl;
  const entry: ServerEntry = { command: process.execPath, args: [bin, 'mcp'], env };
  // VS Code's mcp.json names the transport of each server.
  return ide === 'vscode' ? { type: 'stdio', ...entry } : entry;
}

export class ConnectError extends Error {}

export async function connectIde(options: ConnectOptions): Promise<{ file: string; json: string; backup?: string; written: boolean }> {
  const target = TARGETS[options.ide];
  if (options.apiUrl && !options.apiKey) {
    throw new ConnectError('--api-url selects remote mode, which also needs --api-key (or SCANNER_API_KEY); without both, scans run locally.');
  }
  const file = path.resolve(options.config ?? target.file(options.cwd ?? process.cwd(), options.home ?? os.homedir()));
  let existing: Record<string, unknown> = {};
  let original: string | undefined;
  if (existsSync(file)) {
    original = await readFile(file, 'utf8');
    if (original.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(original);
      } catch (error) {
        throw new ConnectError(`${file} is not valid JSON (${(error as Error).message}); not touching it. Fix or move it, or use --print and add the entry by hand.`);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new ConnectError(`${file} does not hold a JSON object; not touching it. Fix or move it, or use --print.`);
      }
      existing = parsed as Record<string, unknown>;
    }
  }
  const servers = existing[target.serversKey] ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw new ConnectError(`"${target.serversKey}" in ${file} is not an object; not touching the file. Fix it, or use --print.`);
  }
  const merged = {
    ...existing,
    [target.serversKey]: { ...(servers as Record<string, unknown>), [SERVER_NAME]: serverEntry(options.ide, options.apiKey, options.apiUrl) },
  };
  const json = `${JSON.stringify(merged, null, 2)}\n`;
  if (options.print) return { file, json, written: false };

  await mkdir(path.dirname(file), { recursive: true });
  let backup: string | undefined;
  if (original !== undefined) {
    backup = `${file}.bak-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
    await copyFile(file, backup);
  }
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, json, { mode: options.apiKey ? 0o600 : 0o644 });
  await rename(tmp, file);
  if (options.apiKey) await chmod(file, 0o600);
  return { file, json, backup, written: true };
}

export function registerConnectCommand(program: Command): void {
  program
    .command('connect')
    .description("add the scanner MCP server to an IDE's MCP configuration (merged with what is there; a backup is kept)")
    .addOption(new Option('--ide <name>', 'which IDE').choices([...IDES]).makeOptionMandatory())
    .option('--api-key <key>', 'API key for remote mode (default: $SCANNER_API_KEY; none = local scans)')
    .option('--api-url <url>', 'service API URL for remote mode, e.g. http://host:7700/api/v1 (default: $SCANNER_API_URL)')
    .option('--config <file>', "the IDE's configuration file, if not at its usual place")
    .option('--print', 'print the resulting configuration instead of writing it')
    .action(async (opts: { ide: Ide; apiKey?: string; apiUrl?: string; config?: string; print?: boolean }) => {
      const apiKey = opts.apiKey ?? process.env.SCANNER_API_KEY;
      const apiUrl = opts.apiUrl ?? process.env.SCANNER_API_URL;
      try {
        const result = await connectIde({ ...opts, apiKey, apiUrl });
        if (!result.written) {
          process.stdout.write(result.json);
          process.stderr.write(`(not written; this is what ${result.file} would contain)\n`);
          return;
        }
        const target = TARGETS[opts.ide];
        process.stdout.write(
          `Added "${SERVER_NAME}" to ${target.label}'s MCP configuration: ${result.file}` +
            (result.backup ? `\nPrevious file kept as ${result.backup}` : '') +
            `\nMode: ${apiKey && apiUrl ? `remote (${apiUrl})` : 'local (scans run on this machine)'}. Reload MCP servers in ${target.label} to use it.\n`,
        );
        if (apiKey && target.projectLevel) {
          process.stderr.write(`warning: ${result.file} is inside the project and now holds the API key; keep it out of version control.\n`);
        }
      } catch (error) {
        if (error instanceof ConnectError) {
          process.stderr.write(`scanner connect: ${error.message}\n`);
          process.exit(2);
        }
        throw error;
      }
    });
}
