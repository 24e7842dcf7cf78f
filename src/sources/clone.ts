// Fetches a repository by URL into a temporary bare repository: nothing is
// checked out, hooks and every configured command are off, no prompts, only
// allowed protocols and hosts, a time limit and a size limit. A token is given
// to git through the environment for the fetch alone: it is never written to
// .git/config, never on a command line, never in a message.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitError, runGit } from './git.ts';

export interface CloneOptions {
  /** Branch, tag or commit sha; default: the remote's default branch. */
  ref?: string;
  /** Fetch the whole history of every branch and tag (for `--history`); default: only the commit at `ref`. */
  history?: boolean;
  /** Token for a private repository (sent as an HTTP Authorization header to that host only). */
  token?: string;
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
  /** Parent directory of the temporary clone; default the OS temp dir. */
  tempDir?: string;
  signal?: AbortSignal;
}

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
export function validateRepositoryUrl(raw: string, options: Pick<CloneOptions, 'allowedBaseUrl' | 'allowFileProtocol' | 'allowLoopbackHttp'> = {}): URL {
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
  const file = url.protocol === 'file:' && options.allowFileProtocol;
  if (url.protocol !== 'https:' && !httpLoopback && !file) {
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

/** A ref git will not read as an option or a refspec. */
export function validateRef(ref: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,250}$/.test(ref) || ref.includes('..') || ref.endsWith('.lock') || ref.endsWith('/')) {
    throw new CloneError(`invalid ref "${ref}"`, 'INVALID_REF');
  }
  return ref;
}

export async function cloneRepository(rawUrl: string, options: CloneOptions = {}): Promise<ClonedRepository> {
  const url = validateRepositoryUrl(rawUrl, options);
  const ref = options.ref === undefined ? 'HEAD' : validateRef(options.ref);
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const maxBytes = options.maxBytes ?? 1024 * 1024 * 1024;
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'scanner-clone-'));
  const gitDir = join(dir, 'repo.git');
  const cleanup = () => rm(dir, { recursive: true, force: true });

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
  if (options.token) {
    const credential = Buffer.from(`x-access-token:${options.token}`).toString('base64');
    Object.assign(env, {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `http.${url.origin}/.extraHeader`,
      GIT_CONFIG_VALUE_0: `Authorization: Basic ${credential}`,
    });
  }
  const protocols = ['protocol.allow=never', 'protocol.https.allow=always'];
  if (url.protocol === 'file:') protocols.push('protocol.file.allow=always');
  if (url.protocol === 'http:') protocols.push('protocol.http.allow=always');
  const fetchConfig = [...protocols, 'http.followRedirects=false', 'transfer.fsckObjects=true'];
  const git = (args: string[], withToken = false) =>
    runGit(gitDir, args, {
      env: withToken ? env : { ...env, GIT_CONFIG_COUNT: '0' },
      extraConfig: fetchConfig,
      signal: abort.signal,
      maxBuffer: 16 * 1024 * 1024,
    });

  try {
    await runGit(dir, ['init', '--bare', '--quiet', '--template=', gitDir], { env: { ...env, GIT_CONFIG_COUNT: '0' }, signal: abort.signal });
    const depth = options.history ? [] : ['--depth=1'];
    await git(['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', ...depth, '--', url.href, ref], true);
    const commit = (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim();
    await git(['update-ref', 'refs/scanner/target', commit]);
    // HEAD is the scanned commit: history findings say whether their secret is still there.
    await git(['update-ref', '--no-deref', 'HEAD', commit]);
    if (options.history) {
      await git(['fetch', '--quiet', '--no-recurse-submodules', '--', url.href, '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*'], true);
    }
    if ((await directorySize(dir)) > maxBytes) throw new CloneError(`repository is larger than the ${maxBytes}-byte limit`, 'TOO_LARGE');
    return { dir: gitDir, commit, ref, cleanup };
  } catch (error) {
    await cleanup();
    if (stopReason) throw stopReason;
    if (error instanceof CloneError) throw error;
    const detail = error instanceof GitError ? error.stderr.trim() : String(error);
    throw new CloneError(`could not fetch ${redact(url.href)}: ${redact(detail, options.token)}`, 'FETCH_FAILED');
  } finally {
    clearTimeout(timer);
    clearInterval(sizeWatch);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function redact(text: string, token?: string): string {
  let out = text.replace(/\/\/[^/@\s]+@/g, '//***@');
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
