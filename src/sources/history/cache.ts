// History results kept between scans, so that a re-scan reads only the commits
// added since. A scan stores the commits its refs pointed at (every commit it read
// is one of them or their ancestor) with the findings and counts; the next scan
// walks from the refs of now, stopping at those commits. Findings are stored with
// the hash of their secret (never the secret), so whether each is still at HEAD
// is worked out again. The stored result is not used, and the history read whole,
// when the rules or the reader changed, the repository's shallow boundary moved,
// a stored commit is gone, or a commit a stored finding came from is no longer on
// any ref (a branch deleted or rewritten): its secret may have a new first commit.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Finding, SkippedFile } from '../../engine/types.ts';
import { secretRulesVersion } from '../../engine/secrets/index.ts';
import { missingObjects, revList } from './refs.ts';

/** Bump when what the history reader reports changes for the same history and rules. */
const READER_VERSION = 'merges-cc-1';

export interface CachedFinding {
  finding: Finding;
  secretHash: string;
}

export interface HistoryCounts {
  commitsSeen: number;
  blobsScanned: number;
  bytesScanned: number;
  blobsSkipped: { tooLarge: number; binary: number; unreadable?: number; examples: SkippedFile[] };
  oldestCommitDate: string | null;
}

export interface StoredHistory {
  key: string;
  /** The commits the scan's refs pointed at. */
  tips: string[];
  shallowBoundary: string[];
  findings: CachedFinding[];
  counts: HistoryCounts;
}

export function historyCacheKey(maxBlobBytes: number): string {
  return `${READER_VERSION}/${secretRulesVersion()}/${maxBlobBytes}`;
}

function cacheFile(cacheDir: string): string {
  return path.join(cacheDir, 'history', 'history.json');
}

export async function readStoredHistory(cacheDir: string, key: string): Promise<StoredHistory | null> {
  try {
    const stored = JSON.parse(await readFile(cacheFile(cacheDir), 'utf8')) as StoredHistory;
    return stored.key === key && Array.isArray(stored.tips) && Array.isArray(stored.findings) ? stored : null;
  } catch {
    return null; // none yet, or unreadable: the history is read whole
  }
}

export async function writeStoredHistory(cacheDir: string, stored: StoredHistory): Promise<void> {
  const file = cacheFile(cacheDir);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temporary, JSON.stringify(stored));
    await rename(temporary, file); // whole or not at all, also with two scans at once
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Whether a stored result still describes this repository's history up to its
 * stored tips, and how many of the commits it counted are no longer on any ref;
 * null when the history must be read whole.
 */
export async function reusableCount(repo: string, stored: StoredHistory, tips: string[], shallowBoundary: string[], signal?: AbortSignal): Promise<{ droppedCommits: number } | null> {
  if ([...stored.shallowBoundary].sort().join() !== [...shallowBoundary].sort().join()) return null;
  if ((await missingObjects(repo, stored.tips, signal)).length > 0) return null;
  if (stored.tips.length === 0) return { droppedCommits: 0 };
  // Commits reachable from the stored tips but from no ref of now.
  const droppedCommits = new Set(await revList(repo, [...stored.tips, ...tips.map((t) => `^${t}`)], signal));
  if (stored.findings.some((f) => f.finding.commit && droppedCommits.has(f.finding.commit))) return null;
  return { droppedCommits: droppedCommits.size };
}
