// The working tree as the CLI and the MCP server both see it: which paths a
// scan ignores (.gitignore and .scannerignore at every level, version-control
// and Scanner's own folders), and where Scanner keeps its state beside the code
// (`.scanner/`, which ignores itself so git and `--diff` never see it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';

// Loaded on first use: most directories of a tree hold no ignore file.
const require = createRequire(import.meta.url);
const ignore = () => require('ignore') as typeof import('ignore');

/** Scanner's state folder under a scanned root. */
export const SCANNER_DIR = '.scanner';
/** Folders a scan never enters: version control and Scanner's own state. */
export const ALWAYS_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn', SCANNER_DIR]);
/** Files whose patterns a scan honours, each relative to its own folder. */
export const IGNORE_FILES: readonly string[] = ['.gitignore', '.scannerignore'];

export function scannerDir(root: string): string {
  return path.join(root, SCANNER_DIR);
}

/** The result cache of the engine (per-file and per-tree results). */
export function cacheDir(root: string): string {
  return path.join(scannerDir(root), 'cache');
}

/** The MCP client's scans and sessions. */
export function clientDir(root: string): string {
  return path.join(scannerDir(root), 'client');
}

/**
 * Creates `<root>/.scanner/<sub…>` with a `.gitignore` of `*` in `.scanner/`,
 * and returns the folder; throws when the tree cannot be written to.
 */
export function prepareScannerDir(root: string, ...sub: string[]): string {
  const dir = path.join(scannerDir(root), ...sub);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(scannerDir(root), '.gitignore'), '*\n', { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return dir;
}

/** The cache folder ready for use, or null when the tree is read-only (the scan runs without a cache). */
export function prepareCacheDir(root: string): string | null {
  try {
    return prepareScannerDir(root, 'cache');
  } catch {
    return null;
  }
}

/** The patterns of one folder's ignore files, applying to paths below `base` (root-relative, posix; '' for the root). */
export interface IgnoreRules {
  base: string;
  ig: Ignore;
}

/**
 * The rules `dir` adds to those of its parents. `names` is the folder's listing when the
 * caller has it (only ignore files that are there are read).
 */
export function folderIgnoreRules(dir: string, base: string, names?: Iterable<string>): IgnoreRules[] {
  const present = names ? new Set(names) : undefined;
  const rules: IgnoreRules[] = [];
  for (const name of IGNORE_FILES) {
    if (present && !present.has(name)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(dir, name), 'utf8');
    } catch {
      continue;
    }
    rules.push({ base, ig: ignore()().add(text) });
  }
  return rules;
}

/** Whether a root-relative posix path (a folder when `isDir`) is ignored by any of `rules`. */
export function isIgnoredBy(rules: readonly IgnoreRules[], relPath: string, isDir: boolean): boolean {
  return rules.some(({ base, ig }) => {
    const sub = base ? path.posix.relative(base, relPath) : relPath;
    return sub !== '' && !sub.startsWith('..') && ig.ignores(isDir ? `${sub}/` : sub);
  });
}

/**
 * Whether a negation (`!path`) of one of `rules` names a root-relative posix file: the user asks
 * for it to be scanned, so a file that looks vendored is read after all.
 */
export function isUnignoredBy(rules: readonly IgnoreRules[], relPath: string): boolean {
  return rules.some(({ base, ig }) => {
    const sub = base ? path.posix.relative(base, relPath) : relPath;
    return sub !== '' && !sub.startsWith('..') && ig.test(sub).unignored;
  });
}

/**
 * Ignore decisions for single paths of a tree, as a listing of the whole tree would make
 * them (for a watcher, which sees one path at a time): each folder's ignore files are
 * read once and forgotten when one of them changes.
 */
export class WorkspaceIgnores {
  private readonly byFolder = new Map<string, IgnoreRules[]>();

  constructor(readonly root: string) {}

  /** `relPath`: root-relative, posix. */
  ignores(relPath: string, isDir = false): boolean {
    if (!relPath || relPath.startsWith('..')) return false;
    const segments = relPath.split('/');
    if (segments.some((segment) => ALWAYS_SKIPPED_DIRS.has(segment))) return true;
    const rules: IgnoreRules[] = [];
    // A path is ignored when it or any folder above it is.
    for (let depth = 0; depth < segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      rules.push(...this.rulesOf(folder));
      const prefix = segments.slice(0, depth + 1).join('/');
      const prefixIsDir = depth < segments.length - 1 || isDir;
      if (isIgnoredBy(rules, prefix, prefixIsDir)) return true;
    }
    return false;
  }

  /** Call when a file changed: an ignore file's folder reads its rules again. */
  changed(relPath: string): void {
    const name = path.posix.basename(relPath);
    if (IGNORE_FILES.includes(name)) this.byFolder.delete(path.posix.dirname(relPath) === '.' ? '' : path.posix.dirname(relPath));
  }

  private rulesOf(folder: string): IgnoreRules[] {
    let rules = this.byFolder.get(folder);
    if (!rules) {
      rules = folderIgnoreRules(path.join(this.root, ...folder.split('/').filter(Boolean)), folder);
      this.byFolder.set(folder, rules);
    }
    return rules;
  }
}
