// The result of a whole tree's scan, kept beside the per-directory result cache and reused when
// no file of the tree has changed since: like git's index, a file counts as unchanged
// when its size, modification and change times and inode are what they were, so a
// re-scan of an unchanged tree reads no file. A file modified within the last moments
// before the result was written may have changed again within the clock's resolution
// ("racily clean", in git's words): then the tree is scanned as usual.
import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { ENGINE_DIR, ENGINE_MODULE } from './engine-version.ts';
import type { ScanResult, SkippedFile } from '../types.ts';

/** What identifies a file's version without reading it. */
export interface FileVersion {
  path: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** A file changed this close before the result was written may have changed again unseen. */
const RACY_MS = 2000;

interface Stored {
  key: string;
  writtenAt: number;
  files: [string, number, number, number, number][];
  skipped: SkippedFile[];
  result: ScanResult;
}

/**
 * The key of a scan: what, besides the files, decides its result — the engine's modules,
 * the rule files under `ruleDirs` and the scope. Modules and rule files count by their
 * metadata, as the scanned files do, so that an unchanged re-scan reads none of them.
 */
export function treeKey(ruleDirs: string[], scope: string[] | undefined): string {
  const hash = createHash('sha256');
  addMetadata(hash, ENGINE_DIR, ENGINE_MODULE);
  for (const dir of ruleDirs) addMetadata(hash, dir, RULE_FILE);
  return hash.update(JSON.stringify(scope ?? [])).digest('hex');
}

const RULE_FILE = /\.ya?ml$/;

/** The path, size, times and inode of every file named like `wanted` under `dir`, in name order. */
function addMetadata(hash: Hash, dir: string, wanted: RegExp): void {
  hash.update(`${dir}\0`);
  const visit = (folder: string, prefix: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      hash.update('unreadable\0');
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = `${folder}${path.sep}${entry.name}`;
      if (entry.isDirectory()) visit(full, `${prefix}${entry.name}/`);
      else if (wanted.test(entry.name)) {
        const s = statSync(full);
        hash.update(`${prefix}${entry.name}\0${s.size}\0${s.mtimeMs}\0${s.ctimeMs}\0${s.ino}\0`);
      }
    }
  };
  visit(dir, '');
}

function fileOf(cacheDir: string, key: string): string {
  return path.join(cacheDir, `tree-${key.slice(0, 16)}.json`);
}

function row(f: FileVersion): [string, number, number, number, number] {
  return [f.path, f.size, f.mtimeMs, f.ctimeMs, f.ino];
}

/** The stored result of the scan `key`, if the tree is file for file as it was then. */
export function storedTreeResult(cacheDir: string, key: string, files: FileVersion[], skipped: SkippedFile[]): ScanResult | undefined {
  let stored: Stored;
  try {
    stored = JSON.parse(readFileSync(fileOf(cacheDir, key), 'utf8')) as Stored;
  } catch {
    return undefined;
  }
  if (stored.key !== key || stored.files.length !== files.length) return undefined;
  const settled = stored.writtenAt - RACY_MS;
  for (let i = 0; i < files.length; i++) {
    const now = row(files[i]!);
    const then = stored.files[i]!;
    if (now.some((v, j) => v !== then[j])) return undefined;
    // As git does, only the content's time decides raciness; the change time is compared
    // above, which catches a content change whose modification time was set back.
    if (files[i]!.mtimeMs >= settled) return undefined;
  }
  if (JSON.stringify(stored.skipped) !== JSON.stringify(skipped)) return undefined;
  return stored.result;
}

/** Keeps a scan's result for the next scan of the same, unchanged tree. */
export function storeTreeResult(cacheDir: string, key: string, files: FileVersion[], skipped: SkippedFile[], result: ScanResult): void {
  const file = fileOf(cacheDir, key);
  const stored: Stored = { key, writtenAt: Date.now(), files: files.map(row), skipped, result };
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Write-then-rename: a killed scan never leaves a torn result.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored));
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}
