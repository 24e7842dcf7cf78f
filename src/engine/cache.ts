// The result cache: one small JSON file per analysed directory, keyed by the rule-set
// version, the engine and the content of every file of the directory (a package), since
// cross-file taint flows make a file's findings depend on its neighbours — a directory
// is analysed whole or taken whole from the cache. One entry per directory rather than
// per file: creating hundreds of small files was a noticeable share of a first scan.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnalysedFile, FileText } from './analyze.ts';
import { engineVersion } from './engine-version.ts';

/** A stored directory: its files' results, each with the content hashes of the other files its findings lie in. */
interface Entry {
  files: (AnalysedFile & { dependencyHashes?: Record<string, string> })[];
}

let temporaryFiles = 0;

export class ResultCache {
  /** Per directory (posix `dirname` of its files), the key of its entry. */
  private readonly keys = new Map<string, string>();
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
    }
  }

  private fileFor(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** The results of `files` (all the files of one directory), if they were stored for this very content. */
  get(files: string[]): AnalysedFile[] | undefined {
    const key = files.length ? this.keys.get(path.posix.dirname(files[0]!)) : undefined;
    if (!key) return undefined;
    const file = this.fileFor(key);
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
    const key = results.length ? this.keys.get(path.posix.dirname(results[0]!.path)) : undefined;
    if (!key) return;
    const entry: Entry = {
      files: results.map((result) => {
        if (!result.dependsOn) return result;
        const dependencyHashes: Record<string, string> = {};
        for (const dep of result.dependsOn) dependencyHashes[dep] = this.contentHash.get(dep) ?? '';
        return { ...result, dependencyHashes };
      }),
    };
    const file = this.fileFor(key);
    // Write-then-rename so a killed scan never leaves a torn cache entry; the temporary name
    // is one of its own, since scans in one process (the MCP server's) may store the same entry.
    const tmp = `${file}.${process.pid}.${++temporaryFiles}.tmp`;
    const written = mkdir(path.dirname(file), { recursive: true })
      .then(() => writeFile(tmp, JSON.stringify(entry)))
      .then(() => rename(tmp, file));
    // A cache that cannot be written only costs speed.
    this.writes.push(written.catch(() => undefined));
  }

  /** Waits until the entries `set` so far are written (or failed to be). */
  async flush(): Promise<void> {
    while (this.writes.length) await Promise.all(this.writes.splice(0));
  }

  private readonly writes: Promise<unknown>[] = [];
}
