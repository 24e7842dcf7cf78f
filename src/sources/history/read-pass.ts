// One pass of `git log -p` over the history that survives missing objects. A
// partial mirror or a damaged clone lacks a few blobs, and git log stops at the
// first one it needs. Then the commit it stopped in is read file by file — the
// files whose blobs are all there through git as usual, a file whose older
// version is missing as if wholly added, a file whose new version is missing
// skipped and counted — and git log goes on from the next commit, in the same order.
import { ObjectStore, GitError, looksBinary, runGit, unquoteGitPath } from '../git.ts';
import { streamGitLog, type LogOptions } from './log-stream.ts';
import { COMMIT_FORMAT, PATCH_OPTIONS, type PatchParser } from './patch.ts';
import { missingObjects, revList } from './refs.ts';

export interface PassSpec {
  /** How commits are chosen and ordered (`--date-order --reverse`, `--merges`). */
  walk: string[];
  /** How each commit's patch is made, besides PATCH_OPTIONS (`-M`; `--cc --no-renames`). */
  diff: string[];
  /** Merges, read as combined diffs. */
  combined: boolean;
}

/** A file version a commit wrote that the repository does not hold. */
export interface Unreadable {
  path: string;
  commit: string;
  blob: string;
}

const MISSING = /unable to read|bad object|missing (?:blob|tree)|could not read|invalid object|does not point to a valid object/i;
const ZERO_SHA = /^0+$/;
const PATHS_PER_CALL = 200;

export async function readPass(
  repo: string,
  spec: PassSpec,
  revisions: string[],
  options: LogOptions & { maxBlobBytes: number },
  parser: PatchParser,
  onUnreadable: (missing: Unreadable) => void,
  afterChunk?: () => Promise<void> | null,
): Promise<void> {
  let order: string[] | null = null;
  let from = 0;
  for (;;) {
    let lastCommit: string | null = null;
    const onLine = (line: string) => {
      if (line.charCodeAt(0) === 1) lastCommit = line.slice(1, line.indexOf('\t'));
      parser.line(line);
    };
    const args = order === null ? [...spec.walk, ...spec.diff, ...PATCH_OPTIONS, COMMIT_FORMAT] : ['--no-walk=unsorted', ...spec.diff, ...PATCH_OPTIONS, COMMIT_FORMAT];
    try {
      await streamGitLog(repo, args, order === null ? revisions : order.slice(from), options, onLine, afterChunk);
      parser.end();
      return;
    } catch (error) {
      if (!(error instanceof GitError) || !MISSING.test(error.stderr) || options.signal?.aborted) throw error;
    }
    // git stopped in the last commit it began to show, or (before showing it) in the next one.
    order ??= await revList(repo, revisions, options.signal, spec.walk);
    const at = lastCommit ?? order[from];
    const index = order.indexOf(at, from);
    if (index < 0) throw new GitError(`git log stopped at ${at}, which is not in the history`, ['log'], '', null);
    await readCommitByFile(repo, at, spec, options, parser, lastCommit !== null, onUnreadable);
    parser.end();
    from = index + 1;
    if (from >= order.length) return;
  }
}

/** One commit's changes, file by file, without the blobs the repository lacks. */
async function readCommitByFile(
  repo: string,
  commit: string,
  spec: PassSpec,
  options: LogOptions & { maxBlobBytes: number },
  parser: PatchParser,
  headerShown: boolean,
  onUnreadable: (missing: Unreadable) => void,
): Promise<void> {
  const { signal, extraConfig } = options;
  const combined = spec.combined ? ['--cc'] : [];
  const raw = await runGit(repo, ['diff-tree', '-r', '--root', '--no-renames', '--raw', '--no-abbrev', '--no-commit-id', ...(spec.combined ? ['-c'] : []), commit], { signal, extraConfig });
  const changes: { path: string; before: string[]; after: string }[] = [];
  for (const line of raw.split('\n')) {
    const tab = line.indexOf('\t');
    if (!line.startsWith(':') || tab < 0) continue;
    const fields = line.slice(0, tab).split(' ');
    let parents = 0;
    while (fields[0][parents] === ':') parents++;
    const mode = fields[parents];
    const blobs = fields.slice(parents + 1, 2 * parents + 2);
    const after = blobs[parents];
    if (!mode.startsWith('100') || ZERO_SHA.test(after)) continue; // deleted, a link or a submodule
    changes.push({ path: unquoteGitPath(line.slice(tab + 1)), before: blobs.slice(0, parents).filter((b) => !ZERO_SHA.test(b)), after });
  }
  const missing = new Set(await missingObjects(repo, [...new Set(changes.flatMap((c) => [...c.before, c.after]))], signal));
  const asPatch: string[] = [];
  const whole: { path: string; blob: string }[] = [];
  for (const change of changes) {
    if (missing.has(change.after)) onUnreadable({ path: change.path, commit, blob: change.after });
    else if (change.before.some((b) => missing.has(b))) whole.push({ path: change.path, blob: change.after });
    else asPatch.push(change.path);
  }
  if (headerShown) parser.line('diff --'); // ends the file git was showing
  else parser.line((await runGit(repo, ['log', '-1', '--no-walk', COMMIT_FORMAT, commit], { signal })).replace(/\n+$/, ''));
  for (let i = 0; i < asPatch.length; i += PATHS_PER_CALL) {
    const paths = asPatch.slice(i, i + PATHS_PER_CALL).map((p) => `:(literal)${p}`);
    const patch = await runGit(repo, ['diff-tree', '-r', '--root', '--no-renames', '--no-commit-id', ...combined, ...PATCH_OPTIONS, commit, '--', ...paths], { signal, extraConfig });
    for (const line of patch.split('\n')) parser.line(line);
  }
  if (whole.length === 0) return;
  const store = new ObjectStore(repo, signal);
  try {
    const infos = await store.info(whole.map((w) => w.blob));
    const readable = whole.filter((_, i) => (infos[i]?.size ?? Infinity) <= options.maxBlobBytes);
    let i = 0;
    for await (const content of store.contents(readable.map((w) => w.blob))) {
      const { path } = readable[i++];
      if (looksBinary(content)) continue;
      const lines = content.toString('utf8').split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      parser.line('diff --');
      parser.line(`+++ b/${path}`);
      parser.line(`@@ -0,0 +1,${lines.length} @@`);
      for (const line of lines) parser.line(`+${line}`);
    }
  } finally {
    store.close();
  }
}
