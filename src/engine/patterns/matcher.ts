// Structural rules: tree-sitter queries (compiled once per language) and
// line-oriented regular expressions for configuration files that are not parsed.
import picomatch from 'picomatch';
import { Query, type Language, type Node, type QueryPredicate, type Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import { patternCount, queryRequirement, requirementWords, textMeets, type QueryRequirement } from './query-keywords.ts';
import { WordAutomaton } from './word-automaton.ts';
import { mayBacktrackCatastrophically } from './backtracking.ts';
import { BUILTIN_RULES_DIR, RuleError, type CompiledRule } from '../rules/load.ts';

export interface PatternHit {
  rule: CompiledRule;
  node?: Node;
  /** For regex rules: 1-based line and column and the matched length. */
  line?: number;
  column?: number;
  length?: number;
}

/**
 * A query rule of one language. Its queries compile on first use: compiling is
 * the dearest part of starting (~0.1 s per language for all rules), and a rule
 * whose words never occur in the scanned files is never compiled.
 */
class CompiledQueryRule {
  readonly report: string;
  readonly context?: RegExp;
  readonly requires?: RegExp;
  /** Words the query cannot match without (from its predicates): files without them are skipped. */
  readonly needs?: QueryRequirement;
  readonly scope: 'function' | 'named-function' | 'file';
  private compiledQuery?: Query;
  private compiledUnless?: { unless: Query[]; requireInside: Query[]; unlessAncestor: Query[] };

  constructor(
    readonly rule: CompiledRule,
    private readonly language: Language,
    private readonly languageId: string,
  ) {
    const spec = rule.spec.pattern!;
    this.report = spec.report ?? 'match';
    this.context = spec.context ? new RegExp(spec.context, 'i') : undefined;
    this.requires = spec.requires ? new RegExp(spec.requires) : undefined;
    this.needs = queryRequirement(spec.query);
    this.scope = spec.scope ?? 'function';
  }

  get query(): Query {
    return (this.compiledQuery ??= this.compile(this.rule.spec.pattern!.query));
  }

  /** Compiles every query of the rule now, so that a bad one is reported before the scan. */
  compileAll(): void {
    void this.query;
    void this.conditions;
  }

  private get conditions() {
    const spec = this.rule.spec.pattern!;
    return (this.compiledUnless ??= {
      unless: (spec.unlessInside ?? []).map((q) => this.compile(q)),
      requireInside: (spec.requireInside ?? []).map((q) => this.compile(q)),
      unlessAncestor: (spec.unlessAncestor ?? []).map((q) => this.compile(q)),
    });
  }

  get unless(): Query[] {
    return this.conditions.unless;
  }

  get requireInside(): Query[] {
    return this.conditions.requireInside;
  }

  get unlessAncestor(): Query[] {
    return this.conditions.unlessAncestor;
  }

  private compile(source: string): Query {
    try {
      return new Query(this.language, source);
    } catch (error) {
      throw new RuleError(`${this.rule.file} (${this.rule.id}): invalid tree-sitter query for ${this.languageId}: ${(error as Error).message}`);
    }
  }
}

/** The query rules of one language, compiled against its grammar. */
export class PatternMatcher {
  private readonly compiled: CompiledQueryRule[] = [];
  /**
   * The patterns of every rule without a text pre-filter in one query: a tree is walked once
   * for all of them instead of once per rule. `owner[i]` is the rule of pattern i.
   */
  private combined?: Query;
  private readonly owner: CompiledQueryRule[] = [];
  /** Every word some rule's query needs, found in a text in one pass. */
  private readonly words: WordAutomaton;
  private lastFilter?: { text: string; passes: (c: CompiledQueryRule) => boolean };

  constructor(
    private readonly syntax: LanguageSyntax,
    language: Language,
    rules: CompiledRule[],
  ) {
    for (const rule of rules) if (rule.spec.pattern) this.compiled.push(new CompiledQueryRule(rule, language, syntax.id));
    this.words = new WordAutomaton(this.compiled.flatMap((c) => (c.needs ? requirementWords(c.needs) : [])));
    // Rules with a text pre-filter (`requires`, or words their query needs) run on their own,
    // only on files that pass it.
    const always = this.compiled.filter((c) => !c.requires && !c.needs);
    if (always.length > 1) {
      try {
        const combined = new Query(language, always.map((c) => c.rule.spec.pattern!.query).join('\n'));
        const owner: CompiledQueryRule[] = [];
        for (const c of always) for (let i = 0; i < patternCount(c.rule.spec.pattern!.query); i++) owner.push(c);
        if (owner.length === combined.patternCount()) {
          this.combined = combined;
          this.owner.push(...owner);
        } else combined.delete();
      } catch {
        // Queries that only compile on their own keep running one by one.
        this.combined = undefined;
      }
    }
    // Rules of our own are checked by their tests; a user's (`--rules`) are compiled now, so
    // that a bad query is an error at once rather than when (or if) a file has its words.
    for (const c of this.compiled) if (!c.rule.file.startsWith(BUILTIN_RULES_DIR)) c.compileAll();
    if (!this.combined) for (const c of always) void c.query;
  }

  get size(): number {
    return this.compiled.length;
  }

  /** Whether some rule may match a file with this text: if not, the file need not be parsed for these rules. */
  mayMatch(text: string): boolean {
    const passes = this.textFilter(text);
    return this.compiled.some(passes);
  }

  /**
   * Whether a rule's text pre-filters (`requires`, the words its query needs) let it run on
   * `text`. The words of all rules are looked for in one pass, once per text (a file's text
   * is asked about twice: whether to parse it, then which rules to run).
   */
  private textFilter(text: string): (c: CompiledQueryRule) => boolean {
    if (this.lastFilter?.text !== text) {
      const spelled = this.words.find(text);
      const requires = new Map<CompiledQueryRule, boolean>();
      // The words first: a look-up in what one pass found is cheaper than another regex pass.
      const passes = (c: CompiledQueryRule) => {
        if (c.needs && !textMeets(c.needs, text, (w) => spelled.has(w))) return false;
        return !c.requires || (requires.get(c) ?? requires.set(c, c.requires.test(text)).get(c)!);
      };
      this.lastFilter = { text, passes };
    }
    return this.lastFilter.passes;
  }

  /** `text` (the tree's source) lets rules with `requires` skip files that cannot match. */
  match(tree: Tree, hits: PatternHit[], text?: string): void {
    const seen = new Map<CompiledQueryRule, Set<number>>();
    const take = (c: CompiledQueryRule, m: QueryMatchOf) => {
      const capture = m.captures.find((x) => x.name === c.report) ?? m.captures[0];
      if (!capture) return;
      if (!customPredicatesHold(m)) return;
      const node = capture.node;
      let done = seen.get(c);
      if (!done) seen.set(c, (done = new Set()));
      if (done.has(node.startIndex)) return;
      done.add(node.startIndex);
      if ((c.unless.length || c.requireInside.length) && this.suppressed(c, node, tree)) return;
      if (c.unlessAncestor.length && this.insideAncestor(c, node)) return;
      if (c.context && !this.contextNames(node).some((n) => c.context!.test(n))) return;
      hits.push({ rule: c.rule, node });
    };
    const found: { c: CompiledQueryRule; m: QueryMatchOf }[] = [];
    if (this.combined) {
      const combined = this.combined;
      for (const m of combined.matches(tree.rootNode)) {
        const c = this.owner[m.patternIndex];
        if (c) found.push({ c, m: { captures: m.captures, predicates: combined.predicatesForPattern(m.patternIndex) } });
      }
    }
    const passes = text === undefined ? () => true : this.textFilter(text);
    for (const c of this.compiled) {
      if (this.combined && this.owner.includes(c)) continue;
      if (!passes(c)) continue;
      const query = c.query;
      for (const m of query.matches(tree.rootNode)) found.push({ c, m: { captures: m.captures, predicates: query.predicatesForPattern(m.patternIndex) } });
    }
    // Rule order, as when each rule ran on its own.
    for (const c of this.compiled) for (const f of found) if (f.c === c) take(c, f.m);
  }

  private insideAncestor(c: CompiledQueryRule, node: Node): boolean {
    for (let p = node.parent; p; p = p.parent) {
      if (c.unlessAncestor.some((q) => q.matches(p, { maxStartDepth: 0 }).length > 0)) return true;
    }
    return false;
  }

  /** Names around a node: what it is assigned to (variables, fields, object keys) up to its function, and that function's name. */
  private contextNames(node: Node): string[] {
    const s = this.syntax;
    const names: string[] = [];
    const nameOfTarget = (n: Node | null) => {
      if (!n) return;
      const text = n.text;
      const last = /[\w$]+$/.exec(text);
      if (last) names.push(last[0]);
    };
    for (let p = node.parent; p; p = p.parent) {
      const assign = s.assignments[p.type];
      if (assign) nameOfTarget(p.childForFieldName(assign.left));
      else if (p.type === 'pair' || p.type === 'keyword_argument') nameOfTarget(p.childForFieldName('key') ?? p.childForFieldName('name'));
      const fn = s.functions[p.type];
      if (fn) {
        const own = fn.name ? p.childForFieldName(fn.name) : null;
        if (own) nameOfTarget(own);
        else if (p.parent) {
          const outer = s.assignments[p.parent.type];
          if (outer) nameOfTarget(p.parent.childForFieldName(outer.left));
          else if (p.parent.type === 'pair') nameOfTarget(p.parent.childForFieldName('key'));
        }
        break;
      }
    }
    return names;
  }

  private suppressed(c: CompiledQueryRule, node: Node, tree: Tree): boolean {
    let scopeNode: Node = tree.rootNode;
    if (c.scope !== 'file') {
      // A decorator belongs to the function it decorates (Python `@csrf_exempt`).
      let inDecorator = this.syntax.decorators.includes(node.type);
      for (let p = node.parent; p; p = p.parent) {
        const decorated = inDecorator ? p.namedChildren.find((x) => !!x && !!this.syntax.functions[x.type]) : undefined;
        if (decorated) {
          scopeNode = decorated;
          break;
        }
        if (this.syntax.decorators.includes(p.type)) inDecorator = true;
        const shape = this.syntax.functions[p.type];
        if (shape && (c.scope === 'function' || (shape.name && p.childForFieldName(shape.name)))) {
          scopeNode = p;
          break;
        }
      }
    }
    // Only matches inside the scope node count (a query run on a node may also report its neighbours).
    const within = (m: { captures: { node: Node }[] }) => m.captures.every((x) => x.node.startIndex >= scopeNode.startIndex && x.node.endIndex <= scopeNode.endIndex);
    if (c.requireInside.length && !c.requireInside.some((q) => q.matches(scopeNode).some(within))) return true;
    // A query with an `@inside` capture drops the finding only when the finding lies within that node
    // (`if os.Getenv("ENV") == "dev" { … }` around a debug switch), not anywhere in the scope.
    return c.unless.some((q) =>
      q.matches(scopeNode).some((m) => {
        if (!within(m)) return false;
        const inside = m.captures.find((x) => x.name === 'inside');
        return !inside || (inside.node.startIndex <= node.startIndex && inside.node.endIndex >= node.endIndex);
      }),
    );
  }
}

interface QueryMatchOf {
  captures: { name: string; node: Node }[];
  /** The predicates tree-sitter leaves to the caller (not `#eq?`, `#match?`, `#any-of?` and their negations). */
  predicates: QueryPredicate[];
}

/**
 * Predicates of our own, on a match's captures: `(#backtracks? @re)` holds when the captured
 * regular expression literal may backtrack catastrophically (a ReDoS analyser could not prove
 * that it matches every text in one way only). Other operators are left to the rule's other parts.
 */
function customPredicatesHold(m: QueryMatchOf): boolean {
  for (const p of m.predicates) {
    if (p.operator !== 'backtracks?') continue;
    for (const operand of p.operands) {
      if (operand.type !== 'capture') continue;
      const node = m.captures.find((x) => x.name === operand.name)?.node;
      if (!node || !mayBacktrackCatastrophically(node.text)) return false;
    }
  }
  return true;
}

interface RegexRule {
  rule: CompiledRule;
  appliesTo: (file: string) => boolean;
  /**
   * What picomatch tests a path with, for each glob: the glob itself (a path spelled as the glob), and its
   * regex on the basename or the whole path. Asked first, without picomatch's result objects: most files of a
   * scan fail every glob of every rule, and picomatch then answered about 2% of a web application's scan.
   */
  globs: string[];
  globRegexes: RegExp[];
  basename: boolean;
  /** Global and multi-line: `matchRegexRules` resets its `lastIndex` before each text, so one object serves every file. */
  re: RegExp;
}

/**
 * The regex rules of a rule list, with their file globs and patterns compiled once: every
 * file of a scan is matched against them, while most rules of the list are not regex rules.
 */
const regexRulesOf = new WeakMap<CompiledRule[], RegexRule[]>();

/** Regex rules that apply to a file, by its path. */
export function regexRulesFor(rules: CompiledRule[], file: string): { rule: CompiledRule; re: RegExp }[] {
  let compiled = regexRulesOf.get(rules);
  if (!compiled) {
    compiled = [];
    for (const rule of rules) {
      const spec = rule.spec.regex;
      if (!spec) continue;
      const flags = new Set((spec.flags ?? '').split(''));
      flags.add('g');
      flags.add('m');
      const globOptions = { dot: true, basename: !spec.files.some((g) => g.includes('/')) };
      compiled.push({
        rule,
        appliesTo: picomatch(spec.files, globOptions),
        globs: spec.files,
        globRegexes: spec.files.map((g) => picomatch.makeRe(g, globOptions)),
        basename: globOptions.basename,
        re: new RegExp(spec.pattern, [...flags].join('')),
      });
    }
    regexRulesOf.set(rules, compiled);
  }
  // picomatch's basename: the last part of the path (the one before a trailing slash).
  const parts = file.split('/');
  const base = parts[parts.length - 1] || (parts[parts.length - 2] ?? '');
  const mayApply = (r: RegexRule) => r.globs.includes(file) || r.globRegexes.some((re) => re.test(r.basename ? base : file));
  return compiled.filter((r) => mayApply(r) && r.appliesTo(file));
}

export function matchRegexRules(rules: { rule: CompiledRule; re: RegExp }[], text: string, hits: PatternHit[]): void {
  if (rules.length === 0) return;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  for (const { rule, re } of rules) {
    re.lastIndex = 0;
    const seenLines = new Set<number>();
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) re.lastIndex++;
      const row = lineOf(m.index);
      if (seenLines.has(row)) continue;
      seenLines.add(row);
      hits.push({ rule, line: row + 1, column: m.index - lineStarts[row]! + 1, length: m[0].length });
    }
  }
}
