// How long a history scan will take, for the time an agent is told to wait.
// git produces the patches, so the time follows what `git log -p` has to read:
// the commits and the packed objects. The figures are measured on real histories
// (docs/benchmarks.md, `bench/history-real.ts`); a caller that timed earlier scans
// on this machine passes them, and the estimate is scaled to match.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from '../git.ts';
import { readStoredHistory, historyCacheKey } from './cache.ts';
import { refTips, revList } from './refs.ts';

export interface HistorySize {
  /** Commits on every ref. */
  commits: number;
  /** Of them, those a scan with the cache would read (not read before); `commits` without one. */
  newCommits: number;
  /** Bytes of packed and loose objects. */
  packBytes: number;
}

/** A finished scan, to calibrate the next estimates: its size and how long it took. */
export interface HistoryTiming {
  size: HistorySize;
  durationMs: number;
}

// Fitted with bench/history-real.ts on webpack, prometheus and jellyfin (20k–31k
// commits, 150–500 MB packed; docs/benchmarks.md) on a 2-core machine: a fixed cost
// per scan, per commit read and per byte of packed history. Within 2× of each.
const FIXED_MS = 300;
const MS_PER_COMMIT = 0.75;
const PACK_BYTES_PER_MS = 40_000;

function modelMs(size: HistorySize): number {
  const share = size.commits > 0 ? size.newCommits / size.commits : 0;
  return FIXED_MS + share * (size.commits * MS_PER_COMMIT + size.packBytes / PACK_BYTES_PER_MS);
}

/**
 * Estimated milliseconds for `scanHistory` on a history of this size. With timings
 * of earlier scans on this machine, the model is scaled by how far off it was for
 * them (the median ratio, within 0.25–4×).
 */
export function estimateHistoryScanMs(size: HistorySize, earlier: HistoryTiming[] = []): number {
  const ratios = earlier
    .filter((t) => t.durationMs > 0 && t.size.newCommits > 0)
    .map((t) => t.durationMs / modelMs(t.size))
    .sort((a, b) => a - b);
  const factor = ratios.length > 0 ? Math.min(4, Math.max(0.25, ratios[Math.floor(ratios.length / 2)])) : 1;
  return Math.round(modelMs(size) * factor);
}

/**
 * The size of a repository's history, in well under a second: commits on every ref
 * (and, with the scan's cache folder, how many of them a scan would read) and
 * the bytes of its objects.
 */
export async function historySize(repo: string, options: { cacheDir?: string | null; maxBlobBytes?: number; signal?: AbortSignal } = {}): Promise<HistorySize> {
  const { signal } = options;
  const [tips, objects] = await Promise.all([refTips(repo, signal), runGit(repo, ['count-objects', '-v'], { signal })]);
  let packBytes = 0;
  for (const line of objects.split('\n')) {
    const [key, value] = line.split(': ');
    if (key === 'size' || key === 'size-pack') packBytes += Number(value) * 1024;
    // A clone made with --shared or --reference reads its history from there.
    if (key === 'alternate') packBytes += await packedBytes(value.replace(/^"|"$/g, ''));
  }
  const count = async (revisions: string[]) => (revisions.length > 0 ? Number((await revList(repo, revisions, signal, ['--count']))[0] ?? 0) : 0);
  const commits = await count(tips);
  const stored = options.cacheDir ? await readStoredHistory(options.cacheDir, historyCacheKey(options.maxBlobBytes ?? 5 * 1024 * 1024)) : null;
  const newCommits = stored ? await count([...tips, ...stored.tips.map((t) => `^${t}`)]).catch(() => commits) : commits;
  return { commits, newCommits, packBytes };
}

/** Bytes of the pack files of an object folder. */
async function packedBytes(objectsDir: string): Promise<number> {
  const packs = path.join(objectsDir, 'pack');
  const names = await readdir(packs).catch(() => [] as string[]);
  const sizes = await Promise.all(names.filter((n) => n.endsWith('.pack')).map((n) => stat(path.join(packs, n)).then((s) => s.size, () => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}
