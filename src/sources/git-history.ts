// Secrets across the whole git history. One streaming `git log -p -U0 --all`
// (oldest first; with `--remerge-diff`, merge resolutions too) gives every line
// any commit added, with the commit that added it; only those lines are scanned, so a file that stays the same across
// a thousand commits costs nothing after the commit that wrote it, and the
// scan runs at the speed git produces patches. Nothing is ever checked out.
// A file with a finding is read at HEAD (from git objects) to tell whether the
// secret is still there. Memory stays bounded: one file's added lines at a time,
// and git treats blobs over the size limit as binary (skipped and counted).
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Finding, SkippedFile } from '../engine/types.ts';
import { scanTextForSecrets, secretLineFilter, type SecretHit } from '../engine/secrets/index.ts';
import { GitError, ObjectStore, looksBinary, runGit, spawnGit, unquoteGitPath } from './git.ts';

export interface HistoryScanOptions {
  signal?: AbortSignal;
  /** Called once per finding, as soon as it is known (oldest commits first). */
  onFinding?: (finding: Finding) => void;
  onProgress?: (progress: { commitsSeen: number; blobsScanned: number }) => void;
  /** Blobs larger than this are skipped and counted (default 5 MiB). */
  maxBlobBytes?: number;
}

export interface HistoryScanResult {
  findings: Finding[];
  commitsSeen: number;
  /** File changes (one commit's added lines in one file) scanned. */
  blobsScanned: number;
  /** Bytes of added lines scanned. */
  bytesScanned: number;
  /** Changed files not read: too large or binary (counted; paths of the first few too-large ones). */
  blobsSkipped: { tooLarge: number; binary: number; examples: SkippedFile[] };
  /** True for a shallow clone: history before `shallowBoundary` could not be seen. */
  shallow: boolean;
  /** Commits whose parents are missing (shallow clone): secrets they show may be older. */
  shallowBoundary: string[];
  /** Author date of the oldest commit seen. */
  oldestCommitDate: string | null;
  durationMs: number;
}

const ZERO_SHA = /^0+$/;
const CHUNK = 512;

/** The lines one commit added to one file. */
interface FileChange {
  path: string;
  commit: string;
  author: string;
  date: string;
  /** Lines the commit added to the file. */
  added: number;
  /** Those of them that may hold a secret. */
  lines: string[];
  /** 1-based line number in the commit's version of the file, per entry of `lines`. */
  lineNumbers: number[];
}

let remergeDiff: Promise<boolean> | undefined;

/**
 * Whether this git has `--remerge-diff` (2.36+): a merge commit's patch is then what its
 * resolution changed against git's own merge of the parents — a secret typed while
 * resolving a conflict, which a plain `git log -p` never shows. Asked once per process.
 */
function gitShowsMergeResolutions(): Promise<boolean> {
  remergeDiff ??= runGit(tmpdir(), ['version'])
    .then((out) => {
      const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(out) ?? []).slice(1).map(Number);
      return major > 2 || (major === 2 && minor >= 36);
    })
    .catch(() => false);
  return remergeDiff;
}

export async function scanHistory(repo: string, options: HistoryScanOptions = {}): Promise<HistoryScanResult> {
  const started = performance.now();
  const maxBlobBytes = options.maxBlobBytes ?? 5 * 1024 * 1024;
  const result: HistoryScanResult = {
    findings: [],
    commitsSeen: 0,
    blobsScanned: 0,
    bytesScanned: 0,
    blobsSkipped: { tooLarge: 0, binary: 0, examples: [] },
    shallow: false,
    shallowBoundary: [],
    oldestCommitDate: null,
    durationMs: 0,
  };
  // git starts producing patches at once; the other questions are asked meanwhile.
  const merges = (await gitShowsMergeResolutions()) ? ['--remerge-diff'] : [];
  const log = spawnGit(
    repo,
    ['log', '--all', '--date-order', '--reverse', '--root', '-p', ...merges, '-U0', '-M', '--full-index', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/', '--format=%x01%H%x09%an <%ae>%x09%aI'],
    // Blobs over the limit are "binary" to git's diff: never loaded, never sent to us.
    { signal: options.signal, extraConfig: [`core.bigFileThreshold=${maxBlobBytes}`, 'diff.renameLimit=2000'] },
  );
  let logError = '';
  log.stderr.on('data', (d: Buffer) => (logError = (logError + d.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve) => log.on('close', resolve));
  log.on('error', () => undefined);
  // Read from the start: a child whose output nobody listens to when it exits has that output discarded.
  const patch = log.stdout.pipe(new PassThrough({ highWaterMark: 1 << 20 }));
  // No HEAD (empty repository) only means nothing is "present at HEAD"; read only if a finding needs it.
  const headListing = runGit(repo, ['ls-tree', '-r', '-z', '--full-tree', 'HEAD'], { signal: options.signal }).catch(() => null);
  const facts = await runGit(repo, ['rev-parse', '--is-shallow-repository', '--git-path', 'shallow'], { signal: options.signal }).catch((err: GitError) => {
    log.kill();
    throw new GitError(`not a git repository: ${repo} (${err.stderr.trim()})`, err.args, err.stderr, err.code);
  });
  const [isShallow, shallowFile] = facts.trim().split('\n');
  result.shallow = isShallow === 'true';
  if (result.shallow) {
    const listed = await readFile(shallowFile.startsWith('/') ? shallowFile : `${repo}/${shallowFile}`, 'utf8').catch(() => '');
    result.shallowBoundary = listed.split('\n').filter(Boolean);
  }

  // The object reader is started on first use: most histories have no finding and no binary file.
  let objectStore: ObjectStore | null = null;
  const store = () => (objectStore ??= new ObjectStore(repo, options.signal));
  const reported = new Map<string, Finding>();
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
          presentAtHead: (await secretsAtHead(finding.file)).has(`${finding.ruleId}\0${secretHash}`),
        };
        reported.set(finding.fingerprint, historical);
        result.findings.push(historical);
        options.onFinding?.(historical);
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


    let commit = '';
    let author = '';
    let date = '';
    let newBlob = '';
    let current: FileChange | null = null;
    let nextLine = 0;
    // Inside a hunk every line starts with + - space or \: a "+++ " there is content, not a header.
    let inHunk = false;
    const filter = secretLineFilter();
    let keepFollowing = 0;
    // Lines are handled synchronously, a chunk of git's output at a time; the
    // rare work that has to wait (a finding's HEAD look-up, sizing binaries) waits between chunks.
    const found: { hits: SecretHit[]; change: FileChange }[] = [];
    const flush = () => {
      const change = current;
      current = null;
      if (change && change.added > 0) result.blobsScanned++;
      if (change && change.lines.length > 0) {
        const hits = scanTextForSecrets(change.path, change.lines.join('\n'));
        if (hits.length > 0) found.push({ hits, change });
      }
    };
    const handle = (line: string) => {
      const first = line.charCodeAt(0);
      if (first === 43 /* + */) {
        if (inHunk) {
          // Only lines that can hold a secret (and the lines of a key block) go to the scanner.
          if (!current) return;
          current.added++;
          result.bytesScanned += line.length;
          if (keepFollowing > 0 || filter.mayHoldSecret(line)) {
            keepFollowing = filter.opensBlock(line) ? filter.blockLines : Math.max(0, keepFollowing - 1);
            current.lines.push(line.slice(1));
            current.lineNumbers.push(nextLine);
          }
          nextLine++;
          return;
        }
        flush();
        const target = line.slice(4);
        if (target !== '/dev/null') {
          current = { path: unquoteGitPath(target).slice(2), commit, author, date, added: 0, lines: [], lineNumbers: [] };
        }
      } else if (first === 64 /* @ */) {
        const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)/.exec(line);
        if (hunk) {
          nextLine = Number(hunk[1]);
          inHunk = true;
          keepFollowing = 0;
        }
      } else if (first === 1) {
        flush();
        inHunk = false;
        [commit, author, date] = line.slice(1).split('\t');
        result.commitsSeen++;
        result.oldestCommitDate ??= date;
        if (result.commitsSeen % 500 === 0) options.onProgress?.({ commitsSeen: result.commitsSeen, blobsScanned: result.blobsScanned });
      } else if (first === 100 /* d */ && line.startsWith('diff --git ')) {
        flush();
        inHunk = false;
        newBlob = '';
      } else if (first === 105 /* i */ && line.startsWith('index ')) {
        newBlob = /\.\.([0-9a-f]+)/.exec(line)?.[1] ?? '';
      } else if (first === 66 /* B */ && line.startsWith('Binary files ')) {
        const path = / and (?:"?b\/)(.*?)"? differ$/.exec(line)?.[1];
        if (path && newBlob && !ZERO_SHA.test(newBlob)) binaries.push({ blob: newBlob, path, commit });
      }
    };
    const settle = async () => {
      for (const { hits, change } of found.splice(0)) await record(hits, change);
      if (binaries.length >= CHUNK) await classifyBinaries();
    };
    await forEachLine(patch, handle, () => (found.length > 0 || binaries.length >= CHUNK ? settle() : null));
    flush();
    await settle();
    await classifyBinaries();
    const code = await exited;
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    if (code !== 0) throw new GitError(`git log failed: ${logError.trim()}`, ['log'], logError, code);
  } finally {
    (objectStore as ObjectStore | null)?.close(); // assigned inside the closures above
  }
  result.durationMs = performance.now() - started;
  return result;
}

/**
 * Calls `onLine` for every line of a stream, synchronously within each chunk;
 * after a chunk, `afterChunk` may return a promise, and the stream waits for it.
 */
function forEachLine(stream: Readable, onLine: (line: string) => void, afterChunk: () => Promise<void> | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    // The last chunk's wait can still be running when the stream ends.
    let waiting: Promise<void> | null = null;
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
      waiting = afterChunk();
      if (waiting) {
        stream.pause();
        waiting.then(() => stream.resume(), reject);
      }
    });
    stream.once('end', () => {
      rest += decoder.end();
      if (rest) onLine(rest);
      (waiting ?? Promise.resolve()).then(() => resolve(), reject);
    });
    stream.once('error', reject);
  });
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
