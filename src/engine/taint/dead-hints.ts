// Rules that cannot report in a scan, and the file hints only they need.
//
// A rule with sources of its own has a file hint of its own (`passw` for a password reaching
// a weak hash), and a file whose text matches only such hints is analysed for those rules
// alone. A rule's call and assignment sinks match access paths, and an access path is made of
// the names the code spells (or a name a request type or a handler's position gives it): when
// no code file of the scan spells the words every match of a rule's sink needs (`md5`, `sha1`,
// `createHash('md5'`), the rule reports nothing, and a file hinted for it alone is analysed as
// a file without hints is — not at all. Files that also match another hint are analysed as
// before.
import type { CompiledArgCondition, CompiledRule, CompiledSink } from '../rules/load.ts';
import { detectLanguage } from '../languages/index.ts';
import type { CallResolver } from './run.ts';

/**
 * Words that every string a pattern matches contains, as alternatives of conjunctions: the
 * pattern matches a string only if, for one of the lists, the string contains each word of it
 * (case-insensitively for a pattern with the `i` flag). `undefined` when some way of matching
 * needs no word (`\[\]$`, `^[A-Z]\w*$`): nothing can then be ruled out by the words of a text.
 */
export function requiredWords(re: RegExp): string[][] | undefined {
  const parser = new PatternWords(re.source);
  const alternatives = parser.alternation();
  if (parser.failed || parser.at < re.source.length) return undefined;
  if (alternatives.some((words) => words.length === 0)) return undefined;
  return alternatives.map((words) => [...new Set(words)]);
}

/**
 * Where a literal run of a pattern is cut into words. A word must lie within one name of an access
 * path (whose names are joined by `.`, `()` and `[]`, and may be a quoted key: `headers['x-token']`)
 * and within one piece of the text a condition reads (an argument with its variable replaced by what
 * it was bound to: the replacement ends where a `.`, `(`, `[`, `?.`, `!`, `->` or `::` follows): so
 * every character but letters, digits, `_`, `$` and `-` cuts, and so does `->`.
 */
const WORD_BREAK = /->|[^\w$-]+/;

/** At most this many conjunctions are kept for a group of alternatives within a sequence; more are dropped (words left out only weaken the test). */
const MAX_CLAUSES = 64;

/**
 * A small reader of JavaScript regular expressions for the literal words they require. It is
 * deliberately conservative: what it does not understand contributes no word, and any syntax
 * it cannot follow makes the whole pattern give no words (`failed`).
 */
class PatternWords {
  at = 0;
  failed = false;

  constructor(private readonly src: string) {}

  /** `a|b|c` up to a `)` or the end: one list of conjunctions per alternative, concatenated. */
  alternation(): string[][] {
    const out: string[][] = [];
    for (;;) {
      out.push(...this.sequence());
      if (this.src[this.at] === '|') {
        this.at++;
        continue;
      }
      return out;
    }
  }

  /** One alternative: the words of its literal runs, times those of its required groups. */
  private sequence(): string[][] {
    let clauses: string[][] = [[]];
    let run = '';
    const flush = () => {
      const words = run.split(WORD_BREAK).filter((w) => w !== '');
      if (words.length) clauses = clauses.map((c) => [...c, ...words]);
      run = '';
    };
    const src = this.src;
    while (this.at < src.length && !this.failed) {
      const c = src[this.at]!;
      if (c === '|' || c === ')') break;
      let literal: string | undefined;
      let group: string[][] | undefined;
      if (c === '\\') {
        const next = src[this.at + 1];
        if (next === undefined) return this.fail();
        this.at += 2;
        // An escaped punctuation character is itself; letters and digits are classes, anchors or references.
        if (!/[A-Za-z0-9]/.test(next)) literal = next;
        else if (next === 'u' || next === 'x' || next === 'c' || next === 'k' || next === 'p' || next === 'P') return this.fail();
      } else if (c === '[') {
        if (!this.skipClass()) return this.fail();
      } else if (c === '(') {
        this.at++;
        if (src.startsWith('?=', this.at) || src.startsWith('?!', this.at) || src.startsWith('?<=', this.at) || src.startsWith('?<!', this.at)) {
          // A lookaround consumes nothing: read past it, keeping none of its words.
          this.at += src[this.at + 1] === '<' ? 3 : 2;
          this.alternation();
          if (src[this.at] !== ')') return this.fail();
          this.at++;
          flush();
          continue;
        }
        if (src.startsWith('?:', this.at)) this.at += 2;
        else if (src.startsWith('?<', this.at)) {
          const close = src.indexOf('>', this.at);
          if (close < 0) return this.fail();
          this.at = close + 1;
        } else if (src[this.at] === '?') return this.fail();
        group = this.alternation();
        if (src[this.at] !== ')') return this.fail();
        this.at++;
      } else if (c === '{' || c === '}' || c === '*' || c === '+' || c === '?') {
        // A quantifier with nothing before it to repeat.
        return this.fail();
      } else {
        this.at++;
        if (c !== '.' && c !== '^' && c !== '$') literal = c;
      }
      // What follows the atom: a quantifier that may leave it out, or repeat it.
      const quantifier = this.quantifier();
      if (quantifier === undefined) return this.fail();
      const optional = quantifier === 'optional';
      if (literal !== undefined && !optional) {
        run += literal;
        if (quantifier === 'repeated') flush();
        continue;
      }
      flush();
      if (group && !optional && !group.some((g) => g.length === 0)) {
        const product: string[][] = [];
        for (const c of clauses) for (const g of group) product.push([...c, ...g]);
        if (product.length <= MAX_CLAUSES) clauses = product;
      }
    }
    flush();
    return this.failed ? [[]] : clauses;
  }

  /** `once` (no quantifier), `optional` (`?`, `*`, `{0,…}`), `repeated` (`+`, `{n,…}` with n ≥ 1); undefined when malformed. */
  private quantifier(): 'once' | 'optional' | 'repeated' | undefined {
    const src = this.src;
    const c = src[this.at];
    let kind: 'once' | 'optional' | 'repeated' = 'once';
    if (c === '?' || c === '*') {
      this.at++;
      kind = 'optional';
    } else if (c === '+') {
      this.at++;
      kind = 'repeated';
    } else if (c === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(src.slice(this.at));
      if (!m) return undefined;
      this.at += m[0].length;
      kind = Number(m[1]) === 0 ? 'optional' : m[2] === undefined && Number(m[1]) === 1 ? 'once' : 'repeated';
    }
    if (kind !== 'once' && src[this.at] === '?') this.at++;
    return kind;
  }

  private skipClass(): boolean {
    const src = this.src;
    this.at++;
    if (src[this.at] === '^') this.at++;
    if (src[this.at] === ']') this.at++;
    while (this.at < src.length) {
      const c = src[this.at]!;
      if (c === '\\') this.at += 2;
      else if (c === ']') {
        this.at++;
        return true;
      } else this.at++;
    }
    return false;
  }

  private fail(): string[][] {
    this.failed = true;
    return [[]];
  }
}

/** Words one condition of a sink needs in the text of an argument (or of what it was bound to); undefined when it needs none. */
function conditionWords(c: CompiledArgCondition): { words: string[][]; ignoreCase: boolean } | undefined {
  if (c.absent || !c.value) return undefined;
  const words = requiredWords(c.value);
  return words && { words, ignoreCase: c.value.flags.includes('i') };
}

/**
 * What a sink needs spelled somewhere in the scan to match, as tests that must all pass; undefined
 * when it matches without any word (or is of a kind read from the tree or a template, not from names).
 */
function sinkNeeds(sink: CompiledSink): { words: string[][]; ignoreCase: boolean }[] | undefined {
  if (sink.render || sink.node || sink.returnFrom || sink.returnFromFunction) return undefined;
  const pattern = sink.callee ?? sink.assign;
  if (!pattern) return undefined;
  const own = requiredWords(pattern);
  if (!own) return undefined;
  const needs = [{ words: own, ignoreCase: pattern.flags.includes('i') }];
  for (const c of sink.where) {
    const more = conditionWords(c);
    if (more) needs.push(more);
  }
  return needs;
}

/**
 * Per scan (its resolver) and rule set: the rules with sources and a file hint of their own that
 * cannot report, because some word each of their sinks needs is spelled by no file of the scan.
 */
const deadRulesByScan = new WeakMap<CallResolver, Map<readonly CompiledRule[], Set<string>>>();

/**
 * Per scan: whether its code spells each word asked (`i` or `s` for the case, then the word). The
 * engines of a scan's languages (TypeScript, TSX and JavaScript for one web app) ask the same words
 * of the same files, so they share the answers.
 */
const codeSpellingByScan = new WeakMap<CallResolver, Map<string, boolean>>();

/** The texts of a scan's code files: those the analysis may walk (not data, documents or lock files). */
function codeTexts(resolver: CallResolver): string[] {
  const texts: string[] = [];
  for (const p of resolver.paths()) {
    const text = resolver.text(p);
    if (text !== undefined && detectLanguage(p, text.slice(0, 200))) texts.push(text);
  }
  return texts;
}

/**
 * `synthesized`: names the analysis gives values whatever the code spells (a request type's alias,
 * a handler's parameters by position); a word within one of them is taken as spelled.
 */
export function deadRules(rules: readonly CompiledRule[], resolver: CallResolver, synthesized: readonly string[]): Set<string> {
  let byRules = deadRulesByScan.get(resolver);
  if (!byRules) deadRulesByScan.set(resolver, (byRules = new Map()));
  let dead = byRules.get(rules);
  if (dead) return dead;
  dead = new Set();
  byRules.set(rules, dead);
  const candidates = rules.filter((r) => r.taint && r.taint.sources.length > 0 && r.taint.fileHint);
  if (candidates.length === 0) return dead;
  let spelled = codeSpellingByScan.get(resolver);
  if (!spelled) codeSpellingByScan.set(resolver, (spelled = new Map()));
  const inCode = spelled;
  // Read only when a word's answer is not known yet, and not kept past this call (lower-cased copies of megabytes of text).
  let texts: string[] | undefined;
  let lowered: string[] | undefined;
  const isSpelled = (word: string, ignoreCase: boolean): boolean => {
    const w = ignoreCase ? word.toLowerCase() : word;
    if (synthesized.some((name) => (ignoreCase ? name.toLowerCase() : name).includes(w))) return true;
    const key = `${ignoreCase ? 'i' : 's'}${word}`;
    let found = inCode.get(key);
    if (found === undefined) {
      texts ??= codeTexts(resolver);
      const haystack = ignoreCase ? (lowered ??= texts.map((t) => t.toLowerCase())) : texts;
      found = haystack.some((t) => t.includes(w));
      inCode.set(key, found);
    }
    return found;
  };
  const mayMatch = (sink: CompiledSink): boolean => {
    const needs = sinkNeeds(sink);
    if (!needs) return true;
    return needs.every(({ words, ignoreCase }) => words.some((all) => all.every((w) => isSpelled(w, ignoreCase))));
  };
  for (const rule of candidates) if (!rule.taint!.sinks.some(mayMatch)) dead.add(rule.id);
  return dead;
}
