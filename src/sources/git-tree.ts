// The files of a commit, read straight from the object database: no checkout,
// so nothing in the tree (symlinks, hooks, filters, huge files) can act.
import picomatch from 'picomatch';
import type { SkippedFile, SourceFile } from '../engine/types.ts';
import { ObjectStore, looksBinary, runGit } from './git.ts';

export interface TreeOptions {
  /** Globs (picomatch) of root-relative paths to keep. */
  paths?: string[];
  /** Files larger than this are skipped (default 2 MiB). */
  maxFileBytes?: number;
  signal?: AbortSignal;
}

export async function collectTree(repo: string, ref: string, options: TreeOptions = {}): Promise<{ files: SourceFile[]; skipped: SkippedFile[] }> {
  if (ref.startsWith('-')) throw new Error(`invalid ref "${ref}"`);
  const maxBytes = options.maxFileBytes ?? 2 * 1024 * 1024;
  const wanted = options.paths?.length ? picomatch(options.paths, { dot: true }) : () => true;
  const listing = await runGit(repo, ['ls-tree', '-r', '-z', '--full-tree', '--end-of-options', ref], { signal: options.signal });
  const files: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  const blobs: { sha: string; path: string }[] = [];
  for (const record of listing.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, sha] = record.slice(0, tab).split(' ');
    const path = record.slice(tab + 1);
    if (!wanted(path)) continue;
    if (mode === '120000') skipped.push({ path, reason: 'symlink', detail: 'symbolic links are not followed' });
    else if (type === 'commit') skipped.push({ path, reason: 'unsupported', detail: 'submodule (not fetched)' });
    else if (type === 'blob') blobs.push({ sha, path });
  }
  const store = new ObjectStore(repo, options.signal);
  try {
    for (let from = 0; from < blobs.length; from += 512) {
      const chunk = blobs.slice(from, from + 512);
      const infos = await store.info(chunk.map((b) => b.sha));
      const readable = chunk.filter((b, i) => {
        const size = infos[i]?.size ?? 0;
        if (size > maxBytes) skipped.push({ path: b.path, reason: 'too-large', detail: `${size} bytes` });
        return size <= maxBytes;
      });
      let i = 0;
      for await (const content of store.contents(readable.map((b) => b.sha))) {
        const { path } = readable[i++];
        if (looksBinary(content)) skipped.push({ path, reason: 'binary' });
        else files.push({ path, content: Buffer.from(content) });
      }
    }
  } finally {
    store.close();
  }
  return { files, skipped };
}
