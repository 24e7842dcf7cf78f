// Collects the files of a working tree for a scan: honours .gitignore and
// .scannerignore, skips vendored (folders, and copies of browser libraries:
// browser-libraries.ts), generated and binary files (counted, not silent),
// never follows symbolic links out of the tree, and reports files it cannot
// read instead of failing.
//
// The reads are synchronous: a tree is a burst of small reads, which take a
// quarter of the time without a round trip to the thread pool for each.
import { lstatSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { SkippedFile, SourceFile } from '../engine/index.ts';
import { ALWAYS_SKIPPED_DIRS, IGNORE_FILES, folderIgnoreRules, isIgnoredBy, isUnignoredBy, type IgnoreRules } from './workspace.ts';
import { bundledLibrary } from './browser-libraries.ts';

// Loaded on first use: a listing needs `picomatch` only for a scope (a re-scan answered
// from the cache starts with a listing).
const require = createRequire(import.meta.url);
const picomatch = () => require('picomatch') as typeof import('picomatch');

/** Directories that hold other people's code or build output. */
const VENDORED_DIRS = new Set(['node_modules', 'vendor', 'bower_components', 'third_party', 'site-packages', '.venv', 'venv', '__pycache__', 'Pods']);
/**
 * Folders a project keeps copies of other people's libraries in, one folder per library
 * (`libs/swiftmailer/`, `wwwroot/lib/bootstrap/`, `3rdparty/`): a child that carries a licence of
 * its own (`LICENSE`, `COPYING`, …) is such a copy. The project's own code there has no licence
 * apart from the repository's, so it is still scanned.
 */
const LIBRARY_FOLDERS = new Set(['lib', 'libs', '3rdparty', 'thirdparty', 'third-party', 'external', 'externals', 'extlib']);
const LICENCE_FILE = /^(?:(?:mit-)?licen[cs]e(?:-mit)?|copying)(?:\.(?:txt|md|rst|markdown))?$/i;
const GENERATED_DIRS = new Set(['dist', 'build', 'out', 'target', 'bin', 'obj', '.next', '.nuxt', 'coverage']);
/** Below a JVM source root a folder is a package (`src/main/java/org/acme/build/`), whatever its name. */
const JVM_SOURCE_ROOT = /(^|\/)src\/[\w-]+\/(java|kotlin|scala|groovy)\//;
const GENERATED_FILES = /(\.min\.(js|css|mjs)|[._-]bundle\.js|\.map|-lock\.json|\.lock\.json|\.pb\.go|_pb2\.py|\.generated\.\w+|\.g\.cs|\.designer\.cs)$/i;
/**
 * A placeholder of a code generator's template in a folder or file name (jeecg's
 * `${bussiPackage}/${entityPackage}/mapper/xml/${entityName}Mapper.xml`, cookiecutter's
 * `{{cookiecutter.project_slug}}/`, `<%= name %>`): what lies there is the text a generator fills
 * in, not code that runs (`${r'#'}{id}` stands for a bound `#{id}`).
 */
const TEMPLATE_PLACEHOLDER = /\$\{[^}]*\}|\{\{[^}]*\}\}|<%[^%]*%>/;
const BINARY_EXTENSIONS = /\.(png|jpe?g|gif|bmp|ico|webp|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|so|dylib|dll|exe|o|a|wasm|woff2?|ttf|otf|eot|mp[34]|mov|avi|sqlite|db|pyc)$/i;

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface CollectOptions {
  /** Globs limiting the scan (relative to root). */
  paths?: string[];
  /** Include vendored and generated directories too. */
  includeVendored?: boolean;
  maxFileBytes?: number;
}

export interface Collected {
  files: SourceFile[];
  skipped: SkippedFile[];
}

export class SourceError extends Error {}

/** A file a scan would read, with what identifies its version without reading it. */
export interface ListedFile {
  /** Root-relative, posix. */
  path: string;
  full: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export interface Listing {
  files: ListedFile[];
  skipped: SkippedFile[];
}

export async function collectDirectory(root: string, options: CollectOptions = {}): Promise<Collected> {
  return readListed(await listDirectory(root, options));
}

/** The name of the licence file at the top of `dir`, if it has one. */
/** A script's call that puts a folder on Python's import path: `sys.path.insert(0, os.path.join(HERE, 'lib'))`, `site.addsitedir('libs')`. */
const PYTHON_PATH_CALL = /\b(?:sys\.path\.(?:insert|append)|site\.addsitedir)\s*\(([^\n]*)/g;
const MAX_PATH_SCRIPTS = 20;
const MAX_PATH_SCRIPT_BYTES = 256 * 1024;

/**
 * The library folders (LIBRARY_FOLDERS names) of this directory that one of its Python scripts puts on the import path,
 * each with the script that does: an application that ships its dependencies as a folder of packages (`lib/cherrypy/`,
 * `lib/requests/`, copied from site-packages without their licence files) makes them importable so. Only folders named
 * as libraries count: a Django project that puts its own `apps/` on the path keeps it scanned.
 */
function pythonPathFolders(dir: string, entries: { name: string; isFile(): boolean; isDirectory(): boolean }[]): Map<string, string> {
  const out = new Map<string, string>();
  const folders = new Set(entries.filter((e) => e.isDirectory() && LIBRARY_FOLDERS.has(e.name.toLowerCase())).map((e) => e.name));
  if (!folders.size) return out;
  for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.py')).slice(0, MAX_PATH_SCRIPTS)) {
    let text: string;
    try {
      const full = path.join(dir, entry.name);
      if (lstatSync(full).size > MAX_PATH_SCRIPT_BYTES) continue;
      text = readFileSync(full, 'utf8');
    } catch {
      continue;
    }
    if (!/\b(?:sys\.path|site\.addsitedir)\b/.test(text)) continue;
    for (const call of text.matchAll(PYTHON_PATH_CALL)) {
      for (const quoted of call[1]!.matchAll(/['"]([\w.-]+)['"]/g)) {
        if (folders.has(quoted[1]!) && !out.has(quoted[1]!)) out.set(quoted[1]!, entry.name);
      }
    }
  }
  return out;
}

function licenceFile(dir: string): string | undefined {
  try {
    return readdirSync(dir, { withFileTypes: true }).find((entry) => entry.isFile() && LICENCE_FILE.test(entry.name))?.name;
  } catch {
    return undefined;
  }
}

/**
 * The folders (root-relative) where Composer installs what a composer.json requires when its
 * `config.vendor-dir` is not the default `vendor/` (which is skipped by name): each required
 * package's `<vendor-dir>/<vendor>/<name>/` and Composer's own `<vendor-dir>/composer/`. Platform
 * requirements (`php`, `ext-json`) are no folders. A file that cannot be read or parsed gives none.
 */
function composerInstallFolders(file: string, rel: string): Map<string, string> {
  const out = new Map<string, string>();
  let manifest: { require?: Record<string, unknown>; 'require-dev'?: Record<string, unknown>; config?: { 'vendor-dir'?: unknown } };
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as typeof manifest;
  } catch {
    return out;
  }
  const vendorDir = manifest?.config?.['vendor-dir'];
  if (typeof vendorDir !== 'string' || path.isAbsolute(vendorDir) || vendorDir.includes('$')) return out;
  const base = path.posix.normalize(path.posix.join(rel || '.', vendorDir.replace(/\\/g, '/'))).replace(/\/+$/, '') || '.';
  if (base.startsWith('..') || VENDORED_DIRS.has(path.posix.basename(base))) return out;
  const under = (name: string) => (base === '.' ? name : `${base}/${name}`);
  const detail = `installed by Composer (vendor-dir ${JSON.stringify(vendorDir)} in ${rel ? `${rel}/` : ''}composer.json)`;
  const required = [...Object.keys(manifest.require ?? {}), ...Object.keys(manifest['require-dev'] ?? {})];
  for (const name of required) if (/^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*$/i.test(name)) out.set(under(name.toLowerCase()), detail);
  out.set(under('composer'), detail);
  return out;
}

/** Reads the files of a listing; one that cannot be read any more is counted as unreadable. */
export function readListed(listing: Listing): Collected {
  const files: SourceFile[] = [];
  const skipped = [...listing.skipped];
  for (const file of listing.files) {
    try {
      files.push({ path: file.path, content: readFileSync(file.full) });
    } catch (error) {
      skipped.push({ path: file.path, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
  }
  return { files, skipped };
}

/** The files a scan of `root` would read, and those it skips (with why), without reading them. */
export async function listDirectory(root: string, options: CollectOptions = {}): Promise<Listing> {
  const rootStat = lstatSync(root, { throwIfNoEntry: false });
  if (!rootStat) throw new SourceError(`path does not exist: ${root}`);
  const realRoot = realpathSync(root);
  const files: ListedFile[] = [];
  const skipped: SkippedFile[] = [];
  const maxBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const wanted = options.paths?.length ? picomatch()(options.paths, { dot: true }) : undefined;
  const listed = (relPath: string, full: string, st: { size: number; mtimeMs: number; ctimeMs: number; ino: number }): ListedFile => ({
    path: relPath,
    full,
    size: st.size,
    mtimeMs: st.mtimeMs,
    ctimeMs: st.ctimeMs,
    ino: st.ino,
  });

  if (rootStat.isFile()) return { files: [listed(path.basename(root), root, rootStat)], skipped };
  if (!rootStat.isDirectory()) throw new SourceError(`not a file or directory: ${root}`);

  // Folders Composer installs packages into, by a composer.json's own `vendor-dir` (with why).
  const composerPackages = new Map<string, string>();
  // Ignore rules apply relative to the directory of the file that declares them.
  const walk = (dir: string, rel: string, rules: IgnoreRules[]) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      skipped.push({ path: rel || '.', reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? String(error) });
      return;
    }
    // Code-unit order: the same on every machine, and far cheaper than a locale's collation.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Only ignore files the listing shows are read (most directories have none).
    const here = entries.some((entry) => IGNORE_FILES.includes(entry.name))
      ? folderIgnoreRules(dir, rel, entries.map((entry) => entry.name))
      : [];
    const localRules = here.length ? [...rules, ...here] : rules;
    const isIgnored = (relPath: string, isDir: boolean) => isIgnoredBy(localRules, relPath, isDir);
    const onPythonPath = options.includeVendored ? new Map<string, string>() : pythonPathFolders(dir, entries);
    if (!options.includeVendored && entries.some((entry) => entry.name === 'composer.json' && entry.isFile())) {
      for (const [folder, detail] of composerInstallFolders(path.join(dir, 'composer.json'), rel)) composerPackages.set(folder, detail);
    }

    for (const entry of entries) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        // Links are not followed: they can point outside the tree or loop.
        skipped.push({ path: relPath, reason: 'symlink' });
        continue;
      }
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(entry.name)) continue;
        if (isIgnored(relPath, true)) {
          skipped.push({ path: `${relPath}/`, reason: 'ignored' });
          continue;
        }
        if (!options.includeVendored && VENDORED_DIRS.has(entry.name)) {
          skipped.push({ path: `${relPath}/`, reason: 'vendored' });
          continue;
        }
        const pathScript = onPythonPath.get(entry.name);
        if (pathScript && !isUnignoredBy(localRules, relPath)) {
          skipped.push({
            path: `${relPath}/`,
            reason: 'vendored',
            detail: `a folder of libraries that ${rel ? `${rel}/` : ''}${pathScript} puts on Python's import path (sys.path); to scan it, add !${relPath} to .scannerignore`,
          });
          continue;
        }
        if (!options.includeVendored && LIBRARY_FOLDERS.has(path.posix.basename(rel).toLowerCase()) && !isUnignoredBy(localRules, relPath)) {
          const licence = licenceFile(full);
          if (licence) {
            skipped.push({
              path: `${relPath}/`,
              reason: 'vendored',
              detail: `a library copied into ${rel}/ with its own licence (${licence}); to scan it, add !${relPath} to .scannerignore`,
            });
            continue;
          }
        }
        const composerDetail = composerPackages.get(relPath);
        if (composerDetail) {
          skipped.push({ path: `${relPath}/`, reason: 'vendored', detail: composerDetail });
          continue;
        }
        if (!options.includeVendored && GENERATED_DIRS.has(entry.name) && !JVM_SOURCE_ROOT.test(relPath)) {
          skipped.push({ path: `${relPath}/`, reason: 'generated' });
          continue;
        }
        const folderPlaceholder = options.includeVendored ? null : TEMPLATE_PLACEHOLDER.exec(entry.name);
        if (folderPlaceholder) {
          skipped.push({ path: `${relPath}/`, reason: 'generated', detail: `a code generator's template (placeholder ${folderPlaceholder[0]} in the folder's name)` });
          continue;
        }
        walk(full, relPath, localRules);
        continue;
      }
      if (!entry.isFile()) continue;
      if (wanted && !wanted(relPath)) continue;
      if (isIgnored(relPath, false)) {
        skipped.push({ path: relPath, reason: 'ignored' });
        continue;
      }
      if (BINARY_EXTENSIONS.test(entry.name)) {
        skipped.push({ path: relPath, reason: 'binary' });
        continue;
      }
      if (!options.includeVendored && GENERATED_FILES.test(entry.name)) {
        skipped.push({ path: relPath, reason: 'generated' });
        continue;
      }
      const filePlaceholder = options.includeVendored ? null : TEMPLATE_PLACEHOLDER.exec(entry.name);
      if (filePlaceholder) {
        skipped.push({ path: relPath, reason: 'generated', detail: `a code generator's template (placeholder ${filePlaceholder[0]} in the file's name)` });
        continue;
      }
      if (!options.includeVendored) {
        const library = bundledLibrary(relPath, full);
        if (library && !isUnignoredBy(localRules, relPath)) {
          skipped.push({
            path: relPath,
            reason: 'vendored',
            detail: `a copy of ${library.library} (${library.signals}); to scan it, add !${relPath} to .scannerignore`,
          });
          continue;
        }
      }
      try {
        const st = lstatSync(full);
        if (st.size > maxBytes) {
          skipped.push({ path: relPath, reason: 'too-large', detail: `${st.size} bytes` });
          continue;
        }
        files.push(listed(relPath, full, st));
      } catch (error) {
        skipped.push({ path: relPath, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? String(error) });
      }
    }
  };
  walk(realRoot, '', []);
  return { files, skipped };
}
