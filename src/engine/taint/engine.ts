// The taint engine: follows untrusted data from sources to sinks through
// variables, fields, string building, calls (in the same file and across files
// of a package), returns, destructuring, closures and callbacks. It is written
// once against the language description (languages/types.ts); what differs
// between languages lives there and in the rule files.
//
// The analysis walks each function body in source order with an environment of
// tainted names. It is flow-sensitive along a body (a later reassignment with a
// clean value clears a name) but merges branches, which errs towards reporting.
//
// This module holds what is fixed per language and rule set (the compiled sources,
// sanitisers and sinks, looked up by callee and path). One analysis is a TaintRun
// (run.ts) walked by walk.ts, with members.ts, guards.ts, calls.ts, parameters.ts,
// sources.ts, conditions.ts and sinks.ts for their kinds of node.
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import type { CompiledRule, CompiledSanitizer, CompiledSink, CompiledSource, ConstraintValidation, ErrorsQuoteInput, ForgeryProtection, LanguageTaint } from '../rules/load.ts';
import { deadRules } from './dead-hints.ts';
import { Memo } from './memo.ts';
import { hintsInCode, topLevelToWalk } from './source-regions.ts';
import type { SourcePlaces } from './run.ts';
import { TaintRun, type CallResolver, type ParsedFile, type TaintHit } from './run.ts';
import { analyzeRoot } from './walk.ts';
import { renderActionViews } from '../templates/index.ts';

export interface RuleView {
  rule: CompiledRule;
  sinks: CompiledSink[];
}

export interface SourceMatch {
  label: string;
  onlyRule?: string;
  whole?: boolean;
  source: CompiledSource;
}

/**
 * The hints a file must match to be worth analysing on its own: the language's and those of rules with own sources.
 * A rule with own sources but no hint of its own could find a source anywhere, so no file may be skipped.
 */
function fileHintsFor(rules: CompiledRule[], languageHints: RegExp[] | undefined): RegExp[] | undefined {
  if (!languageHints) return undefined;
  const hints = [...languageHints];
  for (const rule of rules) {
    if (rule.taint!.sources.length === 0) continue;
    if (!rule.taint!.fileHint) return undefined;
    hints.push(rule.taint!.fileHint);
  }
  return hints;
}

/**
 * Hints joined into one alternation per set of flags. Hints with back-references or named
 * groups, whose numbering or names would clash, stay on their own. The joined pattern is only
 * ever tested (matched or not), so it is built from the hints' top-level alternatives, each
 * once (many rules repeat the language's `\b(req|request)\b`), with the word-boundary ones
 * behind one `\b`: V8 tries every alternative at every position of a text that matches none,
 * and on a whole web application this took a third of the time it did as the hints stood.
 */
function joinedHints(hints: RegExp[]): RegExp[] {
  const alone = hints.filter((h) => /\\[1-9]|\(\?<[A-Za-z]/.test(h.source) || h.flags.includes('v'));
  const byFlags = new Map<string, Set<string>>();
  for (const h of hints) {
    if (alone.includes(h)) continue;
    const alternatives = byFlags.get(h.flags) ?? byFlags.set(h.flags, new Set()).get(h.flags)!;
    for (const alternative of topLevelAlternatives(h.source)) alternatives.add(alternative);
  }
  return [...alone, ...[...byFlags].map(([flags, alternatives]) => new RegExp(alternationOf([...alternatives]), flags))];
}

/** `a|b(c|d)|[|]` → `a`, `b(c|d)`, `[|]`: the alternatives of a pattern outside its groups and classes. */
function topLevelAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/** One alternation of patterns; those that start at a word boundary share it (`\b(?:a|b)`). */
function alternationOf(alternatives: string[]): string {
  const atBoundary = (a: string) => a.startsWith('\\b') && !/^\\b[*+?{]/.test(a);
  const bounded = alternatives.filter(atBoundary).map((a) => `(?:${a.slice(2)})`);
  const others = alternatives.filter((a) => !atBoundary(a)).map((a) => `(?:${a})`);
  return [...(bounded.length ? [`\\b(?:${bounded.join('|')})`] : []), ...others].join('|');
}

/** Whether any of `patterns` matches a text: false only when each of them would fail. */
function anyOf(patterns: RegExp[]): (text: string) => boolean {
  if (patterns.length === 0) return () => false;
  const joined = joinedHints(patterns);
  return (text) => joined.some((re) => re.test(text));
}

/** The taint analysis of one language with one rule set; reused for every file of that language. */
export class TaintEngine {
  private readonly sources: { source: CompiledSource; onlyRule?: string }[] = [];
  private readonly sanitizers: CompiledSanitizer[] = [];
  private readonly rules: RuleView[];
  private readonly sinkNodeTypes = new Set<string>();
  private readonly requestTypes: { type: RegExp; alias: string }[];
  private readonly fileHints?: RegExp[];
  private readonly hintParameters: string[];
  private readonly languageHints: RegExp[];
  private readonly taintRules: CompiledRule[];
  /** Names the analysis gives values whatever the code spells (dead-hints.ts). */
  private readonly synthesizedNames: string[];
  /** How handlers only administrators reach are recognised (the language's `privileged`; see privileged.ts). */
  readonly privileged: { decorator: RegExp[]; registration: RegExp[]; check: RegExp[]; base: RegExp[] };
  /** How handlers a cross-site page cannot call are recognised (the language's `forgeryProtected`; see forgery.ts). */
  readonly forgeryProtected?: ForgeryProtection;
  /** How parameters a validation framework checks are recognised (the language's `constraintValidation`; see validation.ts). */
  readonly constraintValidation?: ConstraintValidation;
  /** Library calls whose error quotes the input it rejects (the language's `errorsQuoteInput`; see members.ts). */
  readonly errorsQuoteInput?: ErrorsQuoteInput;
  readonly hasRules: boolean;

  constructor(
    readonly syntax: LanguageSyntax,
    rules: CompiledRule[],
    shared: LanguageTaint | undefined,
  ) {
    this.rules = rules.filter((r) => r.taint).map((r) => ({ rule: r, sinks: r.taint!.sinks }));
    this.hasRules = this.rules.length > 0;
    for (const s of shared?.sources ?? []) this.sources.push({ source: s });
    this.sanitizers.push(...(shared?.sanitizers ?? []));
    this.requestTypes = shared?.requestTypes ?? [];
    this.hintParameters = shared?.hintParameters ?? [];
    this.privileged = shared?.privileged ?? { decorator: [], registration: [], check: [], base: [] };
    this.forgeryProtected = shared?.forgeryProtected;
    this.constraintValidation = shared?.constraintValidation;
    this.errorsQuoteInput = shared?.errorsQuoteInput;
    this.fileHints = fileHintsFor(this.rules.map((r) => r.rule), shared?.fileHints);
    this.languageHints = shared?.fileHints ?? [];
    if (shared?.fileHints) this.requestHints = joinedHints(shared.fileHints);
    if (shared?.fileHints && shared.storedHints) this.storedHints = joinedHints(shared.storedHints);
    this.taintRules = this.rules.map((r) => r.rule);
    this.synthesizedNames = [...this.requestTypes.map((r) => r.alias), ...Object.values(syntax.handlerParameters?.names ?? {}).flat()];
    if (this.fileHints) this.anyFileHint = joinedHints(this.fileHints);
    for (const { rule } of this.rules) {
      for (const s of rule.taint!.sources) this.sources.push({ source: s, onlyRule: rule.id });
      this.sanitizers.push(...rule.taint!.sanitizers);
      for (const sink of rule.taint!.sinks) if (sink.node) this.sinkNodeTypes.add(sink.node);
    }
    const sinks = this.rules.flatMap((r) => r.sinks);
    this.mayBeCallSink = anyOf(sinks.flatMap((s) => (s.callee ? [s.callee] : [])));
    this.mayBeAssignSink = anyOf(sinks.flatMap((s) => (s.assign ? [s.assign] : [])));
    this.mayBeSanitizer = anyOf(this.sanitizers.flatMap((s) => (s.callee ? [s.callee] : [])));
    this.mayBeSource = anyOf(this.sources.flatMap((s) => (s.source.path ? [s.source.path] : [])));
  }

  // Most callee paths, assigned names and access paths match no sink, sanitiser or source: one
  // regex per set of flags says so, instead of each pattern of every rule tried in turn.
  private readonly mayBeCallSink: (text: string) => boolean;
  private readonly mayBeAssignSink: (text: string) => boolean;
  private readonly mayBeSanitizer: (text: string) => boolean;
  private readonly mayBeSource: (text: string) => boolean;

  private lastHint?: { text: string; holds: boolean };

  /** The language's hints of request handling (not its rules' own, nor those of stored data): undefined when it has none. */
  private readonly requestHints?: RegExp[];

  /** The hints of files that read stored data (a language without hints analyses every file anyway). */
  private readonly storedHints?: RegExp[];

  /**
   * Whether a function of a file with this text may return untrusted data when nothing untrusted goes in: the file
   * holds a source, or reads stored data. A file that only reads stored data is not analysed on its own (a stored
   * read is an attacker's only through a view that serves it: the flows start in files that handle requests), but
   * the calls of those files into it (a data-access module) are followed.
   */
  readonly mayReturnSource = (text: string): boolean => this.holdsSource(text) || !!this.storedHints?.some((h) => h.test(text));

  /** Whether a file's text may handle a request (always, for a language without hints): stored-writes.ts asks. */
  mayHandleRequests(text: string): boolean {
    return !this.requestHints || this.requestHints.some((h) => h.test(text));
  }

  /** Whether a file's text may hold a source (always, for a language without hints). Asked twice per file: remembered. */
  readonly holdsSource = (text: string): boolean => {
    if (!this.fileHints) return true;
    if (this.lastHint?.text !== text) this.lastHint = { text, holds: this.anyFileHint!.some((h) => h.test(text)) };
    return this.lastHint.holds;
  };

  /** The file hints as few regexes as their flags allow: a file without a source is read once, not once per hint. */
  private readonly anyFileHint?: RegExp[];

  /**
   * What the analysis of a file on its own walks (source-regions.ts): its top-level statements that
   * may read a source (`tops`: undefined for all of them; none when the hints match only in comments
   * and strings: a module whose docstring mentions "the request" holds no request object), and where
   * sources may be read (`sources`), when the hints were few enough to place.
   */
  statementsToWalk(tree: Tree, text: string): { tops: Node[] | undefined; sources?: SourcePlaces } {
    if (!this.fileHints) return { tops: undefined };
    if (!this.holdsSource(text)) return { tops: [] };
    const positions = hintsInCode(this.syntax, this.fileHints, tree, text, this.hintParameters);
    if (positions === 'everywhere') return { tops: undefined };
    const { tops, sourceNames } = topLevelToWalk(this.syntax, tree.rootNode, positions);
    return { tops, sources: { hintPositions: positions, names: sourceNames } };
  }

  /** Finds the flows that start in a file (with its text: in the statements that may read a source); calls lead wherever they go. */
  analyzeFile(file: ParsedFile, resolver: CallResolver, hits: TaintHit[], text?: string): void {
    if (!this.hasRules) return;
    if (text !== undefined && this.hintedOnlyForDeadRules(text, resolver)) return;
    const walk = text === undefined ? { tops: undefined } : this.statementsToWalk(file.tree, text);
    if (walk.tops?.length === 0) return;
    const run = new TaintRun(this, resolver, hits);
    run.sources = walk.sources;
    analyzeRoot(run, file, walk.tops);
    // Rails actions render their own view at their end, where no call says so (templates/rails.ts).
    renderActionViews(run, file);
  }

  /**
   * Does the file match only file hints of rules that cannot report in this scan (dead-hints.ts)? It is then
   * analysed as a file without hints: not at all.
   */
  private hintedOnlyForDeadRules(text: string, resolver: CallResolver): boolean {
    if (!this.fileHints || !this.holdsSource(text)) return false;
    const dead = deadRules(this.taintRules, resolver, this.synthesizedNames);
    if (dead.size === 0) return false;
    let live = this.liveHints.get(dead);
    if (!live) {
      const hints = fileHintsFor(
        this.taintRules.filter((r) => !dead.has(r.id)),
        this.languageHints,
      )!;
      this.liveHints.set(dead, (live = joinedHints(hints)));
    }
    return !live.some((h) => h.test(text));
  }

  /** Per set of dead rules (one per scan): the file hints of the language and of the other rules, joined. */
  private readonly liveHints = new WeakMap<Set<string>, RegExp[]>();

  /** `partOfLarger`: the expression is the object of a field access (exact sources do not apply). */
  matchSource(path: string, partOfLarger = false): readonly SourceMatch[] {
    return (partOfLarger ? this.sourceMatchesInLarger : this.sourceMatches).get(path, () => {
      const out: SourceMatch[] = [];
      if (!this.mayBeSource(path)) return out;
      for (const { source, onlyRule } of this.sources) {
        if (source.exact && partOfLarger) continue;
        if (source.path && source.path.test(path)) out.push({ label: source.label ? `${path} (${source.label})` : path, onlyRule, whole: source.exact, source });
      }
      return out;
    });
  }

  paramSources(): readonly { source: CompiledSource; onlyRule?: string }[] {
    return (this.paramSourceList ??= this.sources.filter((s) => s.source.paramAnnotation || s.source.paramType || s.source.handlerDecorator || s.source.handlerCall || s.source.handlerMethod || s.source.handlerProperty));
  }

  private paramSourceList?: { source: CompiledSource; onlyRule?: string }[];

  requestAlias(typeText: string): string | undefined {
    return this.requestTypes.find((r) => r.type.test(typeText))?.alias;
  }

  sanitizerFor(calleePath: string): readonly CompiledSanitizer[] {
    return this.calleeSanitizers.get(calleePath, () => (this.mayBeSanitizer(calleePath) ? this.sanitizers.filter((s) => s.callee && s.callee.test(calleePath)) : []));
  }

  /** Asked for every node the walk evaluates: answered once per node type. */
  nodeSanitizers(type: string): readonly CompiledSanitizer[] {
    let found = this.byNodeType.get(type);
    if (!found) this.byNodeType.set(type, (found = this.sanitizers.filter((s) => s.node === type)));
    return found;
  }

  private readonly byNodeType = new Map<string, CompiledSanitizer[]>();

  prefixSanitizers(): readonly CompiledSanitizer[] {
    return (this.withPrefix ??= this.sanitizers.filter((s) => s.prefix));
  }

  private withPrefix?: CompiledSanitizer[];

  guardsFor(conditionText: string): CompiledSanitizer[] {
    return this.sanitizers.filter((s) => s.guard && s.guard.test(conditionText));
  }

  /** Does the condition check for what must not be there with a guard of the language's own API (`denies`)? */
  deniesWith(conditionText: string): boolean {
    return this.sanitizers.some((s) => s.denies && s.guard!.test(conditionText));
  }

  get ruleViews(): RuleView[] {
    return this.rules;
  }

  /** The rules with the sinks whose callee pattern `calleePath` matches, in rule order. */
  callSinks(calleePath: string): readonly RuleView[] {
    return this.calleeSinks.get(calleePath, () => (this.mayBeCallSink(calleePath) ? this.sinksWhere((sink) => !!sink.callee && sink.callee.test(calleePath)) : []));
  }

  /** The rules with the sinks an assignment to `lhsPath` is. */
  assignSinks(lhsPath: string): readonly RuleView[] {
    return this.assignedSinks.get(lhsPath, () => (this.mayBeAssignSink(lhsPath) ? this.sinksWhere((sink) => !!sink.assign && sink.assign.test(lhsPath)) : []));
  }

  private sinksWhere(test: (sink: CompiledSink) => boolean): RuleView[] {
    const out: RuleView[] = [];
    for (const { rule, sinks } of this.rules) {
      const matching = sinks.filter(test);
      if (matching.length) out.push({ rule, sinks: matching });
    }
    return out;
  }

  // The same callees, access paths and assigned names recur throughout a code base, and each
  // test runs every rule's pattern: the answers are remembered.
  private readonly calleeSinks = new Memo<readonly RuleView[]>();
  private readonly assignedSinks = new Memo<readonly RuleView[]>();
  private readonly calleeSanitizers = new Memo<readonly CompiledSanitizer[]>();
  private readonly sourceMatches = new Memo<readonly SourceMatch[]>();
  private readonly sourceMatchesInLarger = new Memo<readonly SourceMatch[]>();

  isSinkNode(type: string): boolean {
    return this.sinkNodeTypes.has(type);
  }
}
