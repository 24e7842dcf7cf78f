// The git hosts a service may clone from: GitHub, GitHub Enterprise, GitLab,
// Gitea/Forgejo and Bitbucket, each with its base URL and how to authenticate
// (a token over https, a deploy key over ssh). A repository URL is accepted
// only when it lives under one of them. Hosts are checked when a process
// starts, so a typo or an unreachable host shows in the log then, not when
// the first scan fails.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import net from 'node:net';
import { z } from 'zod';
import type { CloneHost } from '../sources/clone.ts';

export const GIT_HOST_KINDS = ['github', 'github-enterprise', 'gitlab', 'gitea', 'forgejo', 'bitbucket'] as const;
export type GitHostKind = (typeof GIT_HOST_KINDS)[number];

/** The user name sent with a token in HTTP basic auth, as each host documents it for tokens. */
const TOKEN_USER: Record<GitHostKind, string> = {
  github: 'x-access-token',
  'github-enterprise': 'x-access-token',
  gitlab: 'oauth2',
  gitea: 'x-access-token',
  forgejo: 'x-access-token',
  bitbucket: 'x-token-auth',
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** ssh expands %, ${…} and quotes in these paths itself: such paths are refused rather than guessed at. */
const SshPath = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[^"%$\\\0-\x1f\x7f]+$/, 'may not contain ", %, $, \\ or control characters (ssh would read them as its own syntax)');

export const GitHostSshSchema = z.strictObject({
  /** The deploy key (private key file); must not be readable by group or others. */
  keyFile: SshPath,
  /** The host keys ssh accepts for this host (an OpenSSH known_hosts file). */
  knownHostsFile: SshPath,
  /**
   * `yes`: only keys already in knownHostsFile (the default); `accept-new`: a host not yet
   * in the file is added on first use, a changed key is still refused. Checking is never off.
   */
  hostKeyChecking: z.enum(['yes', 'accept-new']).default('yes'),
  /** The ssh server when it is not the base URL's host (GitHub Enterprise's ssh.example.com, say). */
  host: z.string().min(1).max(253).regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'must be a host name or address').optional(),
  port: z.number().int().min(1).max(65535).default(22),
  user: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a plain user name').default('git'),
});

export const GitHostSchema = z
  .strictObject({
    kind: z.enum(GIT_HOST_KINDS),
    /** Web base URL of the host: https://gitlab.example.com (a path prefix is allowed: https://example.com/gitlab). */
    url: z.string().url(),
    /** Token for private repositories (prefer tokenEnv: a configuration file is easier to leak than the environment). */
    token: z.string().min(1).max(1000).optional(),
    /** Name of the environment variable that holds the token. */
    tokenEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
    /** User name sent with the token (default: the one the host documents for tokens, e.g. oauth2 for GitLab). */
    username: z.string().min(1).max(100).regex(/^[^:\s]+$/, 'may not contain ":" or spaces').optional(),
    /** Plain http:// to this host: only when the operator says so. */
    allowHttp: z.boolean().default(false),
    /** Deploy-key access over ssh (ssh://git@host/owner/name.git or git@host:owner/name.git). */
    ssh: GitHostSshSchema.optional(),
    /** How "owner/name" repositories (POST /github) of this host are cloned. */
    cloneOver: z.enum(['https', 'ssh']).default('https'),
  })
  .superRefine((host, ctx) => {
    let url: URL;
    try {
      url = new URL(host.url);
    } catch {
      return; // z.string().url() reported it.
    }
    if (url.protocol === 'http:' && !host.allowHttp) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: `${host.url} is plain http: tokens and code would cross the network unencrypted; use https, or set "allowHttp": true for this host`,
      });
    } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `must be an https:// URL (ssh goes in "ssh"), not ${url.protocol}` });
    }
    if (url.username || url.password) ctx.addIssue({ code: 'custom', path: ['url'], message: 'may not carry credentials: use "token" or "tokenEnv"' });
    if (url.search || url.hash) ctx.addIssue({ code: 'custom', path: ['url'], message: 'may not have a query or fragment' });
    if (host.token && host.tokenEnv) ctx.addIssue({ code: 'custom', path: ['tokenEnv'], message: 'give "token" or "tokenEnv", not both' });
    if (host.cloneOver === 'ssh' && !host.ssh) ctx.addIssue({ code: 'custom', path: ['cloneOver'], message: '"ssh" needs an "ssh" section with the deploy key' });
  });

export const GitHostsSchema = z.array(GitHostSchema).min(1, 'list at least one host');

export type GitHostInput = z.input<typeof GitHostSchema>;

/** A configured host, validated, its base URL without a trailing slash and its token resolved. */
export interface GitHost {
  kind: GitHostKind;
  url: string;
  allowHttp: boolean;
  cloneOver: 'https' | 'ssh';
  /** The basic-auth user name sent with a token. */
  username: string;
  token?: string;
  /** Set when tokenEnv names a variable that is not set: reported at start, the host is used without a token. */
  missingTokenEnv?: string;
  ssh?: z.output<typeof GitHostSshSchema>;
}

export function isGithubKind(kind: GitHostKind): boolean {
  return kind === 'github' || kind === 'github-enterprise';
}

/** Turns zod's issues into one message that names where the mistake is. */
function describeIssues(error: z.ZodError, where: string): string {
  const lines = error.issues.map((issue) => {
    const at = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    return `hosts${at}: ${issue.message}`;
  });
  return `invalid git host configuration (${where}): ${lines.join('; ')}`;
}

/** Validates a host list (from the configuration file, SCANNER_GIT_HOSTS or options) and resolves tokens. */
export function parseGitHosts(raw: unknown, where: string, env: NodeJS.ProcessEnv): GitHost[] {
  const parsed = GitHostsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(describeIssues(parsed.error, where));
  return parsed.data.map((host) => {
    const token = host.token ?? (host.tokenEnv ? env[host.tokenEnv] || undefined : undefined);
    return {
      kind: host.kind,
      url: host.url.replace(/\/+$/, ''),
      allowHttp: host.allowHttp,
      cloneOver: host.cloneOver,
      username: host.username ?? TOKEN_USER[host.kind],
      token,
      missingTokenEnv: host.tokenEnv && !token ? host.tokenEnv : undefined,
      ssh: host.ssh,
    };
  });
}

/** The one GitHub host of the older single-URL setting (SCANNER_GITHUB_URL): http only on loopback, as before. */
export function legacyGithubHost(githubUrl: string): GitHost {
  let url: URL;
  try {
    url = new URL(githubUrl);
  } catch {
    throw new Error(`SCANNER_GITHUB_URL / githubUrl is not a URL: ${githubUrl}`);
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new Error(
      `SCANNER_GITHUB_URL / githubUrl ${githubUrl} must be https (plain http only to a loopback address); ` +
        'for an http host elsewhere list it under "hosts" with "allowHttp": true',
    );
  }
  const parsed = parseGitHosts([{ kind: 'github', url: githubUrl, allowHttp: loopbackHttp }], 'githubUrl', {});
  return parsed[0];
}

/** What clone.ts needs to fetch from `host`; a token given with the request wins over the host's. */
export function cloneHost(host: GitHost, requestToken?: string): CloneHost {
  const token = requestToken ?? host.token;
  return {
    baseUrl: host.url,
    allowHttp: host.allowHttp,
    auth: token ? { username: host.username, token } : undefined,
    ssh: host.ssh && {
      host: host.ssh.host ?? new URL(host.url).hostname,
      port: host.ssh.port,
      keyFile: host.ssh.keyFile,
      knownHostsFile: host.ssh.knownHostsFile,
      hostKeyChecking: host.ssh.hostKeyChecking,
    },
  };
}

/** A repository URL matched to its host: the URL git fetches, and the repository's path on the host. */
export interface HostedRepository {
  host: GitHost;
  /** What git fetches: https://host/path.git or ssh://user@host:port/path.git, without credentials. */
  cloneUrl: string;
  /** owner/name (or group/subgroup/name), without .git. */
  path: string;
  /** The repository's web address, the same whether it was asked for over https or ssh. */
  webUrl: string;
}

const REPO_PATH = /^(?:[A-Za-z0-9_.-]+\/)+[A-Za-z0-9_.-]+$/;

function repositoryPath(rawPath: string): string | { error: string } {
  const path = rawPath.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.git$/, '');
  if (!REPO_PATH.test(path) || path.split('/').some((part) => part === '.' || part === '..' || part.startsWith('-'))) {
    return { error: 'must name a repository: owner/name (letters, digits, "-", "_", "."), with any groups before it' };
  }
  if (path.length > 500) return { error: 'is longer than 500 characters' };
  return path;
}

/** git@host:owner/name.git (scp-like ssh) as an ssh:// URL, or null when `raw` is not that form. */
function scpLikeToUrl(raw: string): string | null {
  const match = /^([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+):(?!\/\/)([^\s]+)$/.exec(raw);
  if (!match) return null;
  return `ssh://${match[1]}@${match[2]}/${match[3].replace(/^\/+/, '')}`;
}

/**
 * Finds the configured host a full repository URL lives under (https/http under a host's
 * base URL, or ssh to a host with a deploy key), or says why it is refused.
 */
export function matchRepositoryUrl(raw: string, hosts: GitHost[]): HostedRepository | { error: string } {
  const candidate = raw.trim();
  if (candidate.startsWith('-') || /[\s\0-\x1f\x7f]/.test(candidate)) return { error: 'is not a repository URL' };
  let url: URL;
  try {
    url = new URL(scpLikeToUrl(candidate) ?? candidate);
  } catch {
    return { error: 'must be a full repository URL (https://host/owner/name, or ssh://git@host/owner/name.git)' };
  }
  if (url.password || (url.username && url.protocol !== 'ssh:')) return { error: 'may not carry credentials: pass "token" instead' };
  if (url.search || url.hash) return { error: 'may not have a query or fragment' };
  const configured = () => hosts.map((h) => h.url).join(', ');

  if (url.protocol === 'ssh:') {
    const port = url.port ? Number(url.port) : 22;
    const host = hosts.find((h) => h.ssh && (h.ssh.host ?? new URL(h.url).hostname) === url.hostname && h.ssh.port === port);
    if (!host?.ssh) return { error: `must be a repository on a configured git host with ssh access (hosts: ${configured()})` };
    const path = repositoryPath(decodeURIComponent(url.pathname));
    if (typeof path !== 'string') return path;
    const user = url.username || host.ssh.user;
    const address = url.hostname + (port === 22 ? '' : `:${port}`);
    return { host, path, cloneUrl: `ssh://${user}@${address}/${path}.git`, webUrl: `${host.url}/${path}` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { error: `protocol ${url.protocol.replace(/:$/, '')} is not accepted (https, or http/ssh where a host allows it)` };
  }
  // The most specific base first: https://example.com/gitlab before https://example.com.
  const byBaseLength = [...hosts].sort((a, b) => b.url.length - a.url.length);
  for (const host of byBaseLength) {
    const base = new URL(host.url);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) continue;
    if (url.protocol === 'http:' && !host.allowHttp) continue;
    const path = repositoryPath(decodeURIComponent(url.pathname.slice(basePath.length + 1)));
    if (typeof path !== 'string') return path;
    return { host, path, cloneUrl: `${host.url}/${path}.git`, webUrl: `${host.url}/${path}` };
  }
  return { error: `must be a repository on a configured git host (${configured()})` };
}

/** The URL a clone of `path` on `host` fetches: over https, or over ssh when the host says so. */
export function cloneUrlFor(host: GitHost, path: string): string {
  if (host.cloneOver === 'ssh' && host.ssh) {
    const name = host.ssh.host ?? new URL(host.url).hostname;
    return `ssh://${host.ssh.user}@${name}${host.ssh.port === 22 ? '' : `:${host.ssh.port}`}/${path}.git`;
  }
  return `${host.url}/${path}.git`;
}

/** The configured host a stored clone URL belongs to (a scan run after its acceptance looks its host up again). */
export function hostForCloneUrl(cloneUrl: string, hosts: GitHost[]): GitHost | undefined {
  const matched = matchRepositoryUrl(cloneUrl, hosts);
  return 'error' in matched ? undefined : matched.host;
}

export interface HostCheck {
  url: string;
  kind: GitHostKind;
  ok: boolean;
  /** What was found: an HTTP status, a key file problem, a connection error. Never a token. */
  problems: string[];
  /** For http(s): the status the base URL answered with. */
  status?: number;
}

/**
 * Checks each host: its base URL answers over HTTP(S) (any status: 401 or 404 still means
 * the host is there), a token named by tokenEnv is set, and for ssh the deploy key file is
 * readable and private (no group or other permissions), the known_hosts file exists (unless
 * accept-new), and the ssh port accepts a connection.
 */
export async function checkGitHosts(hosts: GitHost[], options: { timeoutMs?: number } = {}): Promise<HostCheck[]> {
  const timeoutMs = options.timeoutMs ?? 5000;
  return Promise.all(hosts.map((host) => checkHost(host, timeoutMs)));
}

async function checkHost(host: GitHost, timeoutMs: number): Promise<HostCheck> {
  const problems: string[] = [];
  let status: number | undefined;
  if (host.missingTokenEnv) problems.push(`tokenEnv ${host.missingTokenEnv} is not set: private repositories will fail`);
  try {
    const response = await fetch(host.url + '/', { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    await response.body?.cancel();
    if (status >= 500) problems.push(`${host.url} answered HTTP ${status}`);
  } catch (error) {
    problems.push(`${host.url} is unreachable: ${describeFetchError(error, timeoutMs)}`);
  }
  if (host.ssh) {
    problems.push(...(await checkKeyFile(host.ssh.keyFile)));
    if (host.ssh.hostKeyChecking === 'yes') {
      await access(host.ssh.knownHostsFile, constants.R_OK).catch(() =>
        problems.push(`ssh known_hosts file ${host.ssh!.knownHostsFile} is missing or unreadable (hostKeyChecking "yes" needs the host's key in it)`),
      );
    }
    const sshHost = host.ssh.host ?? new URL(host.url).hostname;
    const reached = await tcpReachable(sshHost.replace(/^\[|\]$/g, ''), host.ssh.port, timeoutMs);
    if (reached !== true) problems.push(`ssh ${sshHost}:${host.ssh.port} is unreachable: ${reached}`);
  }
  return { url: host.url, kind: host.kind, ok: problems.length === 0, problems, status };
}

/** Problems with a deploy key file: missing, unreadable, not a file, or open to group or others. */
export async function checkKeyFile(file: string): Promise<string[]> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) return [`ssh key file ${file} ${info.code === 'ENOENT' ? 'does not exist' : `cannot be read (${info.code})`}`];
  if (!info.isFile()) return [`ssh key file ${file} is not a file`];
  const problems: string[] = [];
  if ((info.mode & 0o077) !== 0) {
    problems.push(`ssh key file ${file} has mode ${(info.mode & 0o777).toString(8)}: it must not be readable by group or others (chmod 600); ssh refuses it`);
  }
  await access(file, constants.R_OK).catch(() => problems.push(`ssh key file ${file} is not readable by this process`));
  return problems;
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function tcpReachable(host: string, port: number, timeoutMs: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: true | string) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs} ms`));
    socket.once('connect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}
