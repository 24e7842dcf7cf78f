// How long a scan will take and when to ask again.
//
// Polling (spec section 8): first poll after 5 s, then 5–30 s with exponential
// backoff, never continuous polling.
//
// Estimates come from throughput measured on this machine: each finished scan
// records its size and duration (files and bytes for the working tree, commits
// and packed bytes for the history) in the user's cache folder, and the next
// estimate scales a fixed model by how far off that model was for the recent
// scans. The history part is the history reader's own estimate
// (`estimateHistoryScanMs` in src/sources/history/estimate.ts), fed with the
// history timings recorded here, so a change to how history is read refines it
// there.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HistorySize, HistoryTiming } from '../sources/history/estimate.ts';
import { debug } from './log.ts';

export const FIRST_POLL_MS = 5_000;
export const MAX_POLL_MS = 30_000;

/**
 * `notReadyAnswers` = how many times status already said "not ready" for this scan;
 * `remainingEtaMs` = what the estimate says is left. Sooner than the backoff only
 * while the estimate says the scan is about to finish; a scan past its estimate
 * gets the plain backoff (the estimate was wrong, so it tells nothing).
 */
export function pollAfterMs(notReadyAnswers: number, remainingEtaMs?: number): number {
  const backoff = Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.max(0, notReadyAnswers));
  if (remainingEtaMs === undefined || remainingEtaMs <= 0 || remainingEtaMs >= backoff) return backoff;
  return Math.max(FIRST_POLL_MS, Math.round(remainingEtaMs));
}

/** The working tree a scan reads: files and bytes, and how many came from the result cache. */
export interface TreeSize {
  files: number;
  bytes: number;
}

export interface TreeTiming {
  size: TreeSize;
  /** Files answered from the result cache: such a scan says little about throughput. */
  cachedFiles: number;
  durationMs: number;
}

/** What this machine measured: the latest scans of each kind, and per repository its latest full scan. */
export interface Timings {
  tree: TreeTiming[];
  history: HistoryTiming[];
  /** Per repository, its latest full scan's tree: whether a re-scan has a result cache to answer from. */
  repos: Record<string, { files: number; treeMs: number; cachedFiles?: number; at: string }>;
}

// The model before any scan was measured here: start-up (rules, grammars, worker
// threads), then per file and per byte. Measured on a 2-core machine under load
// (docs/benchmarks.md, "MCP at scale"); calibration corrects it for this one.
const TREE_STARTUP_MS = 500;
const TREE_MS_PER_FILE = 1;
const TREE_BYTES_PER_MS = 1_000;
/** A file answered from the result cache: listed, stat'ed, looked up. */
const CACHED_MS_PER_FILE = 1;
/** Scans smaller than this are mostly start-up: they say nothing about throughput. */
const MIN_CALIBRATION_BYTES = 1_000_000;
/** Throughput figures kept per kind: recent enough to follow the machine's load. */
const KEPT = 20;

function treeModelMs(size: TreeSize, cached = false): number {
  return TREE_STARTUP_MS + (cached ? size.files * CACHED_MS_PER_FILE : size.files * TREE_MS_PER_FILE + size.bytes / TREE_BYTES_PER_MS);
}

/**
 * The median of how far off the model was for earlier scans, within 0.1–10×: a machine
 * shared with other work runs several times slower than a quiet one, and the median
 * already keeps one odd scan from counting.
 */
function calibration(ratios: number[]): number {
  if (ratios.length === 0) return 1;
  const sorted = [...ratios].sort((a, b) => a - b);
  return Math.min(10, Math.max(0.1, sorted[Math.floor(sorted.length / 2)]));
}

/**
 * `cached`: the tree was scanned before, so its result cache answers the files that did not
 * change; calibrated by earlier scans of the same kind (mostly cached, or not).
 */
export function estimateTreeMs(size: TreeSize, earlier: TreeTiming[] = [], cached = false): number {
  const ratios = earlier
    .filter((t) => t.durationMs > 0 && t.size.files > 0 && t.size.bytes >= MIN_CALIBRATION_BYTES && t.cachedFiles >= t.size.files / 2 === cached)
    .map((t) => t.durationMs / treeModelMs(t.size, cached));
  return Math.round(treeModelMs(size, cached) * calibration(ratios));
}

/**
 * A full scan reads the tree and the history at the same time. Times measured here were
 * measured that way, so with them the scan takes as long as the longer part; the
 * uncalibrated model times each part alone, and two parts sharing a machine take about
 * their sum. A repository scanned before (by this machine's record) answers most of its
 * tree from the result cache.
 */
export function estimateFullScanMs(
  repo: string,
  tree: TreeSize,
  historyMs: number,
  timings: Timings,
): { etaMs: number; treeMs: number; historyMs: number } {
  const treeMs = estimateTreeMs(tree, timings.tree, repo in timings.repos);
  const measured = timings.history.length > 0 && timings.tree.some((t) => t.size.bytes >= MIN_CALIBRATION_BYTES);
  return { etaMs: measured ? Math.max(treeMs, historyMs) : treeMs + historyMs, treeMs, historyMs };
}

/** The diff scan: the changed files, through the same calibrated model. */
export function estimateDiffMs(tree: TreeSize, timings: Timings): number {
  return estimateTreeMs(tree, timings.tree);
}

/** `$XDG_CACHE_HOME/scanner/timings.json` (default `~/.cache/`): per machine and user, never in a repository. */
export function timingsFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME?.trim() || path.join(os.homedir(), '.cache');
  return path.join(base, 'scanner', 'timings.json');
}

export async function readTimings(file = timingsFile()): Promise<Timings> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as Partial<Timings>;
    return { tree: Array.isArray(data.tree) ? data.tree : [], history: Array.isArray(data.history) ? data.history : [], repos: data.repos ?? {} };
  } catch (error) {
    // Estimates fall back to the uncalibrated model; a corrupt or unreadable file says why.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') debug(`could not read scan timings ${file}`, error);
    return { tree: [], history: [], repos: {} };
  }
}

/** Adds a finished full or diff scan's figures; a failure to write only costs calibration. */
export async function recordTimings(
  entry: { repo?: string; tree?: TreeTiming; history?: { size: HistorySize; durationMs: number } },
  file = timingsFile(),
): Promise<void> {
  try {
    const timings = await readTimings(file);
    if (entry.tree) timings.tree = [...timings.tree, entry.tree].slice(-KEPT);
    if (entry.history) timings.history = [...timings.history, entry.history].slice(-KEPT);
    if (entry.repo && entry.tree) {
      timings.repos[entry.repo] = { files: entry.tree.size.files, treeMs: entry.tree.durationMs, cachedFiles: entry.tree.cachedFiles, at: new Date().toISOString() };
      const names = Object.keys(timings.repos);
      // The oldest repositories go first once many were scanned.
      if (names.length > 200) {
        for (const name of names.sort((a, b) => timings.repos[a].at.localeCompare(timings.repos[b].at)).slice(0, names.length - 200)) delete timings.repos[name];
      }
    }
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(timings));
    await rename(tmp, file);
  } catch (error) {
    debug('could not record scan timings', error);
  }
}
