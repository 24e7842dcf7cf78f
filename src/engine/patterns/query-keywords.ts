// The words a tree-sitter query cannot match without. A rule whose query says
// `(#eq? @fn "eval")` or `(#match? @fn "^(md5|sha1)$")` cannot match a file that
// never spells those words, so the matcher skips it there: a substring test
// costs far less than walking the tree and handing every candidate node to
// JavaScript to check the predicate.

/**
 * What a query needs of a file's text: per top-level pattern, a list of
 * predicates each naming words one of which must occur. A file can hold a match
 * only if, for some pattern, every one of its lists has a word in the text.
 */
export type QueryRequirement = string[][][];

/** `undefined` when some pattern needs no particular word (the query must always run). */
export function queryRequirement(query: string): QueryRequirement | undefined {
  const patterns = parseQuery(query);
  if (patterns.length === 0) return undefined;
  const out: QueryRequirement = [];
  for (const pattern of patterns) {
    const own = patternRequirement(pattern);
    if (own.length === 0) return undefined;
    out.push(own);
  }
  return out;
}

/** Every word a requirement names. */
export function requirementWords(requirement: QueryRequirement): string[] {
  return requirement.flat(2);
}

/** Whether some pattern finds all its words in `text`; `spells` may remember look-ups across rules. */
export function textMeets(requirement: QueryRequirement, text: string, spells: (word: string) => boolean = (w) => text.includes(w)): boolean {
  return requirement.some((pattern) => pattern.every((words) => words.some(spells)));
}

/** How many patterns a query has (tree-sitter numbers them in this order). */
export function patternCount(query: string): number {
  return parseQuery(query).length;
}

// ------------------------------------------------------------------ the query's shape

/** A node pattern `(…)`, an alternation `[…]` or a predicate `(#…)`, with its captures and quantifier. */
interface Element {
  kind: 'node' | 'alternation' | 'predicate';
  children: Element[];
  captures: string[];
  optional: boolean;
  /** For predicates: the name and the arguments (captures as `@x`, strings unescaped). */
  predicate?: { name: string; args: string[] };
}

function parseQuery(query: string): Element[] {
  let i = 0;
  const skipSpace = () => {
    for (;;) {
      while (i < query.length && /\s/.test(query[i]!)) i++;
      if (query[i] !== ';') return;
      while (i < query.length && query[i] !== '\n') i++;
    }
  };
  const readString = (): string => {
    let out = '';
    for (i++; i < query.length && query[i] !== '"'; i++) {
      if (query[i] === '\\') {
        const ch = query[++i]!;
        out += ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[ch] ?? ch;
      } else out += query[i];
    }
    i++;
    return out;
  };
  const readSequence = (close: string): Element[] => {
    const out: Element[] = [];
    for (;;) {
      skipSpace();
      const ch = query[i];
      if (ch === undefined || ch === close) {
        i++;
        return out;
      }
      if (ch === '(' || ch === '[') {
        i++;
        let element: Element;
        if (ch === '(' && query[i] === '#') {
          const name = /^#([\w-]+[?!]?)/.exec(query.slice(i))?.[1] ?? '';
          i += name.length + 1;
          const args: string[] = [];
          for (;;) {
            skipSpace();
            if (query[i] === ')' || i >= query.length) break;
            if (query[i] === '"') args.push(readString());
            else {
              const word = /^[^\s()"]+/.exec(query.slice(i))?.[0] ?? query[i]!;
              args.push(word);
              i += word.length;
            }
          }
          i++;
          element = { kind: 'predicate', children: [], captures: [], optional: false, predicate: { name, args } };
        } else {
          element = { kind: ch === '[' ? 'alternation' : 'node', children: readSequence(ch === '[' ? ']' : ')'), captures: [], optional: false };
        }
        // quantifier and captures that follow
        for (;;) {
          skipSpace();
          if (query[i] === '?' || query[i] === '*') {
            element.optional = true;
            i++;
          } else if (query[i] === '+') i++;
          else if (query[i] === '@') {
            const name = /^@([\w.-]+)/.exec(query.slice(i))?.[1] ?? '';
            element.captures.push(name);
            i += name.length + 1;
          } else break;
        }
        out.push(element);
      } else if (ch === '"') readString();
      else if (ch === '@') {
        // a capture after a bare string or wildcard
        const name = /^@([\w.-]+)/.exec(query.slice(i))?.[1] ?? '';
        i += name.length + 1;
      } else i++;
    }
  };
  return readSequence('\0').filter((e) => e.kind !== 'predicate');
}

/** Captures every match of `elements` has (a capture in an alternation counts only if every branch has it). */
function presentCaptures(elements: Element[]): Set<string> {
  const out = new Set<string>();
  for (const e of elements) {
    if (e.optional || e.kind === 'predicate') continue;
    for (const c of e.captures) out.add(c);
    if (e.kind === 'node') for (const c of presentCaptures(e.children)) out.add(c);
    else {
      const branches = e.children.filter((b) => b.kind !== 'predicate').map((b) => presentCaptures([b]));
      if (branches.length) for (const c of branches[0]!) if (branches.every((b) => b.has(c))) out.add(c);
    }
  }
  return out;
}

/** Predicates that hold for every match: not inside an alternation or an optional part. */
function certainPredicates(elements: Element[]): Element[] {
  const out: Element[] = [];
  for (const e of elements) {
    if (e.kind === 'predicate') out.push(e);
    else if (e.kind === 'node' && !e.optional) out.push(...certainPredicates(e.children));
  }
  return out;
}

/** The words each predicate of a pattern needs (a predicate on a capture a match may lack passes, so it needs none). */
function patternRequirement(pattern: Element): string[][] {
  if (pattern.kind !== 'node') return [];
  const present = presentCaptures([pattern]);
  const out: string[][] = [];
  for (const p of certainPredicates(pattern.children)) {
    const { name, args } = p.predicate!;
    const capture = args[0]?.startsWith('@') ? args[0].slice(1) : undefined;
    if (!capture || !present.has(capture)) continue;
    const values = args.slice(1);
    if (values.length === 0 || values.some((v) => v.startsWith('@') || v.length === 0)) continue;
    let words: string[] | undefined;
    if (name === 'eq?' || name === 'any-of?') words = values;
    else if (name === 'match?' && values.length === 1) words = regexKeywords(values[0]!);
    if (words) out.push(words);
  }
  return out;
}

// ------------------------------------------------------------------ regular expressions

const MIN_WORD = 3;

/**
 * Literal words a regular expression needs, one of which occurs in every match:
 * `^(md5|sha1)$` → md5, sha1; `(^|\.)createHash$` → createHash. Gives up
 * (undefined) where it cannot tell with certainty or the words would be shorter
 * than three characters.
 */
export function regexKeywords(source: string): string[] | undefined {
  const alternatives = splitAlternatives(source);
  if (!alternatives) return undefined;
  const out = new Set<string>();
  for (const alternative of alternatives) {
    const words = sequenceKeywords(alternative);
    if (!words) return undefined;
    for (const w of words) out.add(w);
  }
  return [...out];
}

function splitAlternatives(source: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') {
      const close = classEnd(source, i);
      if (close < 0) return undefined;
      i = close;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return depth === 0 ? out : undefined;
}

function classEnd(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']' && i > open + 1) return i;
  }
  return -1;
}

function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '[') i = Math.max(i, classEnd(source, i));
    else if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The best word set among the parts of a sequence that every match contains: literal runs and required groups. */
function sequenceKeywords(sequence: string): string[] | undefined {
  const candidates: string[][] = [];
  let run = '';
  const endRun = () => {
    if (run.length >= MIN_WORD) candidates.push([run]);
    run = '';
  };
  for (let i = 0; i < sequence.length; ) {
    const ch = sequence[i]!;
    let end = i + 1;
    let literal: string | undefined;
    let group: string | undefined;
    if (ch === '\\') {
      const next = sequence[i + 1] ?? '';
      end = i + 2;
      if (!/[A-Za-z0-9]/.test(next)) literal = next;
    } else if (ch === '[') {
      end = classEnd(sequence, i) + 1;
      if (end <= 0) return undefined;
    } else if (ch === '(') {
      const close = groupEnd(sequence, i);
      if (close < 0) return undefined;
      const body = sequence.slice(i + 1, close);
      // lookarounds and back-references tell nothing certain; `(?:…)` is a plain group
      if (!body.startsWith('?') || body.startsWith('?:')) group = body.startsWith('?:') ? body.slice(2) : body;
      end = close + 1;
    } else if (!/[.^$|?*+{}]/.test(ch)) literal = ch;
    // the quantifier, if any
    const quantifier = /^(\?|\*|\+|\{(\d+)(,\d*)?\})\??/.exec(sequence.slice(end));
    const optional = !!quantifier && (quantifier[1] === '?' || quantifier[1] === '*' || quantifier[2] === '0');
    const repeated = !!quantifier && !optional;
    if (quantifier) end += quantifier[0].length;
    if (literal !== undefined && !optional) {
      run += literal;
      if (repeated) endRun();
    } else {
      endRun();
      if (group !== undefined && !optional) {
        const words = regexKeywords(group);
        if (words) candidates.push(words);
      }
    }
    i = end;
  }
  endRun();
  if (candidates.length === 0) return undefined;
  const shortest = (words: string[]) => Math.min(...words.map((w) => w.length));
  return candidates.filter((c) => shortest(c) >= MIN_WORD).sort((a, b) => shortest(b) - shortest(a))[0];
}
