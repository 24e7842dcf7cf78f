// Reads `git log -p -U0` output, plain or combined (`--cc`, for merges), and hands
// on, per commit and file, the lines that commit added: with one parent a `+` line,
// with several a line marked `+` against every parent (in none of them: what the
// merge's resolution itself wrote). Only lines that can hold a secret (and the lines
// after a key block's opening) are kept, with their line numbers in the new version.
import type { SecretLineFilter } from '../../engine/secrets/index.ts';
import { unquoteGitPath } from '../git.ts';

/** The `--format` every history pass asks git for: the header line `PatchParser` reads. */
export const COMMIT_FORMAT = '--format=%x01%H%x09%P%x09%an <%ae>%x09%aI';

/** The options that make git's patch output the same whatever the repository's config says. */
export const PATCH_OPTIONS = ['-p', '-U0', '--full-index', '--no-ext-diff', '--no-textconv', '--no-color', '--src-prefix=a/', '--dst-prefix=b/'];

export interface CommitHeader {
  commit: string;
  /** How many parents: 2 or more for a merge. */
  parents: number;
  author: string;
  date: string;
}

/** The lines one commit added to one file. */
export interface FileChange {
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

export interface PatchEvents {
  commit(header: CommitHeader): void;
  /** A file change with at least one added line. */
  change(change: FileChange): void;
  /** A file git reports as binary (or over `core.bigFileThreshold`), with its new blob. */
  binary?(blob: string, path: string, commit: string): void;
}

const ZERO_SHA = /^0+$/;
const HUNK = /^@+ (?:-\d+(?:,\d+)? )+\+(\d+)/;
const PLUS = 43;
const MINUS = 45;
const SPACE = 32;
const BACKSLASH = 92;

export class PatchParser {
  /** Bytes of added lines seen (markers included). */
  bytesAdded = 0;
  private header: CommitHeader = { commit: '', parents: 0, author: '', date: '' };
  private current: FileChange | null = null;
  private nextLine = 0;
  // Inside a hunk every line starts with + - space or \: a "+++ " there is content, not a header.
  private inHunk = false;
  /** Marker columns of the current hunk: 1, or a merge's parent count in a combined diff. */
  private columns = 1;
  private keepFollowing = 0;
  private newBlob = '';

  constructor(
    private readonly filter: SecretLineFilter,
    private readonly events: PatchEvents,
  ) {}

  line(line: string): void {
    const first = line.charCodeAt(0);
    if (this.inHunk && (first === PLUS || first === MINUS || first === SPACE || first === BACKSLASH)) {
      this.hunkLine(line, first);
    } else if (first === PLUS) {
      // "+++ b/path" (or /dev/null for a deletion)
      this.flush();
      const target = line.slice(4);
      if (target !== '/dev/null') {
        const { commit, author, date } = this.header;
        this.current = { path: unquoteGitPath(target).slice(2), commit, author, date, added: 0, lines: [], lineNumbers: [] };
      }
    } else if (first === 64 /* @ */) {
      const hunk = HUNK.exec(line);
      if (hunk) {
        let ats = 0;
        while (line.charCodeAt(ats) === 64) ats++;
        this.columns = ats - 1;
        this.nextLine = Number(hunk[1]);
        this.inHunk = true;
        this.keepFollowing = 0;
      }
    } else if (first === 1) {
      this.flush();
      this.inHunk = false;
      const [commit, parents, author, date] = line.slice(1).split('\t');
      this.header = { commit, parents: parents ? parents.split(' ').length : 0, author, date };
      this.events.commit(this.header);
    } else if (first === 100 /* d */ && line.startsWith('diff --')) {
      this.flush();
      this.inHunk = false;
      this.newBlob = '';
    } else if (first === 105 /* i */ && line.startsWith('index ')) {
      this.newBlob = /\.\.([0-9a-f]+)/.exec(line)?.[1] ?? '';
    } else if (first === 66 /* B */ && line.startsWith('Binary files ')) {
      const path = / and (?:"?b\/)(.*?)"? differ$/.exec(line)?.[1];
      if (path && this.newBlob && !ZERO_SHA.test(this.newBlob)) this.events.binary?.(this.newBlob, path, this.header.commit);
    }
  }

  /** Hands on the last file change. */
  end(): void {
    this.flush();
    this.inHunk = false;
  }

  private hunkLine(line: string, first: number): void {
    if (first === BACKSLASH) return; // "\ No newline at end of file"
    const columns = this.columns;
    let added = first === PLUS;
    if (columns === 1) {
      if (first === MINUS) return;
    } else {
      // A line with a '-' column is not in the merge's version; one with a ' ' column is in a parent's.
      for (let i = 0; i < columns; i++) {
        const c = line.charCodeAt(i);
        if (c === MINUS) return;
        if (c !== PLUS) added = false;
      }
    }
    const current = this.current;
    if (added && current) {
      current.added++;
      this.bytesAdded += line.length;
      // Only lines that can hold a secret (and the lines of a key block) go to the scanner.
      if (this.keepFollowing > 0 || this.filter.mayHoldSecret(line)) {
        this.keepFollowing = this.filter.opensBlock(line) ? this.filter.blockLines : Math.max(0, this.keepFollowing - 1);
        current.lines.push(line.slice(columns));
        current.lineNumbers.push(this.nextLine);
      }
    }
    this.nextLine++;
  }

  private flush(): void {
    const change = this.current;
    this.current = null;
    if (change && change.added > 0) this.events.change(change);
  }
}
