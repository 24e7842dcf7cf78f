// The result cache: one small JSON file per analysed file, keyed by the rule-set
// version, the file's content and the content of its package (same directory),
// since cross-file taint flows make a file's findings depend on its neighbours.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnalysedFile, FileText } from './analyze.ts';
import { engineVersion } from './engine-version.ts';

export class ResultCache {
  private readonly keys = new Map<string, string>();
  private readonly contentHash = new Map<string, string>();

  constructor(
    private readonly dir: string,
    rulesVersion: string,
    files: Map<string, FileText>,
  ) {
    const contentHash = this.contentHash;
    const byDir = new Map<string, string[]>();
    for (const [p, f] of files) {
      contentHash.set(p, createHash('sha256').update(f.text).digest('hex'));
      const d = path.posix.dirname(p);
      (byDir.get(d) ?? byDir.set(d, []).get(d)!).push(p);
    }
    const dirDigest = new Map<string, string>();
    for (const [d, ps] of byDir) {
      const h = createHash('sha256');
      for (const p of ps.sort()) h.update(p).update(contentHash.get(p)!);
      dirDigest.set(d, h.digest('hex'));
    }
    for (const p of files.keys()) {
      const key = createHash('sha256')
        .update(`${engineVersion()}\0${rulesVersion}\0${p}\0${contentHash.get(p)}\0${dirDigest.get(path.posix.dirname(p))}`)
        .digest('hex');
      this.keys.set(p, key);
    }
  }

  private fileFor(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get(p: string): AnalysedFile | undefined {
    const key = this.keys.get(p);
    if (!key) return undefined;
    const file = this.fileFor(key);
    // A first scan misses every file: asking costs less than the error a failed read throws.
    if (!existsSync(file)) return undefined;
    try {
      const entry = JSON.parse(readFileSync(file, 'utf8')) as AnalysedFile & { dependencyHashes?: Record<string, string> };
      // Findings that lie in other files (cross-directory flows) stay valid only while those files do.
      for (const [dep, hash] of Object.entries(entry.dependencyHashes ?? {})) if (this.contentHash.get(dep) !== hash) return undefined;
      delete entry.dependencyHashes;
      return entry;
    } catch {
      return undefined;
    }
  }

  set(result: AnalysedFile): void {
    const key = this.keys.get(result.path);
    if (!key) return;
    const file = this.fileFor(key);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Write-then-rename so a killed scan never leaves a torn cache entry.
      const tmp = `${file}.${process.pid}.tmp`;
      const dependencyHashes: Record<string, string> = {};
      for (const dep of result.dependsOn ?? []) dependencyHashes[dep] = this.contentHash.get(dep) ?? '';
      writeFileSync(tmp, JSON.stringify(result.dependsOn ? { ...result, dependencyHashes } : result));
      renameSync(tmp, file);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }

}
