// Which commits a history scan starts from, and which named objects a repository lacks.
import { ByteReader, GitError, runGit, spawnGit } from '../git.ts';
import { revisionLines, revisionOptions } from './log-stream.ts';

/**
 * The commits every ref and HEAD point at (tags peeled by git when walked): what
 * `git log --all` would walk, as a list that can be stored and later excluded.
 * Refs to trees or blobs are left out.
 */
export async function refTips(repo: string, signal?: AbortSignal): Promise<string[]> {
  const [listing, head] = await Promise.all([
    runGit(repo, ['for-each-ref', '--format=%(objectname) %(objecttype) %(*objecttype)'], { signal }),
    runGit(repo, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { signal }).catch(() => ''),
  ]);
  const tips = new Set<string>();
  for (const line of listing.split('\n')) {
    const [sha, type, peeled] = line.split(' ');
    if (type === 'commit' || (type === 'tag' && (peeled === 'commit' || peeled === 'tag'))) tips.add(sha);
  }
  if (head.trim()) tips.add(head.trim());
  return [...tips].sort();
}

/** Those of `ids` the repository does not hold. */
export async function missingObjects(repo: string, ids: string[], signal?: AbortSignal): Promise<string[]> {
  if (ids.length === 0) return [];
  const check = spawnGit(repo, ['cat-file', '--batch-check=%(objectname)'], { signal });
  check.on('error', () => undefined);
  check.stdin.on('error', () => undefined);
  const out = new ByteReader(check.stdout);
  check.stdin.end(ids.join('\n') + '\n');
  const missing: string[] = [];
  for (const id of ids) {
    const answer = await out.readLine();
    if (answer.endsWith(' missing')) missing.push(id);
  }
  return missing;
}

/** `git rev-list --stdin [args]` over `revisions` (`sha`, `^sha`, `--all`): the commits it lists. */
export async function revList(repo: string, revisions: string[], signal?: AbortSignal, args: string[] = []): Promise<string[]> {
  const list = spawnGit(repo, ['rev-list', '--stdin', ...args, ...revisionOptions(revisions)], { signal });
  let stdout = '';
  let stderr = '';
  list.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  list.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  list.on('error', () => undefined);
  list.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => list.on('close', resolve));
  list.stdin.end(revisionLines(revisions));
  const code = await exited;
  if (code !== 0) throw new GitError(`git rev-list failed: ${stderr.trim()}`, ['rev-list'], stderr, code);
  return stdout.split('\n').filter(Boolean);
}
