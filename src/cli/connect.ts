// `scanner connect --ide NAME`: registers `scanner mcp` in an IDE's MCP
// configuration. The file is edited in place as JSON with comments (the form
// these IDEs read): other servers, settings, comments and formatting stay, and
// the previous file is kept under a name no other backup has. A file that does
// not parse is never overwritten: the user's hand-edited config matters more
// than our entry.
//
// The entry has to keep working after this process is gone: no path inside
// npx's cache (cleaned at any time) and no absolute path of the node that ran
// `connect` (gone after an upgrade). An API key is written as a reference to
// the environment in the syntax the IDE documents, never as its value.
import { constants as fsConstants, existsSync, realpathSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { Option, type Command } from './commander.ts';
import { PACKAGE_NAME, PACKAGE_VERSION } from './package-info.ts';

export const IDES = ['cursor', 'vscode', 'claude', 'windsurf'] as const;
export type Ide = (typeof IDES)[number];

interface IdeTarget {
  label: string;
  /** Where the file is; project-level files live in the current directory. */
  file: (cwd: string, home: string) => string;
  /** The object in the file that maps server names to launch configs. */
  serversKey: 'mcpServers' | 'servers';
  projectLevel: boolean;
  /** How the IDE's documentation writes a value taken from the environment (or an input, for VS Code). */
  keyReference: string;
}

const TARGETS: Record<Ide, IdeTarget> = {
  cursor: {
    label: 'Cursor',
    file: (_cwd, home) => path.join(home, '.cursor', 'mcp.json'),
    serversKey: 'mcpServers',
    projectLevel: false,
    keyReference: '${env:SCANNER_API_KEY}',
  },
  vscode: {
    label: 'VS Code',
    file: (cwd) => path.join(cwd, '.vscode', 'mcp.json'),
    serversKey: 'servers',
    projectLevel: true,
    // VS Code asks once and keeps the answer in its secret storage.
    keyReference: '${input:scanner-api-key}',
  },
  claude: {
    label: 'Claude Code',
    file: (cwd) => path.join(cwd, '.mcp.json'),
    serversKey: 'mcpServers',
    projectLevel: true,
    keyReference: '${SCANNER_API_KEY}',
  },
  windsurf: {
    label: 'Windsurf',
    file: (_cwd, home) => path.join(home, '.codeium', 'windsurf', 'mcp_config.json'),
    serversKey: 'mcpServers',
    projectLevel: false,
    keyReference: '${env:SCANNER_API_KEY}',
  },
};

export const SERVER_NAME = 'scanner';
const VSCODE_KEY_INPUT = {
  type: 'promptString',
  id: 'scanner-api-key',
  description: 'Scanner API key (from the dashboard)',
  password: true,
};

export interface ConnectOptions {
  ide: Ide;
  /** Remote mode: the key is referenced from the environment, never written. */
  apiKey?: string;
  apiUrl?: string;
  config?: string;
  print?: boolean;
  cwd?: string;
  home?: string;
  /** Where this installation's bin/scanner.js is (default: this file's package). */
  binPath?: string;
  /** Directories searched for a `scanner` command (default: PATH). */
  pathDirs?: string[];
}

export interface ServerEntry {
  type?: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}

export type LaunchKind = 'npx' | 'command' | 'node';

/**
 * How the IDE starts this installation's `scanner mcp`, in a form that survives a node
 * upgrade and a cleaned npm cache:
 * - run through npx (the package lives in npx's cache): `npx -y <name>@<version> mcp`,
 *   which fetches the same version again when the cache is gone;
 * - a `scanner` command on PATH that is this installation (global install, npm link):
 *   `scanner mcp`;
 * - otherwise (a checkout, a project's node_modules): `node <its bin/scanner.js> mcp`,
 *   with whatever node is on PATH when the IDE starts it.
 */
export function launcher(binPath: string, pathDirs: string[]): { kind: LaunchKind; command: string; args: string[] } {
  const real = realpathOrSelf(binPath);
  if (real.split(path.sep).includes('_npx')) return { kind: 'npx', command: 'npx', args: ['-y', `${PACKAGE_NAME}@${PACKAGE_VERSION}`, 'mcp'] };
  for (const dir of pathDirs) {
    for (const name of process.platform === 'win32' ? ['scanner.cmd', 'scanner'] : ['scanner']) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate) && statSync(candidate).isFile() && realpathOrSelf(candidate) === real) {
        return { kind: 'command', command: 'scanner', args: ['mcp'] };
      }
    }
  }
  return { kind: 'node', command: 'node', args: [real, 'mcp'] };
}

function realpathOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

export function serverEntry(ide: Ide, options: { remote?: boolean; apiUrl?: string; binPath?: string; pathDirs?: string[] } = {}): ServerEntry {
  const bin = options.binPath ?? fileURLToPath(new URL('../../bin/scanner.js', import.meta.url));
  const { command, args } = launcher(bin, options.pathDirs ?? (process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  const env: Record<string, string> = {};
  if (options.remote) env.SCANNER_API_KEY = TARGETS[ide].keyReference;
  if (options.remote && options.apiUrl) env.SCANNER_API_URL = options.apiUrl;
  const entry: ServerEntry = { command, args, env };
  // VS Code's mcp.json names the transport of each server.
  return ide === 'vscode' ? { type: 'stdio', ...entry } : entry;
}

export class ConnectError extends Error {}

export interface ConnectResult {
  file: string;
  text: string;
  backup?: string;
  written: boolean;
  launch: LaunchKind;
}

export async function connectIde(options: ConnectOptions): Promise<ConnectResult> {
  const target = TARGETS[options.ide];
  if (options.apiUrl && !options.apiKey) {
    throw new ConnectError('--api-url selects remote mode, which also needs --api-key (or SCANNER_API_KEY); without both, scans run locally.');
  }
  const file = path.resolve(options.config ?? target.file(options.cwd ?? process.cwd(), options.home ?? os.homedir()));
  const original = existsSync(file) ? await readFile(file, 'utf8') : undefined;
  let text = original?.trim() ? original : '{}\n';
  const errors: ParseError[] = [];
  const parsed: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0];
    const line = text.slice(0, first.offset).split('\n').length;
    throw new ConnectError(
      `${file} is not valid JSON with comments (${printParseErrorCode(first.error)} on line ${line}); not touching it. Fix or move it, or use --print and add the entry by hand.`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConnectError(`${file} does not hold a JSON object; not touching it. Fix or move it, or use --print.`);
  }
  const servers = (parsed as Record<string, unknown>)[target.serversKey];
  if (servers !== undefined && (typeof servers !== 'object' || servers === null || Array.isArray(servers))) {
    throw new ConnectError(`"${target.serversKey}" in ${file} is not an object; not touching the file. Fix it, or use --print.`);
  }
  const remote = Boolean(options.apiKey && options.apiUrl);
  const entry = serverEntry(options.ide, { remote, apiUrl: options.apiUrl, binPath: options.binPath, pathDirs: options.pathDirs });
  const formatting = { formattingOptions: { insertSpaces: true, tabSize: detectIndent(text), eol: text.includes('\r\n') ? '\r\n' : '\n' } };
  text = applyEdits(text, modify(text, [target.serversKey, SERVER_NAME], entry, formatting));
  if (remote && options.ide === 'vscode') text = withVscodeKeyInput(text, parsed as Record<string, unknown>, formatting);
  if (!text.endsWith('\n')) text += '\n';
  const launch = launcher(options.binPath ?? fileURLToPath(new URL('../../bin/scanner.js', import.meta.url)), options.pathDirs ?? (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)).kind;
  if (options.print) return { file, text, written: false, launch };

  await mkdir(path.dirname(file), { recursive: true });
  const backup = original !== undefined ? await keepBackup(file) : undefined;
  const tmp = `${file}.${process.pid}.tmp`;
  // The file may hold other servers' secrets: it keeps the mode it had.
  await writeFile(tmp, text, { mode: original !== undefined ? statSync(file).mode & 0o777 : 0o644 });
  await rename(tmp, file);
  return { file, text, backup, written: true, launch };
}

/** VS Code resolves `${input:scanner-api-key}` from the file's `inputs` list: add ours once. */
function withVscodeKeyInput(text: string, parsed: Record<string, unknown>, formatting: Parameters<typeof modify>[3]): string {
  const inputs = Array.isArray(parsed.inputs) ? (parsed.inputs as { id?: unknown }[]) : undefined;
  if (inputs?.some((input) => input?.id === VSCODE_KEY_INPUT.id)) return text;
  const at = inputs ? inputs.length : 0;
  const edits = inputs ? modify(text, ['inputs', at], VSCODE_KEY_INPUT, { ...formatting, isArrayInsertion: true }) : modify(text, ['inputs'], [VSCODE_KEY_INPUT], formatting);
  return applyEdits(text, edits);
}

function detectIndent(text: string): number {
  const indent = /^( +)"/m.exec(text)?.[1].length;
  return indent && indent <= 8 ? indent : 2;
}

/** `<file>.bak-<time>`, or `-2`, `-3`… when a backup of that millisecond exists already; never overwrites one. */
async function keepBackup(file: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
  for (let n = 1; ; n++) {
    const backup = `${file}.bak-${stamp}${n === 1 ? '' : `-${n}`}`;
    try {
      await copyFile(file, backup, fsConstants.COPYFILE_EXCL);
      // An older entry may have held a key: the backup is readable by its owner only.
      await chmod(backup, 0o600);
      return backup;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

export function registerConnectCommand(program: Command): void {
  program
    .command('connect')
    .description("add the scanner MCP server to an IDE's MCP configuration (merged with what is there, comments kept; a backup is kept)")
    .addOption(new Option('--ide <name>', 'which IDE').choices([...IDES]).makeOptionMandatory())
    .option('--api-key <key>', 'remote mode: the key the IDE must pass in SCANNER_API_KEY (default: $SCANNER_API_KEY); the file references it, never holds it')
    .option('--api-url <url>', 'service API URL for remote mode, e.g. http://host:7700/api/v1 (default: $SCANNER_API_URL)')
    .option('--config <file>', "the IDE's configuration file, if not at its usual place")
    .option('--print', 'print the resulting configuration instead of writing it')
    .action(async (opts: { ide: Ide; apiKey?: string; apiUrl?: string; config?: string; print?: boolean }) => {
      const apiKey = opts.apiKey ?? process.env.SCANNER_API_KEY;
      const apiUrl = opts.apiUrl ?? process.env.SCANNER_API_URL;
      try {
        const result = await connectIde({ ...opts, apiKey, apiUrl });
        if (!result.written) {
          process.stdout.write(result.text);
          process.stderr.write(`(not written; this is what ${result.file} would contain)\n`);
          return;
        }
        const target = TARGETS[opts.ide];
        const launch = {
          npx: `npx fetches ${PACKAGE_NAME}@${PACKAGE_VERSION} when its cache does not hold it`,
          command: 'the scanner command on PATH',
          node: 'node on PATH runs this installation',
        }[result.launch];
        const key =
          apiKey && apiUrl
            ? opts.ide === 'vscode'
              ? ' VS Code asks for the API key when it first starts the server and keeps it in its secret storage.'
              : ` The file refers to ${target.keyReference}: set SCANNER_API_KEY in the environment ${target.label} starts from.`
            : '';
        process.stdout.write(
          `Added "${SERVER_NAME}" to ${target.label}'s MCP configuration: ${result.file} (${launch})` +
            (result.backup ? `\nPrevious file kept as ${result.backup}` : '') +
            `\nMode: ${apiKey && apiUrl ? `remote (${apiUrl}).${key}` : 'local (scans run on this machine).'} Reload MCP servers in ${target.label} to use it.\n`,
        );
      } catch (error) {
        if (error instanceof ConnectError) {
          process.stderr.write(`scanner connect: ${error.message}\n`);
          process.exit(2);
        }
        throw error;
      }
    });
}
