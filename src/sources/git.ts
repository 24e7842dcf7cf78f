// Running git on repositories we do not trust. Every call goes through here so
// that nothing in a repository's own configuration can run a command: hooks,
// fsmonitor, pagers, external diff and textconv drivers, signature programs and
// clean/smudge filters are all switched off on the command line, which beats
// the repository's .git/config.
import { spawn, execFile } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** `-c` settings that neutralise every command a repository's config could name. */
export const SAFE_GIT_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.pager=cat',
  'core.quotePath=false',
  'core.sshCommand=false',
  'core.askPass=',
  'core.editor=false',
  'credential.helper=',
  'diff.external=',
  'log.showSignature=false',
  'gpg.program=false',
  'color.ui=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'protocol.ext.allow=never',
  'submodule.recurse=false',
  'fetch.recurseSubmodules=false',
];

export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Set by a parent git (hooks, rebase -x): they would point us at another repository.
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_PROXY_COMMAND']) {
    delete env[name];
  }
  return { ...env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', LC_ALL: 'C', ...extra };
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly args: string[],
    readonly stderr: string,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

function configArgs(extraConfig: string[] = []): string[] {
  return [...SAFE_GIT_CONFIG, ...extraConfig].flatMap((c) => ['-c', c]);
}

export interface GitRunOptions {
  extraConfig?: string[];
  env?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBuffer?: number;
  /** Returned as a Buffer instead of a string. */
  binary?: boolean;
}

/** Runs git in `repo` and resolves with its stdout. */
export function runGit(repo: string, args: string[], options: GitRunOptions = {}): Promise<string> {
  const fullArgs = [...configArgs(options.extraConfig), ...args];
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      fullArgs,
      {
        cwd: repo,
        env: gitEnv(options.env),
        signal: options.signal,
        timeout: options.timeoutMs,
        maxBuffer: options.maxBuffer ?? 256 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error) {
          const code = typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : null;
          reject(new GitError(`git ${args[0]} failed: ${String(stderr).trim() || error.message}`, args, String(stderr), code));
        } else resolve(stdout);
      },
    );
  });
}

/** Starts a long-running git process (log, cat-file --batch) whose output is streamed. */
export function spawnGit(repo: string, args: string[], options: GitRunOptions = {}): ChildProcessWithoutNullStreams {
  return spawn('git', [...configArgs(options.extraConfig), ...args], {
    cwd: repo,
    env: gitEnv(options.env),
    signal: options.signal,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/**
 * `-c` overrides that switch off every clean/smudge/process filter the
 * repository's config defines: comparing the working tree (diff scans) would
 * otherwise run them.
 */
export async function filterOverrides(repo: string): Promise<string[]> {
  let listing = '';
  try {
    listing = await runGit(repo, ['config', '--name-only', '--get-regexp', '^filter\\.']);
  } catch {
    return []; // exit 1: no filters configured
  }
  const drivers = new Set(listing.split('\n').map((l) => /^filter\.(.+)\.[^.]+$/.exec(l.trim())?.[1]).filter((d): d is string => !!d));
  return [...drivers].flatMap((d) => [`filter.${d}.clean=`, `filter.${d}.smudge=`, `filter.${d}.process=`, `filter.${d}.required=false`]);
}

/** Buffers a stream and hands out lines and exact byte counts, for git's batch protocols. */
export class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private error: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(stream: NodeJS.ReadableStream) {
    stream.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.notify();
    });
    stream.on('end', () => {
      this.ended = true;
      this.notify();
    });
    stream.on('error', (err: Error) => {
      this.error = err;
      this.notify();
    });
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async waitForData(): Promise<void> {
    if (this.error) throw this.error;
    if (this.ended) throw new Error('git closed its output early');
    await new Promise<void>((resolve) => (this.wake = resolve));
  }

  async readLine(): Promise<string> {
    for (;;) {
      let offset = 0;
      for (let i = 0; i < this.chunks.length; i++) {
        const nl = this.chunks[i].indexOf(10);
        if (nl >= 0) {
          const line = (await this.readBytes(offset + nl + 1)).toString('utf8');
          return line.slice(0, -1);
        }
        offset += this.chunks[i].length;
      }
      await this.waitForData();
    }
  }

  async readBytes(count: number): Promise<Buffer> {
    while (this.buffered < count) await this.waitForData();
    const parts: Buffer[] = [];
    let needed = count;
    while (needed > 0) {
      const head = this.chunks[0];
      if (head.length <= needed) {
        parts.push(head);
        this.chunks.shift();
        needed -= head.length;
      } else {
        parts.push(head.subarray(0, needed));
        this.chunks[0] = head.subarray(needed);
        needed = 0;
      }
    }
    this.buffered -= count;
    return parts.length === 1 ? parts[0] : Buffer.concat(parts, count);
  }
}

export interface ObjectInfo {
  sha: string;
  type: string;
  size: number;
}

/**
 * Reads objects through two long-running processes: `cat-file --batch-check`
 * for sizes (so a huge blob is never read) and `cat-file --batch` for content.
 */
export class ObjectStore {
  private readonly checkProcess: ChildProcessWithoutNullStreams;
  private readonly readProcess: ChildProcessWithoutNullStreams;
  private readonly checkOut: ByteReader;
  private readonly readOut: ByteReader;
  private stderr = '';

  constructor(repo: string, signal?: AbortSignal) {
    this.checkProcess = spawnGit(repo, ['cat-file', '--batch-check'], { signal });
    this.readProcess = spawnGit(repo, ['cat-file', '--batch'], { signal });
    this.checkOut = new ByteReader(this.checkProcess.stdout);
    this.readOut = new ByteReader(this.readProcess.stdout);
    for (const p of [this.checkProcess, this.readProcess]) {
      p.stderr.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-2000)));
      p.on('error', () => undefined); // surfaced by the readers
      p.stdin.on('error', () => undefined);
    }
  }

  async info(shas: string[]): Promise<(ObjectInfo | null)[]> {
    if (shas.length === 0) return [];
    this.checkProcess.stdin.write(shas.join('\n') + '\n');
    const out: (ObjectInfo | null)[] = [];
    for (let i = 0; i < shas.length; i++) {
      const [sha, type, size] = (await this.checkOut.readLine()).split(' ');
      out.push(type === 'missing' || size === undefined ? null : { sha, type, size: Number(size) });
    }
    return out;
  }

  /** Contents of objects whose sizes are known (from `info`), in order. */
  async *contents(shas: string[]): AsyncGenerator<Buffer> {
    if (shas.length === 0) return;
    this.readProcess.stdin.write(shas.join('\n') + '\n');
    for (let i = 0; i < shas.length; i++) {
      const header = await this.readOut.readLine();
      const size = Number(header.split(' ')[2]);
      if (!Number.isFinite(size)) throw new Error(`git cat-file: unexpected answer "${header}" ${this.stderr}`);
      const content = await this.readOut.readBytes(size + 1);
      yield content.subarray(0, size);
    }
  }

  close(): void {
    this.checkProcess.stdin.end();
    this.readProcess.stdin.end();
  }
}

/** Whether content looks binary: a NUL byte near the start, as git itself decides. */
export function looksBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

/** Undoes git's C-style quoting of unusual paths (`"a\\tb"`). */
export function unquoteGitPath(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  const bytes: number[] = [];
  const body = path.slice(1, -1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[++i];
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(simple[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}
