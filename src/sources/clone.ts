// Fetches a repository by URL into a temporary bare repository: nothing is
// checked out, hooks and every configured command are off, no prompts, only
// allowed protocols and hosts, a time limit and a size limit. A token is given
// to git through the environment for the fetch alone: it is never written to
// .git/config, never on a command line, never in a message. Over ssh, only the
// deploy key given is offered, against the known_hosts file given, with host-key
// checking always on.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitError, gitEnv, runGit, SAFE_GIT_CONFIG } from './git.ts';

export interface CloneOptions {
  /** Branch, tag or commit sha; default: the remote's default branch. */
  ref?: string;
  /** Fetch the whole history of every branch and tag (for `--history`); default: only the commit at `ref`. */
  history?: boolean;
  /** Token for a private repository (sent as an HTTP Authorization header to that host only). */
  token?: string;
  /** User name sent with the token in HTTP basic auth; default `x-access-token` (GitHub's). */
  tokenUser?: string;
  /** Default 5 minutes. */
  timeoutMs?: number;
  /** Size limit of the fetched objects; default 1 GiB. */
  maxBytes?: number;
  /** The URL must be under this one (same origin, path prefix), e.g. `https://github.com/`. */
  allowedBaseUrl?: string;
  /** Allow `file://` URLs (tests, local mirrors). */
  allowFileProtocol?: boolean;
  /** Allow plain `http://` to a loopback address (tests). */
  allowLoopbackHttp?: boolean;
  /** Allow plain `http://` to any host (the operator allowed it for the host of `allowedBaseUrl`). */
  allowHttp?: boolean;
  /** Allow `ssh://` URLs to this server, authenticating with its deploy key. */
  ssh?: SshAccess;
  /** Parent directory of the temporary clone; default the OS temp dir. */
  tempDir?: string;
  signal?: AbortSignal;
  /** Told the clone's folder as soon as it exists, so whoever can stop this clone can also remove it. */
  onFolder?: (dir: string) => void;
  /**
   * Told the process group of each network git process (`git fetch` and the transport
   * helpers it starts) when it starts (`running`) and when it ended: killing the group
   * (`process.kill(-pgid)`) ends the whole fetch.
   */
  onProcessGroup?: (pgid: number, running: boolean) => void;
}

/** Deploy-key access to one ssh server. */
export interface SshAccess {
  /** The server's host name (or address) as it appears in repository URLs. */
  host: string;
  port: number;
  /** Private key file; ssh itself refuses one readable by group or others. */
  keyFile: string;
  /** The host keys accepted (OpenSSH known_hosts format). */
  knownHostsFile: string;
  /** `yes`: only keys in the file; `accept-new`: a host not in it yet is added, a changed key refused. */
  hostKeyChecking: 'yes' | 'accept-new';
}

/** One git host as the service configures it, in the terms of these options. */
export interface CloneHost {
  baseUrl: string;
  allowHttp: boolean;
  auth?: { username: string; token: string };
  ssh?: SshAccess;
}

/** The options that let a clone reach `host` (its base URL, http if allowed, its token or deploy key). */
export function hostCloneOptions(host: CloneHost): Pick<CloneOptions, 'allowedBaseUrl' | 'allowHttp' | 'token' | 'tokenUser' | 'ssh'> {
  return { allowedBaseUrl: host.baseUrl, allowHttp: host.allowHttp, token: host.auth?.token, tokenUser: host.auth?.username, ssh: host.ssh };
}

/** Prefix of every clone's temporary folder; `sweepAbandonedClones` looks for it. */
export const CLONE_FOLDER_PREFIX = 'scanner-clone-';
const OWNER_FILE = 'owner.json';
/** Identifies this process across a PID reused after a restart (containers start at the same PID). */
const processStartedAt = Math.round(Date.now() - process.uptime() * 1000);

export interface ClonedRepository {
  /** The bare repository (a git dir: pass it as `repo` to the other sources). */
  dir: string;
  /** Full sha of the commit at `ref`. */
  commit: string;
  ref: string;
  cleanup(): Promise<void>;
}

export class CloneError extends Error {
  constructor(
    message: string,
    readonly code: 'INVALID_URL' | 'URL_NOT_ALLOWED' | 'INVALID_REF' | 'TIMEOUT' | 'TOO_LARGE' | 'FETCH_FAILED',
  ) {
    super(message);
    this.name = 'CloneError';
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Checks a repository URL against the protocol and host policy; returns it normalised. */
export function validateRepositoryUrl(
  raw: string,
  options: Pick<CloneOptions, 'allowedBaseUrl' | 'allowFileProtocol' | 'allowLoopbackHttp' | 'allowHttp' | 'ssh'> = {},
): URL {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) throw new CloneError('repository URL is empty or too long', 'INVALID_URL');
  if (raw.startsWith('-')) throw new CloneError('repository URL may not start with "-"', 'INVALID_URL');
  if (/[\s\0-\x1f\x7f]/.test(raw)) throw new CloneError('repository URL contains whitespace or control characters', 'INVALID_URL');
  // <transport>::<address> runs a remote helper (ext:: runs any command).
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(raw) || raw.includes('::')) throw new CloneError('transport-helper URLs (such as ext::) are not allowed', 'INVALID_URL');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CloneError(`not a URL: ${redact(raw)}`, 'INVALID_URL');
  }
  const httpLoopback = url.protocol === 'http:' && options.allowLoopbackHttp && LOOPBACK.has(url.hostname);
  const http = url.protocol === 'http:' && options.allowHttp;
  const file = url.protocol === 'file:' && options.allowFileProtocol;
  if (url.protocol === 'ssh:') {
    const ssh = options.ssh;
    if (!ssh) throw new CloneError('protocol ssh is not allowed here (no deploy key is configured for this host)', 'URL_NOT_ALLOWED');
    if (url.password) throw new CloneError('credentials in the URL are not accepted; pass a token instead', 'INVALID_URL');
    if (url.search || url.hash) throw new CloneError('repository URL may not have a query or fragment', 'INVALID_URL');
    if (url.username.startsWith('-') || url.hostname !== ssh.host || (url.port ? Number(url.port) : 22) !== ssh.port) {
      throw new CloneError(`repository is not on the ssh server ${ssh.host}:${ssh.port}`, 'URL_NOT_ALLOWED');
    }
    return url;
  }
  if (url.protocol !== 'https:' && !httpLoopback && !http && !file) {
    throw new CloneError(`protocol ${url.protocol.replace(/:$/, '')} is not allowed (https only)`, 'URL_NOT_ALLOWED');
  }
  if (url.username || url.password) throw new CloneError('credentials in the URL are not accepted; pass a token instead', 'INVALID_URL');
  if (url.search || url.hash) throw new CloneError('repository URL may not have a query or fragment', 'INVALID_URL');
  if (options.allowedBaseUrl && !file) {
    const base = new URL(options.allowedBaseUrl);
    const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    if (url.origin !== base.origin || !`${url.pathname}/`.startsWith(basePath)) {
      throw new CloneError(`repository is outside ${base.origin}${basePath}`, 'URL_NOT_ALLOWED');
    }
  }
  return url;
}

/**
 * Why `ref` is not a ref name git accepts (the rules of `git check-ref-format
 * --allow-onelevel`), or null when it is one. A leading '-' is refused as well, so a
 * ref can never be read as an option.
 */
export function refNameProblem(ref: string): string | null {
  if (ref.length === 0) return 'is empty';
  if (ref.length > 255) return 'is longer than 255 characters';
  if (ref.startsWith('-')) return 'may not start with "-"';
  if (ref === '@') return 'may not be "@"';
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(ref)) return 'may not contain spaces, control characters or any of ~ ^ : ? * [ \\';
  if (ref.includes('..')) return 'may not contain ".."';
  if (ref.includes('@{')) return 'may not contain "@{"';
  if (ref.startsWith('/') || ref.endsWith('/') || ref.includes('//')) return 'may not start or end with "/" or contain "//"';
  if (ref.endsWith('.')) return 'may not end with "."';
  for (const component of ref.split('/')) {
    if (component.startsWith('.')) return 'may not have a part starting with "."';
    if (component.endsWith('.lock')) return 'may not have a part ending with ".lock"';
  }
  return null;
}

/** A ref name git accepts (see refNameProblem), or a CloneError. */
export function validateRef(ref: string): string {
  const problem = refNameProblem(ref);
  if (problem) throw new CloneError(`invalid ref "${ref}": ${problem}`, 'INVALID_REF');
  return ref;
}

export async function cloneRepository(rawUrl: string, options: CloneOptions = {}): Promise<ClonedRepository> {
  const url = validateRepositoryUrl(rawUrl, options);
  const ref = options.ref === undefined ? 'HEAD' : validateRef(options.ref);
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const maxBytes = options.maxBytes ?? 1024 * 1024 * 1024;
  // Checked before anything is created: a refused ssh setup leaves no folder behind.
  const gitSshCommand = url.protocol === 'ssh:' && options.ssh ? sshCommand(options.ssh, timeoutMs) : undefined;
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), CLONE_FOLDER_PREFIX));
  const gitDir = join(dir, 'repo.git');
  const cleanup = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  options.onFolder?.(dir);
  await writeFile(join(dir, OWNER_FILE), JSON.stringify({ pid: process.pid, startedAt: processStartedAt }));

  const abort = new AbortController();
  let stopReason: CloneError | null = null;
  const stop = (reason: CloneError) => {
    stopReason ??= reason;
    abort.abort(reason);
  };
  const timer = setTimeout(() => stop(new CloneError(`clone took longer than ${timeoutMs} ms`, 'TIMEOUT')), timeoutMs);
  const onOuterAbort = () => stop(new CloneError('clone cancelled', 'FETCH_FAILED'));
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const sizeWatch = setInterval(() => {
    void directorySize(dir).then((bytes) => {
      if (bytes > maxBytes) stop(new CloneError(`repository is larger than the ${maxBytes}-byte limit`, 'TOO_LARGE'));
    });
  }, 200);

  // Isolated from the user's and the system's git configuration (insteadOf
  // rewrites, credential helpers), no prompts, protocols limited.
  const env: Record<string, string> = { HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };
  // The credential as sent: redacted from every message along with the token itself.
  let credential: string | undefined;
  if (options.token && url.protocol !== 'ssh:') {
    credential = Buffer.from(`${options.tokenUser ?? 'x-access-token'}:${options.token}`).toString('base64');
    Object.assign(env, {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `http.${url.origin}/.extraHeader`,
      GIT_CONFIG_VALUE_0: `Authorization: Basic ${credential}`,
    });
  }
  if (gitSshCommand) env.GIT_SSH_COMMAND = gitSshCommand;
  const protocols = ['protocol.allow=never', 'protocol.https.allow=always'];
  if (url.protocol === 'file:') protocols.push('protocol.file.allow=always');
  if (url.protocol === 'http:') protocols.push('protocol.http.allow=always');
  if (url.protocol === 'ssh:') protocols.push('protocol.ssh.allow=always');
  const fetchConfig = [...protocols, 'http.followRedirects=false', 'transfer.fsckObjects=true'];
  const git = (args: string[]) =>
    runGit(gitDir, args, {
      env: { ...env, GIT_CONFIG_COUNT: '0' },
      extraConfig: fetchConfig,
      signal: abort.signal,
      maxBuffer: 16 * 1024 * 1024,
    });
  // The fetch runs in a process group of its own: git fetch starts transport helpers
  // (git-remote-https, index-pack) that killing git alone would leave running.
  const fetch = (args: string[]) =>
    runGitGroup(gitDir, [...fetchConfig.flatMap((c) => ['-c', c]), 'fetch', ...args], env, abort.signal, options.onProcessGroup);

  try {
    await runGit(dir, ['init', '--bare', '--quiet', '--template=', gitDir], { env: { ...env, GIT_CONFIG_COUNT: '0' }, signal: abort.signal });
    const depth = options.history ? [] : ['--depth=1'];
    await fetch(['--quiet', '--no-tags', '--no-recurse-submodules', ...depth, '--', url.href, ref]);
    const commit = (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim();
    await git(['update-ref', 'refs/scanner/target', commit]);
    // HEAD is the scanned commit: history findings say whether their secret is still there.
    await git(['update-ref', '--no-deref', 'HEAD', commit]);
    if (options.history) {
      await fetch(['--quiet', '--no-recurse-submodules', '--', url.href, '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*']);
    }
    if ((await directorySize(dir)) > maxBytes) throw new CloneError(`repository is larger than the ${maxBytes}-byte limit`, 'TOO_LARGE');
    return { dir: gitDir, commit, ref, cleanup };
  } catch (error) {
    await cleanup();
    if (stopReason) throw stopReason;
    if (error instanceof CloneError) throw error;
    const detail = error instanceof GitError ? error.stderr.trim() : String(error);
    const refused = options.token && url.protocol !== 'ssh:' && AUTH_REFUSED.test(detail);
    const reason = refused ? 'the host refused the token (authentication failed): check that it is valid and may read this repository' : detail;
    throw new CloneError(`could not fetch ${redact(url.href)}: ${redact(redact(reason, options.token), credential)}`, 'FETCH_FAILED');
  } finally {
    clearTimeout(timer);
    clearInterval(sizeWatch);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** What git says when an http host answers 401/403 to the credentials it was given. */
const AUTH_REFUSED = /could not read (Username|Password)|Authentication failed|returned error: 40[13]|HTTP Basic: Access denied/i;

/** A POSIX shell word: GIT_SSH_COMMAND is run by the shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The ssh git runs: only the deploy key (no agent, no default keys, no ~/.ssh/config), the
 * operator's known_hosts file and host-key policy, never a prompt.
 */
export function sshCommand(ssh: SshAccess, timeoutMs: number): string {
  // ssh reads %tokens, ${VARIABLES} and its own quotes in these paths: none may be in them.
  for (const file of [ssh.keyFile, ssh.knownHostsFile]) {
    if (/["%$\\\0-\x1f\x7f]/.test(file)) throw new CloneError(`ssh file path ${JSON.stringify(file)} has a character ssh would expand`, 'INVALID_URL');
  }
  const options = [
    '-F', '/dev/null',
    '-i', shellQuote(ssh.keyFile),
    '-o', 'IdentitiesOnly=yes',
    '-o', 'IdentityAgent=none',
    '-o', 'BatchMode=yes',
    '-o', 'PasswordAuthentication=no',
    '-o', 'KbdInteractiveAuthentication=no',
    // An -o value is split on spaces by ssh itself unless double-quoted.
    '-o', shellQuote(`UserKnownHostsFile="${ssh.knownHostsFile}"`),
    '-o', 'GlobalKnownHostsFile=/dev/null',
    '-o', `StrictHostKeyChecking=${ssh.hostKeyChecking === 'accept-new' ? 'accept-new' : 'yes'}`,
    '-o', `ConnectTimeout=${Math.max(1, Math.ceil(Math.min(timeoutMs, 60_000) / 1000))}`,
  ];
  return `ssh ${options.join(' ')}`;
}

/** Fetch process groups of this process that are still running. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * A fetch in its own process group does not get the terminal's signals with us: when this
 * process exits (process.exit, the end of the event loop) its fetches end too.
 */
export function trackProcessGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of liveGroups) {
      try {
        killProcessGroup(group);
      } catch {
        // Exiting: nothing is left to tell.
      }
    }
  });
}

export function forgetProcessGroup(pgid: number): void {
  liveGroups.delete(pgid);
}

/**
 * Runs git as the leader of a new process group and, when `signal` aborts, kills the
 * whole group and waits for git to be gone, so nothing is still writing into the folder
 * that is removed next.
 */
function runGitGroup(
  cwd: string,
  args: string[],
  env: Record<string, string>,
  signal: AbortSignal,
  onProcessGroup?: (pgid: number, running: boolean) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const child = spawn('git', [...SAFE_GIT_CONFIG.flatMap((c) => ['-c', c]), ...args], {
      cwd,
      env: gitEnv(env),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const pgid = child.pid;
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    const kill = () => {
      if (pgid !== undefined) killProcessGroup(pgid);
    };
    signal.addEventListener('abort', kill, { once: true });
    if (pgid !== undefined) {
      trackProcessGroup(pgid);
      onProcessGroup?.(pgid, true);
    }
    child.on('error', (error) => {
      signal.removeEventListener('abort', kill);
      reject(error);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      // The helpers may outlive git itself when it dies by a signal: end them too.
      kill();
      if (pgid !== undefined) {
        forgetProcessGroup(pgid);
        onProcessGroup?.(pgid, false);
      }
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else reject(new GitError(`git fetch failed: ${stderr.trim()}`, args, stderr, code));
    });
  });
}

/** SIGKILL to a process group; a group that is already gone is not an error. */
export function killProcessGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Removes clone folders under `parent` whose process is gone (a crash, a kill -9):
 * a folder belongs to the process that wrote its owner file, so clones of other
 * processes sharing the directory are left alone. Returns the folders removed.
 */
export async function sweepAbandonedClones(parent: string = tmpdir()): Promise<string[]> {
  const entries = await readdir(parent, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(CLONE_FOLDER_PREFIX)) continue;
    const dir = join(parent, entry.name);
    if (!(await abandoned(dir))) continue;
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    removed.push(dir);
  }
  return removed;
}

async function abandoned(dir: string): Promise<boolean> {
  let owner: { pid?: unknown; startedAt?: unknown };
  try {
    owner = JSON.parse(await readFile(join(dir, OWNER_FILE), 'utf8'));
  } catch {
    // No owner file: a folder from before owner files, or one whose process died right
    // after creating it. A live clone writes its owner file at once, so give it a minute.
    const info = await stat(dir).catch(() => null);
    return info !== null && Date.now() - info.mtimeMs > 60_000;
  }
  if (typeof owner.pid !== 'number') return true;
  if (owner.pid === process.pid) return owner.startedAt !== processStartedAt;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function redact(text: string, token?: string): string {
  // Whatever sits before an @ in a URL may be a token; an ssh URL's user name (git@) is not.
  let out = text.replace(/(?<!ssh:)\/\/[^/@\s]+@/g, '//***@');
  if (token) out = out.split(token).join('***');
  return out;
}

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? (entry as { path?: string }).path ?? dir, entry.name);
    total += await stat(path).then((s) => s.size, () => 0);
  }
  return total;
}
