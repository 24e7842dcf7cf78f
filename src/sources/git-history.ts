// Secrets across the whole git history. One streaming `git log --raw` over all
// refs (oldest first) names every blob with the commit that first brought it;
// each blob is read once through `git cat-file --batch`, however many commits
// share it, and never by checking anything out. Memory stays bounded: the only
// thing that grows with history is the set of blob ids already seen.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Finding, SkippedFile } from '../engine/types.ts';
import { scanTextForSecrets, type SecretHit } from '../engine/secrets/index.ts';
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
  blobsScanned: number;
  bytesScanned: number;
  /** Blobs not read: too large or binary (counted; paths of the first few). */
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

interface PendingBlob {
  blob: string;
  path: string;
  commit: string;
  author: string;
  date: string;
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
  await runGit(repo, ['rev-parse', '--git-dir'], { signal: options.signal }).catch((err: GitError) => {
    throw new GitError(`not a git repository: ${repo} (${err.stderr.trim()})`, err.args, err.stderr, err.code);
  });
  result.shallow = (await runGit(repo, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  if (result.shallow) {
    const shallowFile = (await runGit(repo, ['rev-parse', '--git-path', 'shallow'])).trim();
    const listed = await readFile(shallowFile.startsWith('/') ? shallowFile : `${repo}/${shallowFile}`, 'utf8').catch(() => '');
    result.shallowBoundary = listed.split('\n').filter(Boolean);
  }
  const refs = (await runGit(repo, ['for-each-ref', '--format=%(objectname)'])).trim();
  const hasHead = await runGit(repo, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).then(() => true, () => false);
  if (!refs && !hasHead) {
    result.durationMs = performance.now() - started;
    return result; // an empty repository
  }

  const store = new ObjectStore(repo, options.signal);
  const seenBlobs = new Set<string>();
  const reported = new Map<string, Finding>();
  try {
    // What HEAD holds, so each finding can say whether the secret is still there.
    const head = hasHead ? await scanHead(repo, store, maxBlobBytes) : { secrets: new Set<string>(), cache: new Map<string, SecretHit[]>() };

    const scanChunk = async (chunk: PendingBlob[]) => {
      const infos = await store.info(chunk.map((c) => c.blob));
      const readable: PendingBlob[] = [];
      chunk.forEach((c, i) => {
        const info = infos[i];
        if (!info || info.type !== 'blob') return;
        if (info.size > maxBlobBytes) {
          result.blobsSkipped.tooLarge++;
          if (result.blobsSkipped.examples.length < 20) {
            result.blobsSkipped.examples.push({ path: c.path, reason: 'too-large', detail: `${info.size} bytes in commit ${c.commit}` });
          }
          return;
        }
        const cached = head.cache.get(`${c.blob}\0${c.path}`);
        if (cached) {
          result.blobsScanned++;
          record(cached, c);
          return;
        }
        readable.push(c);
      });
      let i = 0;
      for await (const content of store.contents(readable.map((c) => c.blob))) {
        const c = readable[i++];
        if (looksBinary(content)) {
          result.blobsSkipped.binary++;
          continue;
        }
        result.blobsScanned++;
        result.bytesScanned += content.length;
        record(scanTextForSecrets(c.path, content.toString('utf8')), c);
      }
      options.onProgress?.({ commitsSeen: result.commitsSeen, blobsScanned: result.blobsScanned });
    };

    const record = (hits: SecretHit[], at: PendingBlob) => {
      for (const { finding, secretHash } of hits) {
        // The same secret in a later version of the file is the same finding: the first commit introduced it.
        if (reported.has(finding.fingerprint)) continue;
        const historical: Finding = {
          ...finding,
          commit: at.commit,
          author: at.author,
          date: at.date,
          presentAtHead: head.secrets.has(`${finding.ruleId}\0${secretHash}`),
        };
        reported.set(finding.fingerprint, historical);
        result.findings.push(historical);
        options.onFinding?.(historical);
      }
    };

    const log = spawnGit(
      repo,
      ['log', '--all', '--date-order', '--reverse', '--root', '-m', '--raw', '--no-renames', '--no-abbrev', '--diff-filter=AMT', '--format=%x01%H%x09%an <%ae>%x09%aI'],
      { signal: options.signal },
    );
    let logError = '';
    log.stderr.on('data', (d: Buffer) => (logError = (logError + d.toString()).slice(-2000)));
    const exited = new Promise<number | null>((resolve) => log.on('close', resolve));
    log.on('error', () => undefined);

    let commit = '';
    let author = '';
    let date = '';
    let pending: PendingBlob[] = [];
    for await (const line of createInterface({ input: log.stdout, crlfDelay: Infinity })) {
      if (line.charCodeAt(0) === 1) {
        [commit, author, date] = line.slice(1).split('\t');
        result.commitsSeen++;
        result.oldestCommitDate ??= date;
        continue;
      }
      if (line.charCodeAt(0) !== 58 /* ':' */) continue;
      const tab = line.indexOf('\t');
      const fields = line.slice(1, tab).split(' ');
      const mode = fields[1];
      const blob = fields[3];
      if (!blob || ZERO_SHA.test(blob) || !mode.startsWith('100')) continue; // deletions, symlinks, submodules
      const key = Buffer.from(blob, 'hex').toString('latin1');
      if (seenBlobs.has(key)) continue;
      seenBlobs.add(key);
      pending.push({ blob, path: unquoteGitPath(line.slice(tab + 1)), commit, author, date });
      if (pending.length >= CHUNK) {
        await scanChunk(pending);
        pending = [];
      }
    }
    await scanChunk(pending);
    const code = await exited;
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    if (code !== 0) throw new GitError(`git log failed: ${logError.trim()}`, ['log'], logError, code);
  } finally {
    store.close();
  }
  result.durationMs = performance.now() - started;
  return result;
}

/** Scans the files at HEAD: which secrets are still present, and the hits per blob for reuse. */
async function scanHead(repo: string, store: ObjectStore, maxBlobBytes: number) {
  const listing = await runGit(repo, ['ls-tree', '-r', '-z', '--full-tree', 'HEAD']);
  const entries: { blob: string; path: string }[] = [];
  for (const record of listing.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, blob] = record.slice(0, tab).split(' ');
    if (type === 'blob' && mode.startsWith('100')) entries.push({ blob, path: record.slice(tab + 1) });
  }
  const secrets = new Set<string>();
  const cache = new Map<string, SecretHit[]>();
  for (let from = 0; from < entries.length; from += CHUNK) {
    const chunk = entries.slice(from, from + CHUNK);
    const infos = await store.info(chunk.map((e) => e.blob));
    const readable = chunk.filter((_, i) => infos[i] && infos[i]!.size <= maxBlobBytes);
    let i = 0;
    for await (const content of store.contents(readable.map((e) => e.blob))) {
      const entry = readable[i++];
      const hits = looksBinary(content) ? [] : scanTextForSecrets(entry.path, content.toString('utf8'));
      if (looksBinary(content)) continue;
      cache.set(`${entry.blob}\0${entry.path}`, hits);
      for (const hit of hits) secrets.add(`${hit.finding.ruleId}\0${hit.secretHash}`);
    }
  }
  return { secrets, cache };
}
