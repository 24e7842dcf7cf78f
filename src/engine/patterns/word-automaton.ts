// Finds which of many words a text spells, in one pass over it: an Aho–Corasick
// automaton, so every occurrence counts, overlapping ones too (`execSync` also spells
// `exec`). The query pre-filter asks which words a file spells; the secret scanner asks
// where its keywords are. Steps on ASCII characters come from one table. A regex
// alternation of the same words, tried at every position, took about three times as
// long; the Aho–Corasick packages on npm measured slower still (generic transition maps,
// an object per occurrence).

const ASCII = 128;

export interface WordAutomatonOptions {
  /** ASCII letters match in either case (the words must then be lower case). */
  ignoreAsciiCase?: boolean;
}

export class WordAutomaton {
  readonly words: readonly string[];
  /** The next state for state `s` and ASCII code `c`, at `s * 128 + c`. */
  private readonly asciiStep: Int32Array;
  /** Trie edges per state, for the characters beyond ASCII. */
  private readonly edges: Map<number, number>[] = [new Map()];
  private readonly fallback: number[] = [0];
  /** The words that end in each state (its own, and those of the states it falls back to). */
  private readonly ending: number[][] = [[]];
  /** 1 for the states some word ends in: the scan looks at `ending` only there. */
  private readonly endsWord: Uint8Array;

  constructor(words: Iterable<string>, options: WordAutomatonOptions = {}) {
    this.words = [...new Set(words)].filter((w) => w.length > 0);
    this.words.forEach((word, index) => {
      let state = 0;
      for (let i = 0; i < word.length; i++) {
        const c = word.charCodeAt(i);
        let next = this.edges[state]!.get(c);
        if (next === undefined) {
          next = this.edges.length;
          this.edges.push(new Map());
          this.fallback.push(0);
          this.ending.push([]);
          this.edges[state]!.set(c, next);
        }
        state = next;
      }
      this.ending[state]!.push(index);
    });
    // Breadth first, so that a state's fallback (a shorter suffix) is complete before it.
    this.asciiStep = new Int32Array(this.edges.length * ASCII);
    const queue = [0];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const fellBackTo = this.fallback[state]!;
      if (state !== 0) this.ending[state]!.push(...this.ending[fellBackTo]!);
      // Where the state has no edge it steps as its fallback does (whose row is complete).
      if (state !== 0) this.asciiStep.copyWithin(state * ASCII, fellBackTo * ASCII, fellBackTo * ASCII + ASCII);
      for (const [c, next] of this.edges[state]!) if (c < ASCII) this.asciiStep[state * ASCII + c] = next;
      for (const [c, next] of this.edges[state]!) {
        this.fallback[next] = state === 0 ? 0 : this.step(fellBackTo, c);
        queue.push(next);
      }
    }
    if (options.ignoreAsciiCase) {
      // An upper-case letter steps as its lower-case one.
      for (let state = 0; state < this.edges.length; state++) {
        for (let c = 65; c <= 90; c++) this.asciiStep[state * ASCII + c] = this.asciiStep[state * ASCII + c + 32]!;
      }
    }
    this.endsWord = Uint8Array.from(this.ending, (ended) => (ended.length > 0 ? 1 : 0));
  }

  private step(state: number, c: number): number {
    if (c < ASCII) return this.asciiStep[state * ASCII + c]!;
    for (let s = state; ; s = this.fallback[s]!) {
      const next = this.edges[s]!.get(c);
      if (next !== undefined) return next;
      if (s === 0) return 0;
    }
  }

  /** Calls `visit` with the index (into `words`) and start offset of every occurrence, in order of their ends. */
  scan(text: string, visit: (word: number, start: number) => void): void {
    if (this.words.length === 0) return;
    const { asciiStep, endsWord, ending, words } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      state = c < ASCII ? asciiStep[state * ASCII + c]! : this.step(state, c);
      if (endsWord[state] === 0) continue;
      for (const w of ending[state]!) visit(w, i + 1 - words[w]!.length);
    }
  }

  /** Whether `text` spells any of the words. */
  occursIn(text: string): boolean {
    const { asciiStep, endsWord } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      state = c < ASCII ? asciiStep[state * ASCII + c]! : this.step(state, c);
      if (endsWord[state] === 1) return true;
    }
    return false;
  }

  /** The words `text` spells. */
  find(text: string): Set<string> {
    const found = new Set<string>();
    if (this.words.length === 0) return found;
    const seen = new Uint8Array(this.words.length);
    const { asciiStep, endsWord, ending } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      state = c < ASCII ? asciiStep[state * ASCII + c]! : this.step(state, c);
      if (endsWord[state] === 0) continue;
      for (const w of ending[state]!) {
        if (seen[w]) continue;
        seen[w] = 1;
        found.add(this.words[w]!);
      }
      if (found.size === this.words.length) break;
    }
    return found;
  }
}
