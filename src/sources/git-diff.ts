// The files a change touches: everything that differs from REF in the working
// tree (committed since REF, staged, unstaged) plus untracked files, with the
// line numbers that changed, so a diff scan can report only what is new.
import { lstat, readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { SkippedFile, SourceFile } from '../engine/types.ts';
import { GitError, filterOverrides, looksBinary, runGit, unquoteGitPath } from './git.ts';

export interface DiffOptions {
  /** Pathspecs (git syntax; `:(glob)src/**` for globs) limiting the diff. */
  paths?: string[];
  /** Files larger than this are skipped (default 2 MiB). */
  maxFileBytes?: number;
  signal?: AbortSignal;
}

export interface DiffResult {
  files: SourceFile[];
  skipped: SkippedFile[];
  /** Per file (root-relative path): 1-based line numbers added or changed. Untracked files: every line. */
  changedLines: Map<string, Set<number>>;
  /** The commit compared against: the merge base of REF and HEAD (REF itself when they share none). */
  base: string;
  /** Renamed files: new path → old path. */
  renamedFrom: Map<string, string>;
  /** The top of the working tree: `files` paths are relative to it. */
  root: string;
}

export async function collectDiff(repo: string, since: string, options: DiffOptions = {}): Promise<DiffResult> {
  if (!since || since.startsWith('-') || /[\s\0]/.test(since)) throw new Error(`invalid ref for --diff: "${since}"`);
  const maxFileBytes = options.maxFileBytes ?? 2 * 1024 * 1024;
  const signal = options.signal;
  const root = (await runGit(repo, ['rev-parse', '--show-toplevel'], { signal })).trim();
  const sinceCommit = (
    await runGit(root, ['rev-parse', '--verify', '--end-of-options', `${since}^{commit}`], { signal }).catch((err: GitError) => {
      throw new GitError(`unknown ref "${since}": ${err.stderr.trim()}`, err.args, err.stderr, err.code);
    })
  ).trim();
  const base = (await runGit(root, ['merge-base', sinceCommit, 'HEAD'], { signal }).catch(() => sinceCommit)).trim();
  // Comparing with the working tree would run the repository's clean filters: switch them off.
  const extraConfig = await filterOverrides(root);
  // `repo` may be a folder inside the work tree: the diff covers that folder (paths are relative to it).
  const prefix = (await runGit(repo, ['rev-parse', '--show-prefix'], { signal })).trim();
  const scoped = options.paths?.length ? options.paths.map((p) => `${prefix}${p}`) : prefix ? [prefix] : [];
  const pathspec = ['--', ...scoped];
  const common = ['--no-ext-diff', '--no-textconv', '--no-color', '-M', '--src-prefix=a/', '--dst-prefix=b/'];

  const nameStatus = await runGit(root, ['diff', '--name-status', '-z', ...common, base, ...pathspec], { extraConfig, signal });
  const changed: string[] = [];
  const renamedFrom = new Map<string, string>();
  const fields = nameStatus.split('\0');
  for (let i = 0; i + 1 < fields.length; ) {
    const status = fields[i];
    if (status.startsWith('R') || status.startsWith('C')) {
      const [from, to] = [fields[i + 1], fields[i + 2]];
      changed.push(to);
      if (status.startsWith('R')) renamedFrom.set(to, from);
      i += 3;
    } else {
      if (!status.startsWith('D')) changed.push(fields[i + 1]);
      i += 2;
    }
  }
  const untracked = (await runGit(root, ['ls-files', '--others', '--exclude-standard', '-z', ...pathspec], { extraConfig, signal }))
    .split('\0')
    .filter(Boolean);

  const changedLines = parseChangedLines(
    await runGit(root, ['diff', '-U0', ...common, base, ...pathspec], { extraConfig, signal, maxBuffer: 1024 * 1024 * 1024 }),
  );

  const files: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  const realRoot = await realpath(root);
  for (const path of [...new Set([...changed, ...untracked])].sort()) {
    const read = await readWorkingFile(realRoot, path, maxFileBytes);
    if ('reason' in read) {
      skipped.push(read);
      changedLines.delete(path);
      continue;
    }
    files.push(read);
    if (untracked.includes(path)) {
      const lines = new Set<number>();
      const count = read.content.toString('utf8').split('\n').length;
      for (let n = 1; n <= count; n++) lines.add(n);
      changedLines.set(path, lines);
    } else if (!changedLines.has(path)) changedLines.set(path, new Set()); // renamed or mode change only
  }
  return { files, skipped, changedLines, base, renamedFrom, root: realRoot };
}

/** Reads a file of the working tree without following links out of it. */
async function readWorkingFile(root: string, path: string, maxBytes: number): Promise<SourceFile | SkippedFile> {
  const absolute = join(root, path);
  let stats;
  try {
    stats = await lstat(absolute);
  } catch {
    return { path, reason: 'unreadable', detail: 'missing from the working tree' };
  }
  if (stats.isSymbolicLink()) return { path, reason: 'symlink', detail: 'symbolic links are not followed' };
  if (!stats.isFile()) return { path, reason: 'unsupported', detail: 'not a regular file' };
  // A parent directory could itself be a link pointing elsewhere.
  const resolved = await realpath(absolute);
  if (!resolved.startsWith(root + sep)) return { path, reason: 'symlink', detail: 'resolves outside the repository' };
  if (stats.size > maxBytes) return { path, reason: 'too-large', detail: `${stats.size} bytes` };
  const content = await readFile(resolved);
  if (looksBinary(content)) return { path, reason: 'binary' };
  return { path, content };
}

/** Reads `git diff -U0` output: for each new-side file, the lines its hunks add or change. */
export function parseChangedLines(patch: string): Map<string, Set<number>> {
  const result = new Map<string, Set<number>>();
  let current: Set<number> | null = null;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ ')) {
      const target = line.slice(4);
      if (target === '/dev/null') {
        current = null;
        continue;
      }
      const path = unquoteGitPath(target).slice(2);
      current = result.get(path) ?? new Set();
      result.set(path, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && current) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      for (let n = start; n < start + count; n++) current.add(n);
    }
  }
  return result;
}
