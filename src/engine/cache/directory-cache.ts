// The result cache: one small JSON file per analysed directory, keyed by the rule-set
// version, the engine and the content of every file of the directory (a package), since
// cross-file taint flows make a file's findings depend on its neighbours — a directory
// is analysed whole or taken whole from the cache. One entry per directory rather than
// per file: creating hundreds of small files was a noticeable share of a first scan.
//
// Entries live in one folder per directory path (`dirs/<hash of the path>/<key>.json`),
// which keeps the newest few: a tree edited and re-scanned all day (an editor's or an
// agent's every save) does not grow its cache without bound, while switching between a
// few branches still finds each one's results.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnalysedFile, FileText } from '../analyze.ts';
import { engineVersion } from './engine-version.ts';

/** A stored directory: its files' results, each with the content hashes of the other files its findings lie in. */
interface Entry {
  files: (AnalysedFile & { dependencyHashes?: Record<string, string> })[];
}

let temporaryFiles = 0;

/** Versions of one directory kept: the current one and a few others (other branches, an undone edit). */
export const VERSIONS_KEPT = 4;
/** Entries of the layout before `dirs/` (one folder per key prefix), removed when a scan writes. */
const LEGACY_FOLDER = /^[0-9a-f]{2}$/;

export class ResultCache {
  /** Per directory (posix `dirname` of its files), the key of its entry. */
  private readonly keys = new Map<string, string>();
  /** Per directory, the folder that holds its entries. */
  private readonly folders = new Map<string, string>();
  private readonly contentHash = new Map<string, string>();

  constructor(
    private readonly dir: string,
    rulesVersion: string,
    files: Map<string, FileText>,
  ) {
    const byDir = new Map<string, string[]>();
    for (const [p, f] of files) {
      this.contentHash.set(p, createHash('sha256').update(f.text).digest('hex'));
      const d = path.posix.dirname(p);
      (byDir.get(d) ?? byDir.set(d, []).get(d)!).push(p);
    }
    for (const [d, ps] of byDir) {
      const h = createHash('sha256').update(`${engineVersion()}\0${rulesVersion}\0${d}\0`);
      for (const p of ps.sort()) h.update(`${p}\0${this.contentHash.get(p)}\0`);
      this.keys.set(d, h.digest('hex'));
      this.folders.set(d, path.join(this.dir, 'dirs', createHash('sha256').update(d).digest('hex').slice(0, 32)));
    }
  }

  private fileFor(dir: string): string | undefined {
    const key = this.keys.get(dir);
    return key && path.join(this.folders.get(dir)!, `${key}.json`);
  }

  /** The results of `files` (all the files of one directory), if they were stored for this very content. */
  get(files: string[]): AnalysedFile[] | undefined {
    const file = files.length ? this.fileFor(path.posix.dirname(files[0]!)) : undefined;
    if (!file) return undefined;
    // A first scan misses every directory: asking costs less than the error a failed read throws.
    if (!existsSync(file)) return undefined;
    try {
      const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
      if (entry.files.length !== files.length) return undefined;
      for (const result of entry.files) {
        // Findings that lie in other directories (cross-directory flows) stay valid only while those files do.
        for (const [dep, hash] of Object.entries(result.dependencyHashes ?? {})) if (this.contentHash.get(dep) !== hash) return undefined;
        delete result.dependencyHashes;
      }
      return entry.files;
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps the results of one directory's files (all of them). The entry is written in the
   * background, off the scanning thread's way; `flush` waits for the writes.
   */
  set(results: AnalysedFile[]): void {
    const dir = results.length ? path.posix.dirname(results[0]!.path) : undefined;
    const file = dir && this.fileFor(dir);
    if (!file) return;
    const entry: Entry = {
      files: results.map((result) => {
        if (!result.dependsOn) return result;
        const dependencyHashes: Record<string, string> = {};
        for (const dep of result.dependsOn) dependencyHashes[dep] = this.contentHash.get(dep) ?? '';
        return { ...result, dependencyHashes };
      }),
    };
    // Write-then-rename so a killed scan never leaves a torn cache entry; the temporary name
    // is one of its own, since scans in one process (the MCP server's) may store the same entry.
    const tmp = `${file}.${process.pid}.${++temporaryFiles}.tmp`;
    const folder = path.dirname(file);
    const written = mkdir(folder, { recursive: true }).then(async (created) => {
      await writeFile(tmp, JSON.stringify(entry));
      await rename(tmp, file);
      // A folder made just now holds this entry only (a first scan makes one per directory).
      if (!created) await keepNewest(folder, VERSIONS_KEPT, path.basename(file));
    });
    // A cache that cannot be written only costs speed.
    this.writes.push(written.catch(() => undefined));
    this.removeLegacyEntries ??= removeLegacyFolders(this.dir);
  }

  /** Waits until the entries `set` so far are written (or failed to be). */
  async flush(): Promise<void> {
    while (this.writes.length) await Promise.all(this.writes.splice(0));
    await this.removeLegacyEntries;
  }

  private removeLegacyEntries: Promise<void> | undefined;

  private readonly writes: Promise<unknown>[] = [];
}

/** Removes all but `current` and the most recently written others of one directory's folder, `count` in all. */
async function keepNewest(folder: string, count: number, current: string): Promise<void> {
  const others = (await readdir(folder)).filter((name) => name.endsWith('.json') && name !== current);
  if (others.length < count) return;
  const written = await Promise.all(others.map(async (name) => ({ name, at: (await stat(path.join(folder, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
  written.sort((a, b) => b.at - a.at);
  // Another scan may remove the same entry at the same moment.
  await Promise.all(written.slice(count - 1).map(({ name }) => unlink(path.join(folder, name)).catch(() => undefined)));
}

/** Entries of the earlier layout are never read again. */
async function removeLegacyFolders(cacheDir: string): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => LEGACY_FOLDER.test(name)).map((name) => rm(path.join(cacheDir, name), { recursive: true, force: true })));
}
