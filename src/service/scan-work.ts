// The work of one scan, run in a worker thread (scan-thread.ts) so that the
// engine never blocks the API's event loop: fetch the code, scan the files,
// and for a GitHub scan the history, reporting progress and findings as it goes.
import type { Finding, ScanSummary, SourceFile } from '../engine/index.ts';
import { scanSourceFiles } from '../engine/index.ts';
import { cloneRepository, hostCloneOptions, type CloneHost } from '../sources/clone.ts';
import { scanHistory } from '../sources/git-history.ts';
import { collectTree } from '../sources/git-tree.ts';
import picomatch from 'picomatch';

export type ScanTask =
  | { kind: 'commit'; files: { path: string; content: string }[]; engineJobs?: number }
  | {
      kind: 'github';
      repository: string;
      cloneUrl: string;
      ref?: string;
      history: boolean;
      paths: string[];
      timeoutMs: number;
      maxBytes: number;
      /** The configured host the repository is on: its base URL, http allowance, token or deploy key. */
      host: CloneHost;
      engineJobs?: number;
      /** Parent folder of the temporary clone; default the OS temp dir. */
      cloneDir?: string;
    };

export interface ScanCallbacks {
  progress(percent: number, message: string, force?: boolean): void;
  finding(finding: Finding): void;
  /** A directory to remove if the scan is stopped before it cleans up itself. */
  scratch(dir: string): void;
  /** Something an operator should hear about that does not fail the scan (a clone folder left behind). */
  warn?(message: string, error: unknown): void;
  /** A process group (a git fetch) to kill if the scan is stopped; `running` false once it ended. */
  processGroup?(pgid: number, running: boolean): void;
  signal?: AbortSignal;
}

export async function performScan(task: ScanTask, cb: ScanCallbacks): Promise<{ summary: Record<string, unknown> }> {
  if (task.kind === 'commit') {
    const files: SourceFile[] = task.files.map((f) => ({ path: f.path, content: Buffer.from(f.content, 'utf8') }));
    cb.progress(1, `Scanning ${files.length} files`, true);
    const result = await scanSourceFiles(files, {
      jobs: task.engineJobs,
      cacheDir: null,
      signal: cb.signal,
      onFinding: cb.finding,
      onProgress: ({ filesDone, filesTotal }) =>
        cb.progress(filesTotal ? (filesDone / filesTotal) * 99 : 99, `Scanned ${filesDone} of ${filesTotal} files`),
    });
    for (const finding of result.findings) cb.finding(finding);
    return { summary: summarise(result.summary, null) };
  }

  cb.progress(1, `Cloning ${task.repository}`, true);
  const clone = await cloneRepository(task.cloneUrl, {
    ref: task.ref,
    history: task.history,
    timeoutMs: task.timeoutMs,
    maxBytes: task.maxBytes,
    // Plain http and ssh only ever reach the host, and only when its configuration allows them.
    ...hostCloneOptions(task.host),
    allowFileProtocol: false,
    tempDir: task.cloneDir,
    signal: cb.signal,
    onFolder: cb.scratch,
    onProcessGroup: cb.processGroup,
  });
  try {
    cb.progress(10, `Cloned ${task.repository} at ${clone.commit.slice(0, 12)}`, true);
    const collected = await collectTree(clone.dir, clone.commit, {
      paths: task.paths.length > 0 ? task.paths : undefined,
      signal: cb.signal,
    });
    const treeShare = task.history ? 60 : 89;
    const treeFingerprints = new Set<string>();
    const onTreeFinding = (finding: Finding) => {
      treeFingerprints.add(finding.fingerprint);
      cb.finding(finding);
    };
    const result = await scanSourceFiles(collected.files, {
      jobs: task.engineJobs,
      cacheDir: null,
      skipped: collected.skipped,
      signal: cb.signal,
      onFinding: onTreeFinding,
      onProgress: ({ filesDone, filesTotal }) =>
        cb.progress(10 + (filesTotal ? (filesDone / filesTotal) * treeShare : treeShare), `Scanned ${filesDone} of ${filesTotal} files`),
    });
    for (const finding of result.findings) onTreeFinding(finding);
    let history: Record<string, unknown> | null = null;
    if (task.history) {
      cb.progress(10 + treeShare, 'Scanning git history for secrets', true);
      // A secret still in the tree was reported already; history adds the ones that were
      // removed, in files within `paths` as the tree's are.
      const inPaths = task.paths.length > 0 ? picomatch(task.paths, { dot: true }) : () => true;
      const onHistoryFinding = (finding: Finding) => {
        if (!treeFingerprints.has(finding.fingerprint) && inPaths(finding.file)) cb.finding(finding);
      };
      const found = await scanHistory(clone.dir, {
        signal: cb.signal,
        onFinding: onHistoryFinding,
        onProgress: ({ commitsSeen }) =>
          cb.progress(10 + treeShare + Math.min(29, commitsSeen / 100), `Scanned ${commitsSeen} commits for secrets`),
      });
      for (const finding of found.findings) onHistoryFinding(finding);
      history = { commitsSeen: found.commitsSeen, blobsScanned: found.blobsScanned, shallow: found.shallow };
    }
    // The ref asked for (none: the default branch), never the "HEAD" fetched in its place.
    return { summary: { ...summarise(result.summary, history), commit: clone.commit, ref: task.ref ?? null } };
  } finally {
    await clone.cleanup();
  }
}

function summarise(summary: ScanSummary, history: Record<string, unknown> | null): Record<string, unknown> {
  return {
    filesScanned: summary.filesScanned,
    linesScanned: summary.linesScanned,
    languages: summary.languages,
    filesSkipped: summary.skipped.length,
    warnings: summary.warnings.length,
    findingsBySeverity: summary.findingsBySeverity,
    suppressed: summary.suppressed,
    testFindingsHidden: summary.testFindingsHidden,
    durationMs: summary.durationMs,
    rulesVersion: summary.rulesVersion,
    history,
  };
}
