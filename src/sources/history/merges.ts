// What merge commits themselves wrote. A plain `git log -p` shows nothing for a
// merge, and `--remerge-diff` re-merges every one of them (minutes on a history
// with thousands of merges). Instead one `git log --merges --cc` lists, per merge,
// only the files whose merged version differs from every parent's — few, since a
// file taken whole from one side is skipped without reading it — and in them only
// the hunks where the result is not simply one side's; a line marked added against
// every parent is in none of them: the resolution wrote it (a secret typed while
// fixing a conflict, a file added in the merge commit itself).
//
// It runs beside the main pass, oldest merge first like it, and the main pass
// takes a merge's findings when it reaches that merge: the order in which secrets
// are first seen, and so the commit credited with each, is the history's own.
import type { SecretHit } from '../../engine/secrets/index.ts';
import { scanTextForSecrets, secretLineFilter } from '../../engine/secrets/index.ts';
import type { LogOptions } from './log-stream.ts';
import { PatchParser, type FileChange } from './patch.ts';
import { readPass, type Unreadable } from './read-pass.ts';

export interface FoundChange {
  hits: SecretHit[];
  change: FileChange;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class MergeResolutions {
  /** Merges read: file changes the resolutions wrote, and bytes of their added lines. */
  changes = 0;
  bytesAdded = 0;
  /** Settles when the pass has read every merge (rejects if git failed). */
  readonly done: Promise<void>;
  private readonly found = new Map<string, FoundChange[]>();
  /** Merges read whole, not yet taken. */
  private readonly complete = new Set<string>();
  private readonly waiters = new Map<string, Waiter[]>();
  private last: string | null = null;
  private ended = false;
  private failure: unknown = null;

  constructor(repo: string, revisions: string[], options: LogOptions & { maxBlobBytes: number }, onUnreadable: (missing: Unreadable) => void) {
    const parser = new PatchParser(secretLineFilter(), {
      commit: ({ commit }) => {
        if (this.last) this.markComplete(this.last);
        this.last = commit;
      },
      change: (change) => {
        this.changes++;
        if (change.lines.length === 0) return;
        const hits = scanTextForSecrets(change.path, change.lines.join('\n'));
        if (hits.length > 0) (this.found.get(change.commit) ?? this.found.set(change.commit, []).get(change.commit)!).push({ hits, change });
      },
    });
    this.done = readPass(
      repo,
      // Rename detection would compare every merge with each parent in full: only files differing from all parents matter here.
      { walk: ['--merges', '--date-order', '--reverse'], diff: ['--cc', '--no-renames'], combined: true },
      revisions,
      options,
      parser,
      onUnreadable,
    ).then(
      () => {
        this.bytesAdded = parser.bytesAdded;
        this.ended = true;
        for (const list of this.waiters.values()) for (const w of list) w.resolve();
        this.waiters.clear();
      },
      (error: unknown) => {
        this.failure = error;
        for (const list of this.waiters.values()) for (const w of list) w.reject(error);
        this.waiters.clear();
        throw error;
      },
    );
    this.done.catch(() => undefined); // surfaced through ready() and by the caller awaiting done
  }

  /** The findings merge `commit` introduced, once the pass has read it. Each merge is taken once. */
  async ready(commit: string): Promise<FoundChange[]> {
    if (this.failure) throw this.failure;
    if (!this.ended && !this.complete.has(commit)) {
      await new Promise<void>((resolve, reject) => {
        const list = this.waiters.get(commit) ?? this.waiters.set(commit, []).get(commit)!;
        list.push({ resolve, reject });
      });
    }
    this.complete.delete(commit);
    const found = this.found.get(commit) ?? [];
    this.found.delete(commit);
    return found;
  }

  private markComplete(commit: string): void {
    this.complete.add(commit);
    const list = this.waiters.get(commit);
    if (list) {
      this.waiters.delete(commit);
      for (const w of list) w.resolve();
    }
  }
}
