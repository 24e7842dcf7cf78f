// Checks of the paths and refs an agent passes in, turned into messages that
// tell it what to do instead; and the git queries a diff scan answers from.
import { execFile } from 'node:child_process';
import { lstat, stat } from 'node:fs/promises';
import picomatch from 'picomatch';
import type { SourceFile } from '../engine/index.ts';
import path from 'node:path';
import { ToolError } from './errors.ts';

export function git(cwd: string, args: string[], maxBuffer = 64 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, maxBuffer, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr: String(stderr) }));
      else resolve(String(stdout));
    });
  });
}

export async function resolveDirectory(input: string, what: string): Promise<string> {
  const dir = path.resolve(input);
  let info;
  try {
    info = await stat(dir);
  } catch {
    throw new ToolError(`${what} "${input}" does not exist (resolved to ${dir}). Pass an existing directory.`);
  }
  if (!info.isDirectory()) throw new ToolError(`${what} "${input}" is not a directory (resolved to ${dir}). Pass a directory.`);
  return dir;
}

/** The top level of the git work tree that contains `input`. */
export async function resolveRepo(input: string): Promise<string> {
  const dir = await resolveDirectory(input, 'repo');
  try {
    return path.resolve((await git(dir, ['rev-parse', '--show-toplevel'])).trim());
  } catch {
    throw new ToolError(`repo "${input}" is not a git repository (resolved to ${dir}). Pass the path of a git work tree, or run "git init" there.`);
  }
}

export async function verifyCommitish(repo: string, ref: string): Promise<string> {
  if (ref.startsWith('-')) throw new ToolError(`since "${ref}" is not a valid commit or ref.`);
  try {
    return (await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch {
    const hasHead = await git(repo, ['rev-parse', '--verify', '--quiet', 'HEAD']).then(
      () => true,
      () => false,
    );
    throw new ToolError(
      hasHead
        ? `since "${ref}" is not a commit or ref in ${repo}. Use a branch, tag or commit sha (default HEAD), e.g. "HEAD~1" or "main".`
        : `since "${ref}": the repository ${repo} has no commits yet. Commit once, then scan the diff; or use scanner_full_scan.`,
    );
  }
}

/**
 * Repository top level and the commit `ref` names, in one git call (the diff
 * scan answers within a budget of milliseconds); on failure the separate
 * checks run to say which of the two was wrong.
 */
export async function resolveRepoAndCommit(input: string, ref: string): Promise<{ repo: string; commit: string }> {
  const dir = await resolveDirectory(input, 'repo');
  if (!ref.startsWith('-')) {
    try {
      const [top, commit] = (await git(dir, ['rev-parse', '--show-toplevel', `${ref}^{commit}`, '--'])).split('\n');
      if (top && /^[0-9a-f]{40,64}$/.test(commit ?? '')) return { repo: path.resolve(top), commit };
    } catch {
      // Fall through to the checks that explain the failure.
    }
  }
  const repo = await resolveRepo(input);
  return { repo, commit: await verifyCommitish(repo, ref) };
}

export async function originUrl(repo: string): Promise<string | undefined> {
  try {
    return (await git(repo, ['remote', 'get-url', 'origin'])).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function filterByGlobs(files: SourceFile[], globs: string[] | undefined): SourceFile[] {
  if (!globs?.length) return files;
  const isMatch = picomatch(globs, { dot: true });
  return files.filter((f) => isMatch(f.path));
}

/**
 * Files that differ from HEAD (staged, unstaged, untracked) and still exist,
 * with their total size, from one `git status`.
 */
export async function changedSinceHead(repo: string, pathspecs: string[] | undefined, globs: string[] | undefined) {
  const listing = await git(repo, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...(pathspecs ?? [])]);
  const isMatch = globs?.length ? picomatch(globs, { dot: true }) : () => true;
  const paths = listing
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3))
    .filter((p) => isMatch(p));
  const sizes = await Promise.all(
    paths.map((p) =>
      lstat(path.join(repo, p)).then(
        (info) => (info.isFile() ? info.size : -1),
        () => -1,
      ),
    ),
  );
  const existing = sizes.filter((size) => size >= 0);
  return { files: existing.length, bytes: existing.reduce((n, size) => n + size, 0) };
}
