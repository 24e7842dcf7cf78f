// Secrets across the whole git history. One streaming `git log -p -U0` over every
// ref (oldest first) gives every line any commit added, with the commit that added
// it; only those lines are scanned, so a file that stays the same across a thousand
// commits costs nothing after the commit that wrote it, and the scan runs at the
// speed git produces patches. Merges show nothing there: what their resolutions
// wrote comes from a second, much shorter pass beside it (history/merges.ts).
// Nothing is ever checked out. A file with a finding is read at HEAD (from git
// objects) to tell whether the secret is still there. Memory stays bounded: one
// file's added lines at a time, and git treats blobs over the size limit as binary
// (skipped and counted). With a cache folder, a re-scan reads only the commits
// added since the last one (history/cache.ts).
import { readFile } from 'node:fs/promises';
import type { Finding, SkippedFile } from '../engine/types.ts';
import { scanTextForSecrets, secretLineFilter, type SecretHit } from '../engine/secrets/index.ts';
import { GitError, ObjectStore, looksBinary, runGit } from './git.ts';
import { historyCacheKey, readStoredHistory, reusableCount, writeStoredHistory, type CachedFinding, type StoredHistory } from './history/cache.ts';
import { MergeResolutions, type FoundChange } from './history/merges.ts';
import { PatchParser, type FileChange } from './history/patch.ts';
import { readPass, type Unreadable } from './history/read-pass.ts';
import { refTips } from './history/refs.ts';

export { estimateHistoryScanMs, historySize, type HistorySize } from './history/estimate.ts';

export interface HistoryScanOptions {
  signal?: AbortSignal;
  /** Called once per finding, as soon as it is known (oldest commits first; stored ones first of all). */
  onFinding?: (finding: Finding) => void;
  onProgress?: (progress: { commitsSeen: number; blobsScanned: number }) => void;
  /** Blobs larger than this are skipped and counted (default 5 MiB). */
  maxBlobBytes?: number;
  /**
   * A folder to keep results in between scans of this repository (for example
   * `.scanner/cache`): a re-scan then reads only the commits added since. Null or
   * absent: the whole history is read, and nothing is written.
   */
  cacheDir?: string | null;
}

export interface HistoryScanResult {
  findings: Finding[];
  commitsSeen: number;
  /** Of `commitsSeen`, those whose results came from the cache (not read again). */
  cachedCommits: number;
  /** File changes (one commit's added lines in one file) scanned. */
  blobsScanned: number;
  /** Bytes of added lines scanned. */
  bytesScanned: number;
  /**
   * Changed files not read: too large, binary, or unreadable (a blob the repository
   * lacks, as in a partial mirror); counted, with the paths of the first few too-large
   * and unreadable ones. Everything else is still read.
   */
  blobsSkipped: { tooLarge: number; binary: number; unreadable: number; examples: SkippedFile[] };
  /** True for a shallow clone: history before `shallowBoundary` could not be seen. */
  shallow: boolean;
  /** Commits whose parents are missing (shallow clone): secrets they show may be older. */
  shallowBoundary: string[];
  /** Author date of the oldest commit seen. */
  oldestCommitDate: string | null;
  durationMs: number;
}

const CHUNK = 512;

export async function scanHistory(repo: string, options: HistoryScanOptions = {}): Promise<HistoryScanResult> {
  const started = performance.now();
  const { signal } = options;
  const maxBlobBytes = options.maxBlobBytes ?? 5 * 1024 * 1024;
  const result: HistoryScanResult = {
    findings: [],
    commitsSeen: 0,
    cachedCommits: 0,
    blobsScanned: 0,
    bytesScanned: 0,
    blobsSkipped: { tooLarge: 0, binary: 0, unreadable: 0, examples: [] },
    shallow: false,
    shallowBoundary: [],
    oldestCommitDate: null,
    durationMs: 0,
  };
  // Without a cache, git log starts on --all at once; with one, from the tips a re-scan will stop at.
  const storedTips = options.cacheDir ? refTips(repo, signal) : null;
  storedTips?.catch(() => undefined); // a failure here is the "not a repository" below
  const facts = await runGit(repo, ['rev-parse', '--is-shallow-repository', '--git-path', 'shallow'], { signal }).catch((err: GitError) => {
    throw new GitError(`not a git repository: ${repo} (${err.stderr.trim()})`, err.args, err.stderr, err.code);
  });
  // No HEAD (empty repository) only means nothing is "present at HEAD"; read only if a finding needs it.
  const headListing = runGit(repo, ['ls-tree', '-r', '-z', '--full-tree', 'HEAD'], { signal }).catch(() => null);
  const [isShallow, shallowFile] = facts.trim().split('\n');
  result.shallow = isShallow === 'true';
  if (result.shallow) {
    const listed = await readFile(shallowFile.startsWith('/') ? shallowFile : `${repo}/${shallowFile}`, 'utf8').catch(() => '');
    result.shallowBoundary = listed.split('\n').filter(Boolean);
  }
  const tips = storedTips ? await storedTips : null;
  const cacheKey = historyCacheKey(maxBlobBytes);
  let stored = options.cacheDir ? await readStoredHistory(options.cacheDir, cacheKey) : null;
  const reuse = stored && tips ? await reusableCount(repo, stored, tips, result.shallowBoundary, signal) : null;
  if (!reuse) stored = null;

  // The object reader is started on first use: most histories have no finding and no binary file.
  let objectStore: ObjectStore | null = null;
  const store = () => (objectStore ??= new ObjectStore(repo, signal));
  const reported = new Map<string, Finding>();
  const toStore: CachedFinding[] = [];
  let merges: MergeResolutions | null = null;
  // Ends both git processes when one pass fails.
  const stop = new AbortController();
  try {
    // Whether a secret is still in its file at HEAD: read lazily, only for files with findings.
    let headBlobs: Map<string, string> | null = null;
    const headSecretsByPath = new Map<string, Set<string>>();
    const secretsAtHead = async (path: string): Promise<Set<string>> => {
      let secrets = headSecretsByPath.get(path);
      if (!secrets) {
        secrets = new Set();
        if (!headBlobs) {
          const listing = await headListing;
          headBlobs = listing === null ? new Map() : parseTree(listing);
        }
        const blob = headBlobs.get(path);
        const [info] = blob ? await store().info([blob]) : [null];
        if (blob && info && info.size <= maxBlobBytes) {
          for await (const content of store().contents([blob])) {
            if (looksBinary(content)) continue;
            for (const hit of scanTextForSecrets(path, content.toString('utf8'))) secrets.add(`${hit.finding.ruleId}\0${hit.secretHash}`);
          }
        }
        headSecretsByPath.set(path, secrets);
      }
      return secrets;
    };
    const report = async (finding: Finding, secretHash: string) => {
      const current = { ...finding, presentAtHead: (await secretsAtHead(finding.file)).has(`${finding.ruleId}\0${secretHash}`) };
      reported.set(current.fingerprint, current);
      toStore.push({ finding: current, secretHash });
      result.findings.push(current);
      options.onFinding?.(current);
    };

    if (stored && reuse) {
      // The commits read before: their findings (still at HEAD or not, as of now) and counts.
      for (const { finding, secretHash } of stored.findings) await report(finding, secretHash);
      const counts = stored.counts;
      result.commitsSeen = result.cachedCommits = Math.max(0, counts.commitsSeen - reuse.droppedCommits);
      result.blobsScanned = counts.blobsScanned;
      result.bytesScanned = counts.bytesScanned;
      const skipped = counts.blobsSkipped;
      result.blobsSkipped = { tooLarge: skipped.tooLarge, binary: skipped.binary, unreadable: skipped.unreadable ?? 0, examples: [...skipped.examples] };
      result.oldestCommitDate = counts.oldestCommitDate;
    }

    const record = async (hits: SecretHit[], at: FileChange) => {
      for (const { finding, secretHash } of hits) {
        // The same secret added again later (copied, re-added) is the same finding: the first commit introduced it.
        if (reported.has(finding.fingerprint)) continue;
        const historical: Finding = {
          ...finding,
          line: at.lineNumbers[finding.line - 1],
          endLine: at.lineNumbers[finding.endLine - 1] ?? at.lineNumbers[finding.line - 1],
          commit: at.commit,
          author: at.author,
          date: at.date,
        };
        await report(historical, secretHash);
      }
    };
    const binaries: { blob: string; path: string; commit: string }[] = [];
    const classifyBinaries = async () => {
      if (binaries.length === 0) return;
      const infos = await store().info(binaries.map((b) => b.blob));
      binaries.forEach((b, i) => {
        const size = infos[i]?.size ?? 0;
        if (size > maxBlobBytes) {
          result.blobsSkipped.tooLarge++;
          if (result.blobsSkipped.examples.length < 20) {
            result.blobsSkipped.examples.push({ path: b.path, reason: 'too-large', detail: `${size} bytes, in commit ${b.commit}` });
          }
        } else result.blobsSkipped.binary++;
      });
      binaries.length = 0;
    };

    const unreadable = ({ path, commit, blob }: Unreadable) => {
      result.blobsSkipped.unreadable++;
      if (result.blobsSkipped.examples.length < 20) {
        result.blobsSkipped.examples.push({ path, reason: 'unreadable', detail: `blob ${blob} is missing from the repository, in commit ${commit}` });
      }
    };
    const revisions = tips ? [...tips, ...(stored?.tips ?? []).map((t) => `^${t}`)] : ['--all'];
    // Blobs over the limit are "binary" to git's diff: never loaded, never sent to us.
    const logOptions = {
      signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
      extraConfig: [`core.bigFileThreshold=${maxBlobBytes}`, 'diff.renameLimit=2000'],
      maxBlobBytes,
    };
    if (!tips || tips.length > 0) {
      merges = new MergeResolutions(repo, revisions, logOptions, unreadable);
      const mergePass = merges;
      // Lines are handled synchronously, a chunk of git's output at a time; the rare
      // work that has to wait (a finding's HEAD look-up, sizing binaries, a merge's
      // findings) waits between chunks, in the order the commits came.
      const pending: (FoundChange | { merge: string })[] = [];
      const parser = new PatchParser(secretLineFilter(), {
        commit: ({ commit, parents, date }) => {
          result.commitsSeen++;
          result.oldestCommitDate ??= date;
          if (parents > 1) pending.push({ merge: commit });
          if (result.commitsSeen % 500 === 0) options.onProgress?.({ commitsSeen: result.commitsSeen, blobsScanned: result.blobsScanned });
        },
        change: (change) => {
          result.blobsScanned++;
          if (change.lines.length === 0) return;
          const hits = scanTextForSecrets(change.path, change.lines.join('\n'));
          if (hits.length > 0) pending.push({ hits, change });
        },
        binary: (blob, path, commit) => binaries.push({ blob, path, commit }),
      });
      const settle = async () => {
        for (const item of pending.splice(0)) {
          if ('merge' in item) {
            for (const { hits, change } of await mergePass.ready(item.merge)) await record(hits, change);
          } else await record(item.hits, item.change);
        }
        if (binaries.length >= CHUNK) await classifyBinaries();
      };
      await readPass(
        repo,
        { walk: ['--date-order', '--reverse'], diff: ['-M'], combined: false },
        revisions,
        logOptions,
        parser,
        unreadable,
        () => (pending.length > 0 || binaries.length >= CHUNK ? settle() : null),
      );
      await settle();
      await classifyBinaries();
      await mergePass.done;
      result.blobsScanned += mergePass.changes;
      result.bytesScanned += parser.bytesAdded + mergePass.bytesAdded;
    }
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
  } finally {
    stop.abort();
    merges?.done.catch(() => undefined);
    (objectStore as ObjectStore | null)?.close(); // assigned inside the closures above
  }
  if (options.cacheDir && tips) {
    const counts = { commitsSeen: result.commitsSeen, blobsScanned: result.blobsScanned, bytesScanned: result.bytesScanned, blobsSkipped: result.blobsSkipped, oldestCommitDate: result.oldestCommitDate };
    const next: StoredHistory = { key: cacheKey, tips, shallowBoundary: result.shallowBoundary, findings: toStore, counts };
    // A cache that cannot be written only means the next scan reads everything again.
    await writeStoredHistory(options.cacheDir, next).catch(() => undefined);
  }
  result.durationMs = performance.now() - started;
  return result;
}

/** `git ls-tree -r -z` output → path → blob id of regular files. */
function parseTree(listing: string): Map<string, string> {
  const blobs = new Map<string, string>();
  for (const record of listing.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, blob] = record.slice(0, tab).split(' ');
    if (type === 'blob' && mode.startsWith('100')) blobs.set(record.slice(tab + 1), blob);
  }
  return blobs;
}
