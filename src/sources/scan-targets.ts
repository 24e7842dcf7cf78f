// Glue the `scan` command (and the service) uses to combine the sources:
// telling a URL from a path, keeping diff findings to changed lines, and
// folding history findings into those of the tree.
import type { Finding } from '../engine/types.ts';
import type { HistoryScanResult } from './git-history.ts';

/** `https://…`, `http://…`, `file://…`, `ssh://…` or `git@host:owner/repo`: a repository to fetch, not a local path. */
export function isRepositoryUrl(target: string): boolean {
  return /^(?:https?|file|ssh|git):\/\//i.test(target) || /^[\w.-]+@[\w.-]+:[\w./-]+$/.test(target);
}

export type DiffContext = 'lines' | 'file';

/** Findings of a diff scan: only those on changed lines (`lines`, the default) or anywhere in a changed file (`file`). */
export function limitToDiff(findings: Finding[], changedLines: Map<string, Set<number>>, context: DiffContext = 'lines'): Finding[] {
  return findings.filter((f) => {
    const lines = changedLines.get(f.file);
    if (!lines) return false;
    if (context === 'file') return true;
    for (let n = f.line; n <= Math.max(f.line, f.endLine); n++) if (lines.has(n)) return true;
    return false;
  });
}

/**
 * Tree findings plus history findings, one per fingerprint: a secret still in
 * the tree keeps its tree location and gains the commit that introduced it;
 * secrets only in the history are added as they were found.
 */
export function mergeHistoryFindings(tree: Finding[], history: Finding[]): Finding[] {
  const byFingerprint = new Map(history.map((f) => [f.fingerprint, f]));
  const merged = tree.map((f) => {
    const past = byFingerprint.get(f.fingerprint);
    if (!past) return f;
    byFingerprint.delete(f.fingerprint);
    return { ...f, commit: past.commit, author: past.author, date: past.date, presentAtHead: true };
  });
  return [...merged, ...byFingerprint.values()];
}

/** One line saying how much history was seen (and how far, for a shallow clone). */
export function historySummary(history: HistoryScanResult): string {
  const { tooLarge, binary, unreadable } = history.blobsSkipped;
  let line = `git history: ${history.commitsSeen} commits, ${history.blobsScanned} file versions scanned for secrets`;
  if (tooLarge + binary > 0) line += `, ${tooLarge} too large and ${binary} binary skipped`;
  if (unreadable > 0) line += `; ${unreadable} file versions unreadable (objects missing from the repository) skipped, the rest read`;
  if (history.shallow) {
    line += `; shallow clone: history before ${history.shallowBoundary.map((c) => c.slice(0, 12)).join(', ')} (oldest commit seen ${history.oldestCommitDate ?? 'none'}) was not available, and secrets shown at those commits may be older`;
  }
  return line;
}
