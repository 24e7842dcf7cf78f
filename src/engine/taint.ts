// The taint engine: follows untrusted data from sources to sinks through
// variables, fields, string building, calls (in the same file and across files
// of a package), returns, destructuring, closures and callbacks. It is written
// once against the language description (languages/types.ts); what differs
// between languages lives there and in the rule files.
//
// The analysis walks each function body in source order with an environment of
// tainted names. It is flow-sensitive along a body (a later reassignment with a
// clean value clears a name) but merges branches, which errs towards reporting.
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from './languages/types.ts';
import type { CompiledArgCondition, CompiledRule, CompiledSanitizer, CompiledSink, CompiledSource, LanguageTaint } from './rules/load.ts';
import type { TraceStep } from './types.ts';
import { Memo } from './memo.ts';
import { Scope } from './taint-scope.ts';
import { addStep, asNewValue, fieldOf, merge, readField, sanitize, type Taint, type Tainted } from './taint-values.ts';
import { hintsInCode, topLevelToWalk } from './source-regions.ts';
import { classifyReceiver, type Receiver } from './taint-receivers.ts';
import { codeSideOf } from './code-sides.ts';
import { accessPath, callParts, decoratorName, decoratorsOf, enclosingFunction, field, patternNames, type CallParts } from './syntax.ts';

export interface TaintHit {
  rule: CompiledRule;
  file: string;
  node: Node;
  trace: TraceStep[];
}

/** A parsed file the engine can analyse and resolve calls into. */
export interface ParsedFile {
  path: string;
  syntax: LanguageSyntax;
  tree: Tree;
}

/** Resolves a call by name to function definitions in this or other files of the package. */
export interface CallResolver {
  /**
   * The functions a call by `name` may run. With `holdsSource`, other files whose text fails it
   * are not looked into: a call there resolves to nothing (the caller treats it as unknown code).
   * The search may stop once it has found more than `MAX_CALL_TARGETS`. With `withinFile`, only
   * `from` itself is looked into.
   */
  resolve(from: ParsedFile, name: string, receiver: Receiver, holdsSource?: (text: string) => boolean, withinFile?: boolean): { file: ParsedFile; node: Node }[];
  /** Does the file bind `name` by an import (`import utils from './utils'`, a Go package)? */
  bindsImport(from: ParsedFile, name: string): boolean;
}

const MAX_CALL_DEPTH = 5;
/** A call that may run more functions than this (a common method name) is treated as unknown code. */
export const MAX_CALL_TARGETS = 3;
/**
 * Other files the analysis of one file follows calls into. Beyond them, calls resolve only
 * within the file they are in; the rest count as unknown code (their result carries what went
 * in). A web handler's flows cross a few files (controller, service, repository); a module
 * whose every function handles an untrusted-looking object (a `request` of its own, as in an
 * HTTP client library) would otherwise parse and walk much of the code base. The count is of
 * files entered, so the result does not depend on what a thread had parsed before.
 */
export const MAX_FILES_FOLLOWED = 8;

/** Calls that parse a URL: checking the parts of the result checks the URL given to them. */
const URL_PARSERS = /(^|\.)(urlparse|urlsplit|parse_url|urlParse|URL|parse)$/;

/** Per parsed tree (shared by every analysis of a scan): module-level bindings and import aliases, constructors by class name. */
const fileScopes = new WeakMap<Tree, Scope>();
const constructorsByTree = new WeakMap<Tree, Map<string, Node>>();
/** Per tree: names of functions passed by name to a handler-registering call (`http.createServer(handle)`). */
const handlersByName = new WeakMap<Tree, Set<string>>();
/** What a function returns when called with clean arguments, per tree and function start. */
const cleanReturns = new WeakMap<Tree, Map<number, Tainted>>();

function rememberCleanReturn(tree: Tree, start: number, returns: Tainted): void {
  let byStart = cleanReturns.get(tree);
  if (!byStart) cleanReturns.set(tree, (byStart = new Map()));
  if (!byStart.has(start)) byStart.set(start, returns);
}
const DENY_LIST = /block|deny|denied|forbid|reserved|dangerous|unsafe|banned|blacklist|invalid|illegal|disallow|"\.\."|'\.\.'/i;
const COMPARISON = /^(==|!=|===|!==|<|>|<=|>=|instanceof)$/;

/** Properties that name where a URL points: checking them (`url.origin === ORIGIN`) vets the whole URL. */
const URL_PARTS = /^(protocol|host|hostname|origin|scheme|netloc|Host|Scheme)$/;

interface RuleView {
  rule: CompiledRule;
  sinks: CompiledSink[];
}

interface SourceMatch {
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
 * groups, whose numbering or names would clash, stay on their own.
 */
function joinedHints(hints: RegExp[]): RegExp[] {
  const alone = hints.filter((h) => /\\[1-9]|\(\?<[A-Za-z]/.test(h.source));
  const byFlags = new Map<string, Set<string>>();
  for (const h of hints) if (!alone.includes(h)) (byFlags.get(h.flags) ?? byFlags.set(h.flags, new Set()).get(h.flags)!).add(h.source);
  return [...alone, ...[...byFlags].map(([flags, sources]) => new RegExp([...sources].map((x) => `(?:${x})`).join('|'), flags))];
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
    this.fileHints = fileHintsFor(this.rules.map((r) => r.rule), shared?.fileHints);
    if (this.fileHints) this.anyFileHint = joinedHints(this.fileHints);
    for (const { rule } of this.rules) {
      for (const s of rule.taint!.sources) this.sources.push({ source: s, onlyRule: rule.id });
      this.sanitizers.push(...rule.taint!.sanitizers);
      for (const sink of rule.taint!.sinks) if (sink.node) this.sinkNodeTypes.add(sink.node);
    }
  }

  private lastHint?: { text: string; holds: boolean };

  /** Whether a file's text may hold a source (always, for a language without hints). Asked twice per file: remembered. */
  readonly holdsSource = (text: string): boolean => {
    if (!this.fileHints) return true;
    if (this.lastHint?.text !== text) this.lastHint = { text, holds: this.anyFileHint!.some((h) => h.test(text)) };
    return this.lastHint.holds;
  };

  /** The file hints as few regexes as their flags allow: a file without a source is read once, not once per hint. */
  private readonly anyFileHint?: RegExp[];

  /**
   * The top-level statements the analysis of a file on its own walks (source-regions.ts):
   * `undefined` for all of them; none when the hints match only in comments and strings
   * (a module whose docstring mentions "the request" holds no request object).
   */
  statementsToWalk(tree: Tree, text: string): Node[] | undefined {
    if (!this.fileHints) return undefined;
    if (!this.holdsSource(text)) return [];
    const positions = hintsInCode(this.syntax, this.fileHints, tree, text, this.hintParameters);
    return positions === 'everywhere' ? undefined : topLevelToWalk(this.syntax, tree.rootNode, positions);
  }

  /** Finds the flows that start in a file (with its text: in the statements that may read a source); calls lead wherever they go. */
  analyzeFile(file: ParsedFile, resolver: CallResolver, hits: TaintHit[], text?: string): void {
    if (!this.hasRules) return;
    const walk = text === undefined ? undefined : this.statementsToWalk(file.tree, text);
    if (walk?.length === 0) return;
    new TaintRun(this, resolver, hits).analyzeRoot(file, walk);
  }

  /** @internal used by TaintRun. `partOfLarger`: the expression is the object of a field access (exact sources do not apply). */
  matchSource(path: string, partOfLarger = false): readonly SourceMatch[] {
    return this.sourceMatches.get(`${partOfLarger ? 1 : 0}${path}`, () => {
      const out: SourceMatch[] = [];
      for (const { source, onlyRule } of this.sources) {
        if (source.exact && partOfLarger) continue;
        if (source.path && source.path.test(path)) out.push({ label: source.label ? `${path} (${source.label})` : path, onlyRule, whole: source.exact, source });
      }
      return out;
    });
  }

  paramSources(): readonly { source: CompiledSource; onlyRule?: string }[] {
    return (this.paramSourceList ??= this.sources.filter((s) => s.source.paramAnnotation || s.source.paramType || s.source.handlerDecorator || s.source.handlerCall));
  }

  private paramSourceList?: { source: CompiledSource; onlyRule?: string }[];

  requestAlias(typeText: string): string | undefined {
    return this.requestTypes.find((r) => r.type.test(typeText))?.alias;
  }

  sanitizerFor(calleePath: string): readonly CompiledSanitizer[] {
    return this.calleeSanitizers.get(calleePath, () => this.sanitizers.filter((s) => s.callee && s.callee.test(calleePath)));
  }

  nodeSanitizers(type: string): CompiledSanitizer[] {
    return this.sanitizers.filter((s) => s.node === type);
  }

  prefixSanitizers(): CompiledSanitizer[] {
    return this.sanitizers.filter((s) => s.prefix);
  }

  guardsFor(conditionText: string): CompiledSanitizer[] {
    return this.sanitizers.filter((s) => s.guard && s.guard.test(conditionText));
  }

  get ruleViews(): RuleView[] {
    return this.rules;
  }

  /** The rules with the sinks whose callee pattern `calleePath` matches, in rule order. */
  callSinks(calleePath: string): readonly RuleView[] {
    return this.calleeSinks.get(calleePath, () => this.sinksWhere((sink) => !!sink.callee && sink.callee.test(calleePath)));
  }

  /** The rules with the sinks an assignment to `lhsPath` is. */
  assignSinks(lhsPath: string): readonly RuleView[] {
    return this.assignedSinks.get(lhsPath, () => this.sinksWhere((sink) => !!sink.assign && sink.assign.test(lhsPath)));
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

  isSinkNode(type: string): boolean {
    return this.sinkNodeTypes.has(type);
  }
}

interface FunctionFrame {
  file: ParsedFile;
  returns: Tainted;
  depth: number;
  /** Trace prefix from the call site that entered this function. */
  callStep?: TraceStep;
}

class TaintRun {
  private readonly syntax: LanguageSyntax;
  private readonly memo = new Map<string, Tainted>();
  private readonly inProgress = new Set<string>();
  private readonly reported = new Set<string>();
  private readonly fileTexts = new Map<string, string>();
  /** Fields of `self`/`this` that a method of a class stored untrusted data in, seen by its other methods. */
  private readonly classFields = new Map<string, Tainted>();
  private readonly taintedClasses = new Set<string>();
  /** Per file: imported local name → module path. */
  private readonly importMaps = new WeakMap<Tree, Map<string, string>>();
  /** A callback about to be analysed whose parameter receives data (`xs.map((x) => …)`, `p.then((v) => …)`). */
  private callbackBinding?: { node: Node; index: number; taint: Tainted };
  /** The file analysed, and the other files calls were followed into (at most MAX_FILES_FOLLOWED). */
  private rootPath = '';
  private readonly filesFollowed = new Set<string>();

  constructor(
    private readonly engine: TaintEngine,
    private readonly resolver: CallResolver,
    private readonly hits: TaintHit[],
  ) {
    this.syntax = engine.syntax;
  }

  /** Walks the file's top-level statements, or only `tops` of them (in order). */
  analyzeRoot(file: ParsedFile, tops?: Node[]): void {
    this.rootPath = file.path;
    const scope = new Scope(this.fileScope(file));
    const frame: FunctionFrame = { file, returns: null, depth: 0 };
    if (!tops) this.visit(file.tree.rootNode, scope, frame);
    else for (const top of tops) this.visit(top, scope, frame);
  }

  /**
   * What every function of a file sees: import aliases (`from m import a as b`
   * makes `b` read as `a`) and the module-level bindings, so that a function
   * analysed from a call elsewhere still knows `raw_env = Environment(...)`.
   */
  private fileScope(file: ParsedFile): Scope {
    // Never written to after it is built (assignments land in inner scopes), so shared by every run on this tree.
    let scope = fileScopes.get(file.tree);
    if (scope) return scope;
    scope = new Scope();
    scope.shared = true;
    fileScopes.set(file.tree, scope);
    const syntax = file.syntax;
    const aliasShapes = syntax.importAliases ?? {};
    for (const top of file.tree.rootNode.namedChildren) {
      // Import aliases: top-level import statements only.
      if (!top || !/import/.test(top.type)) continue;
      for (const node of top.namedChildren) {
        const shape = node ? aliasShapes[node.type] : undefined;
        if (!node || !shape) continue;
        const name = node.childForFieldName(shape.name)?.text.replace(/\s+/g, '');
        const alias = node.childForFieldName(shape.alias)?.text;
        if (name && alias && name !== alias) scope.aliases.set(alias, name);
      }
    }
    for (const top of file.tree.rootNode.namedChildren) {
      if (!top) continue;
      const candidates = syntax.assignments[top.type] ? [top] : top.namedChildren.filter((c): c is Node => !!c && !!syntax.assignments[c.type]);
      for (const assign of candidates) {
        const shape = syntax.assignments[assign.type]!;
        const left = assign.childForFieldName(shape.left);
        const right = shape.right ? assign.childForFieldName(shape.right) : null;
        if (left && right && syntax.identifiers.includes(left.type)) scope.defs.set(left.text, right);
      }
    }
    return scope;
  }

  private fileText(file: ParsedFile): string {
    let text = this.fileTexts.get(file.path);
    if (text === undefined) {
      text = file.tree.rootNode.text;
      this.fileTexts.set(file.path, text);
    }
    return text;
  }

  /**
   * The text of an expression with its root variable replaced by what it was
   * bound to, recursively: `client.get` after `with httpx.Client() as client`
   * reads `httpx.Client().get`. Conditions of sinks and sanitisers test it.
   */
  private resolvedText(node: Node, scope: Scope, depth = 0): string {
    const s = this.syntax;
    let root: Node = node;
    for (let guard = 0; guard < 32; guard++) {
      const member = s.members[root.type] ?? s.subscripts[root.type];
      const call = s.calls[root.type];
      let next: Node | null = null;
      if (member) next = root.childForFieldName(member.object);
      else if (call) {
        const parts = callParts(s, root);
        next = parts ? (parts.callee ?? parts.receiver) : null;
      }
      if (!next) break;
      root = next;
    }
    // Prefix operators around a variable (`**kwargs`, `*args`, `&v`): resolve the variable.
    const only = root.namedChildCount === 1 ? root.namedChildren[0] : null;
    if (only && depth < 4 && s.identifiers.includes(only.type) && root.text.endsWith(only.text) && root.equals(node)) {
      return root.text.slice(0, root.text.length - only.text.length) + this.resolvedText(only, scope, depth + 1);
    }
    if (depth >= 4 || !s.identifiers.includes(root.type)) return node.text;
    const def = scope.definition(root.text);
    if (!def) return node.text;
    return this.resolvedText(def, scope, depth + 1) + node.text.slice(root.endIndex - node.startIndex);
  }

  private step(frame: FunctionFrame, node: Node, label: string, kind: TraceStep['kind'] = 'step'): TraceStep {
    return {
      kind,
      file: frame.file.path,
      line: node.startPosition.row + 1,
      column: node.startPosition.column + 1,
      label: label.length > 120 ? `${label.slice(0, 117)}...` : label,
    };
  }

  /**
   * The access path a source is looked for at: a path whose root is a local variable is read through
   * what the variable was given (`const request = ctx.request` makes `request.body` read
   * `ctx.request.body`; `upload = params.require(:file)` makes `upload.original_filename` read
   * `params.require().original_filename()`), so a local named like a request object is what it holds
   * (`const req = await fetch(url)`, `const request = require('request')`): no framework object.
   * Parameters, unbound names (the framework's request globals) and locals given a value that has
   * no access path keep their own path; a local given a literal has none (null).
   */
  private sourcePath(path: string, scope: Scope, depth = 0): string | null {
    const root = /^[\w$@]+/.exec(path)?.[0];
    if (!root || root.startsWith('$') || depth > 3) return path;
    const bound = scope.binding(root);
    if (!bound) return path;
    if (this.syntax.literals.includes(bound.type)) return null;
    const base = this.path(bound, scope);
    if (base.includes('?') || base === root) return path;
    return this.sourcePath(base + path.slice(root.length), scope, depth + 1);
  }

  private sourceTaint(frame: FunctionFrame, node: Node, rawPath: string, scope: Scope, prefix = false, call?: { parts: CallParts; scope: Scope }): Tainted {
    const path = this.sourcePath(rawPath, scope);
    if (path === null) return null;
    const parent = node.parent;
    const shape = parent ? (this.syntax.members[parent.type] ?? this.syntax.subscripts[parent.type]) : undefined;
    const partOfLarger = prefix || !!(shape && field(parent!, shape.object)?.equals(node));
    let matches = this.engine.matchSource(path, partOfLarger);
    if (matches.length === 0) return null;
    matches = matches.filter(
      (m) => this.onThisSide(m.source, frame.file) && (m.source.where.length === 0 || (call && m.source.where.every((c) => this.conditionHolds(c, call.parts, call.scope)))),
    );
    if (matches.length === 0) return null;
    return matches.map((m) => ({ trace: [this.step(frame, node, m.label, 'source')], clean: new Set<string>(), onlyRule: m.onlyRule, whole: m.whole }));
  }

  /** Does a source apply in this file: one for a side of the application (`in: server`) only in code on that side. */
  private onThisSide(source: CompiledSource, file: ParsedFile): boolean {
    if (!source.in) return true;
    const side = codeSideOf(file.syntax, file.path, file.tree, this.fileText(file));
    return side === undefined || side === source.in;
  }

  private path(node: Node | null, scope: Scope): string {
    return accessPath(this.syntax, node, (name) => scope.alias(name));
  }

  /** Evaluates a node: returns the taint of its value and performs its effects (assignments, sinks). */
  visit(node: Node, scope: Scope, frame: FunctionFrame): Tainted {
    const s = this.syntax;
    const type = node.type;
    if (s.comments.includes(type) || s.literals.includes(type)) return null;

    if (s.functions[type]) {
      this.analyzeNestedFunction(node, scope, frame);
      return null;
    }
    if (s.identifiers.includes(type)) {
      const name = node.text;
      const known = scope.lookup(name);
      if (known !== undefined) return known;
      const source = this.sourceTaint(frame, node, scope.alias(name) ?? name, scope);
      if (source || !s.bareCalls) return source;
      return this.visitBareCall(node, frame);
    }
    if (s.members[type] || s.subscripts[type]) return this.visitMember(node, scope, frame);
    if (s.calls[type]) return this.visitCall(node, scope, frame);
    const assign = s.assignments[type];
    if (assign) return this.visitAssignment(node, assign.left, assign.right, scope, frame);
    if (s.returns.includes(type)) {
      let t: Tainted = null;
      let returned: Tainted = null;
      for (const child of node.namedChildren) {
        if (!child) continue;
        const items = /expression_list/.test(child.type) ? child.namedChildren.filter((c): c is Node => !!c && !s.comments.includes(c.type)) : [];
        if (items.length > 1) {
          // `return user, err` / `return name, None`: each value keeps its position, so `u, err := f()`
          // gives `u` only what the first one carried (an error built from the input is not the user).
          for (const [i, item] of items.entries()) {
            const v = this.visit(item, scope, frame);
            t = merge(t, v);
            returned = merge(returned, v ? v.map((x) => ({ ...x, field: `#${i}` })) : null);
          }
          continue;
        }
        const v = this.visit(child, scope, frame);
        t = merge(t, v);
        returned = merge(returned, v);
      }
      frame.returns = merge(frame.returns, returned);
      if (t) this.checkReturnSink(node, t, frame);
      // A returned value can itself be a sink (Spring MVC `return "redirect:" + url`).
      if (t && this.engine.isSinkNode(type)) this.checkNodeSink(node, t, frame);
      return t;
    }
    const ifShape = s.ifs[type];
    if (ifShape) return this.visitIf(node, ifShape, scope, frame);
    const ternary = s.ternaries?.[type];
    if (ternary) return this.visitTernary(node, ternary, scope, frame);
    const typeField = s.typedDeclarations?.[type];
    if (typeField) this.recordDeclaredTypes(node, typeField, scope);
    const loop = s.loops?.[type];
    if (loop) {
      const left = node.childForFieldName(loop.left);
      const right = node.childForFieldName(loop.right);
      const body = node.childForFieldName(loop.body);
      const items = right ? this.visit(right, scope, frame) : null;
      if (left) for (const name of patternNames(this.syntax, left)) scope.assign(name, items ? addStep(items, this.step(frame, left, name)) : null);
      if (body) this.visit(body, scope, frame);
      return null;
    }
    if (s.addressOf === type) return this.visitChildren(node, scope, frame);
    const select = s.selects?.[type];
    if (select) {
      const subject = field(node, select.subject);
      let value: Tainted = null;
      for (const child of node.namedChildren) {
        if (!child || s.comments.includes(child.type)) continue;
        const t = this.visit(child, scope, frame);
        if (!subject || !child.equals(subject)) value = merge(value, t);
      }
      return value;
    }
    const cast = s.casts?.find((c) => c.node === type && c.match.test(field(node, c.type)?.text ?? ''));
    if (cast) {
      const value = this.visitChildren(node, scope, frame);
      return cast.types ? sanitize(value, cast.types) : null;
    }
    const objectShape = s.objects?.[type];
    if (objectShape) return this.visitObject(node, objectShape, scope, frame);
    let t: Tainted;
    if (s.interpolatedStrings.includes(type) && node.namedChildCount > 0) t = this.visitBuiltString(this.stringParts(node), scope, frame);
    else if (s.concatenations?.includes(type) && node.childForFieldName('operator')?.text === '+') t = this.visitBuiltString(this.concatParts(node), scope, frame);
    else {
      t = this.visitChildren(node, scope, frame);
      // A comparison yields a boolean, whatever it compared (`r.Body == nil`, `role.equals(x)` is handled by sanitisers).
      if (t && COMPARISON.test(node.childForFieldName('operator')?.text ?? '')) return null;
    }
    // Strings can be sinks themselves (PHP backticks, Ruby `%x()`).
    if (t && this.engine.isSinkNode(type)) this.checkNodeSink(node, t, frame);
    for (const san of this.engine.nodeSanitizers(type)) t = sanitize(t, san.types);
    return t;
  }

  /** An object literal: the taint of each property value is placed in that property. */
  private visitObject(node: Node, shape: { pair: string; key: string; value: string; shorthand?: string }, scope: Scope, frame: FunctionFrame): Tainted {
    let t: Tainted = null;
    const place = (v: Tainted, field: string | undefined) => (v ? v.map((x) => (field !== undefined ? { ...x, field, inLiteral: true } : { ...x, inLiteral: true })) : v);
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === shape.pair) {
        const key = child.childForFieldName(shape.key);
        const value = child.childForFieldName(shape.value);
        const v = value ? this.visit(value, scope, frame) : null;
        const name = key && /^['"]?[\w$]+['"]?$/.test(key.text) ? key.text.replace(/['"]/g, '') : undefined;
        t = merge(t, place(v, name));
      } else if (shape.shorthand && child.type === shape.shorthand) {
        t = merge(t, place(this.visit(child, scope, frame), child.text));
      } else t = merge(t, place(this.visit(child, scope, frame), undefined));
    }
    return t;
  }

  /** The pieces of an interpolated string in order: leaves are constant text, other children are substitutions. */
  private stringParts(node: Node): Node[] {
    const out: Node[] = [];
    for (let i = 0; i < node.childCount; i++) {
      const c = node.child(i);
      if (c) out.push(c);
    }
    return out;
  }

  /** The operands of a `+` chain, left to right (`a + b + c`). */
  private concatParts(node: Node): Node[] {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const out: Node[] = [];
    if (left) {
      if (left.type === node.type && left.childForFieldName('operator')?.text === '+') out.push(...this.concatParts(left));
      else out.push(left);
    }
    if (right) out.push(right);
    return out;
  }

  /**
   * A string built from pieces: the taint of its parts, except for types a prefix sanitizer
   * clears because the constant start fixes what the untrusted part can change (`/users/${id}`).
   */
  private visitBuiltString(parts: Node[], scope: Scope, frame: FunctionFrame): Tainted {
    const s = this.syntax;
    let t: Tainted = null;
    let prefix = '';
    let prefixDone = false;
    for (const part of parts) {
      // Delimiters and operators (`\``, `${`, `+`).
      if (!part.isNamed) continue;
      if (s.literals.includes(part.type) && !s.interpolatedStrings.includes(part.type)) {
        if (!prefixDone) prefix += part.type === 'string' ? part.text.replace(/^['"]|['"]$/g, '') : part.text;
        continue;
      }
      const pt = this.visit(part, scope, frame);
      if (!prefixDone) {
        if (pt) prefixDone = true;
        else prefix += '${}';
      }
      t = merge(t, pt);
    }
    if (!t) return null;
    t = asNewValue(t)!.map((x) => (x.text ? x : { ...x, text: true }));
    for (const san of this.engine.prefixSanitizers()) if (san.prefix!.test(prefix)) t = sanitize(t, san.types);
    return t;
  }

  private visitChildren(node: Node, scope: Scope, frame: FunctionFrame): Tainted {
    let t: Tainted = null;
    if (this.syntax.comprehensions?.includes(node.type)) {
      // `[f(x) for x in xs if ok(x)]`: bind x first; the element's taint is the comprehension's.
      const clauses = node.namedChildren.filter((c): c is Node => !!c && !!this.syntax.assignments[c.type]);
      for (const clause of clauses) this.visit(clause, scope, frame);
      const filters = node.namedChildren.filter((c): c is Node => !!c && !!this.syntax.comprehensionFilters?.includes(c.type));
      // A filter's check (`if f in ALLOWED`) holds for every element the comprehension keeps.
      const kept = this.passedChecks(filters, scope, frame);
      for (const child of node.namedChildren) {
        if (child && !clauses.some((c) => c.equals(child)) && !filters.some((c) => c.equals(child))) t = merge(t, this.visit(child, kept, frame));
      }
      return t;
    }
    for (const child of node.namedChildren) {
      if (!child) continue;
      t = merge(t, this.visit(child, scope, frame));
    }
    return t;
  }

  private visitMember(node: Node, scope: Scope, frame: FunctionFrame): Tainted {
    const path = this.path(node, scope);
    // A value stored at exactly this path (also a source path a guard has vetted) wins over the source.
    const stored = scope.lookup(path);
    if (stored !== undefined) return stored;
    const source = this.sourceTaint(frame, node, path, scope);
    // A rule's own source (`upload.filename`) does not hide what the variable already carries.
    if (source && source.every((t) => !t.onlyRule)) return source;
    // Field-sensitive lookup: `a.b.c` is tainted if `a.b` or `a` is (or a field of this object another method set).
    let p = path;
    const selfField = this.classField(node, p);
    if (selfField) return merge(source, selfField);
    while (p.includes('.') || p.endsWith('[]')) {
      const cut = Math.max(p.lastIndexOf('.'), p.endsWith('[]') ? p.length - 2 : -1);
      if (cut <= 0) break;
      p = p.slice(0, cut);
      const known = scope.lookup(p) ?? this.classField(node, p);
      if (known) return merge(source, readField(known, /^\.([^.[]+)/.exec(path.slice(p.length))?.[1]));
      // `e.data.html` in a handler whose parameter `e` is otherwise unknown: the source prefix still counts —
      // unless a call stands between (`cookies.signed[:k]`), whose result the object's evaluation gives.
      const prefixSource = path.slice(p.length).includes('()') ? null : this.sourceTaint(frame, node, p, scope, true);
      if (prefixSource) return merge(source, fieldOf(prefixSource));
      if (known === null) return source;
    }
    const member = this.syntax.members[node.type];
    const shape = member ?? this.syntax.subscripts[node.type]!;
    const object = field(node, shape.object);
    const t = object ? this.visit(object, scope, frame) : null;
    // `obj[key]` is a value stored in obj: the key is evaluated for its effects, its taint does not flow.
    if (!member) {
      const key = field(node, shape.property);
      if (key) this.visit(key, scope, frame);
      return merge(source, fieldOf(t));
    }
    return merge(source, readField(t, node.childForFieldName(shape.property)?.text));
  }

  private visitAssignment(node: Node, leftField: string, rightField: string | undefined, scope: Scope, frame: FunctionFrame): Tainted {
    const left = field(node, leftField);
    const right = rightField ? field(node, rightField) : (node.namedChildren.find((c) => !!c && !(left && c.equals(left))) ?? null);
    const isAugmented = /augmented|compound/.test(node.type) || /^[^=]*[-+*/|&%.]=/.test(node.text.slice(left ? left.endIndex - node.startIndex : 0, right ? right.startIndex - node.startIndex : undefined));
    let value = right ? this.visit(right, scope, frame) : null;
    if (!left) return value;
    // `a ??= b` / `a ||= b` write b or keep a: only b is new data for a sink.
    const operator = node.text.slice(left.endIndex - node.startIndex, right ? right.startIndex - node.startIndex : undefined);
    const written = /^\s*(\?\?|\|\||&&)=/.test(operator) ? value : undefined;
    // Evaluate subscripts/receivers on the left for their effects (e.g. calls).
    if (isAugmented) value = merge(value, this.visit(left, scope, frame));
    // Destructuring reads fields: whole-value taint does not reach them.
    if (/pattern/.test(left.type)) value = fieldOf(value);
    const lhsPath = this.path(left, scope);
    if (value) value = addStep(value, this.step(frame, node, lhsPath));
    if (right && this.syntax.identifiers.includes(left.type)) {
      if (this.engine.guardsFor(right.text).length) scope.conditions.set(left.text, right);
      else scope.conditions.delete(left.text);
    }
    const single = right && right.namedChildCount === 1 && /expression_list/.test(right.type) ? right.namedChildren[0] : right;
    const target = left.namedChildCount === 1 && /expression_list/.test(left.type) ? left.namedChildren[0] : left;
    if (single && target && this.syntax.identifiers.includes(target.type)) scope.inits.set(target.text, single);
    this.checkAssignSink(node, left, lhsPath, written !== undefined ? written : value, scope, frame);
    if (this.syntax.identifiers.includes(left.type)) scope.origins.set(left.text, right ? this.callOrigin(right, scope) : null);

    // Element-wise tuple assignment: `a, b = x, y`.
    this.bindAssigned(node, left, right, value, lhsPath, isAugmented, scope, frame);
    if (right) this.bindDestructuredSources(left, right, scope, frame);
    // Loops are assignments with a body (`for k, v in d.items(): ...`): the body runs with the names bound.
    for (const child of node.namedChildren) {
      if (!child || child.equals(left) || (right && child.equals(right))) continue;
      this.visit(child, scope, frame);
    }
    return value;
  }

  /** `const { query, params: p } = req`: each name read from the object is its own access path (`req.query`), which may be a source. */
  private bindDestructuredSources(left: Node, right: Node, scope: Scope, frame: FunctionFrame): void {
    const shape = this.syntax.objectPatterns?.[left.type];
    if (!shape) return;
    const objectPath = this.path(right, scope);
    if (!/^[\w$.]+$/.test(objectPath)) return;
    for (const property of left.namedChildren) {
      if (!property) continue;
      let key: string | undefined;
      let name: string | undefined;
      if (property.type === shape.shorthand) key = name = property.text;
      else if (property.type === shape.pair) {
        key = field(property, shape.key)?.text;
        const value = field(property, shape.value);
        name = value && this.syntax.identifiers.includes(value.type) ? value.text : undefined;
      }
      if (!key || !name) continue;
      const source = this.sourceTaint(frame, property, `${objectPath}.${key}`, scope);
      if (source) scope.assign(name, merge(scope.lookup(name) ?? null, source));
    }
  }

  /** The key of `self.field` in the class around `node`, if the path is a field of this object. */
  private classFieldKey(node: Node, path: string): string | undefined {
    const self = path.split('.')[0]!;
    if (!path.includes('.') || !(this.syntax.selfNames ?? []).includes(self)) return undefined;
    for (let p = node.parent; p; p = p.parent) {
      if ((this.syntax.classes ?? []).includes(p.type)) return `${p.startIndex}:${p.endIndex}:${path}`;
    }
    return undefined;
  }

  /** Is the function a method of a class whose fields hold untrusted data in this run? */
  private inTaintedClass(fn: Node): boolean {
    if (this.taintedClasses.size === 0) return false;
    for (let p = fn.parent; p; p = p.parent) {
      if ((this.syntax.classes ?? []).includes(p.type)) return this.taintedClasses.has(`${p.startIndex}:${p.endIndex}`);
    }
    return false;
  }

  private classField(node: Node, path: string): Tainted | undefined {
    const key = this.classFieldKey(node, path);
    return key ? this.classFields.get(key) : undefined;
  }

  /** A class of this file by name, for constructor calls (`Exporter(name)` → `Exporter.__init__`). */
  private constructorOf(file: ParsedFile, name: string): Node | undefined {
    const syntax = file.syntax;
    if (!syntax.constructorNames?.length || !/^[A-Z]/.test(name)) return undefined;
    let constructors = constructorsByTree.get(file.tree);
    if (!constructors) {
      constructors = new Map();
      constructorsByTree.set(file.tree, constructors);
      const fnTypes = Object.keys(syntax.functions);
      for (const cls of file.tree.rootNode.descendantsOfType(syntax.classes ?? [])) {
        const className = cls?.childForFieldName('name')?.text;
        if (!cls || !className) continue;
        for (const fn of cls.descendantsOfType(fnTypes)) {
          const shape = fn ? syntax.functions[fn.type] : undefined;
          const fnName = fn && shape?.name ? fn.childForFieldName(shape.name)?.text : undefined;
          if (fn && fnName && syntax.constructorNames.includes(fnName)) {
            constructors.set(className, fn);
            break;
          }
        }
      }
    }
    return constructors.get(name);
  }

  private bindAssigned(node: Node, left: Node, right: Node | null, value: Tainted, lhsPath: string, isAugmented: boolean, scope: Scope, frame: FunctionFrame): void {
    const fieldKey = value ? this.classFieldKey(node, lhsPath) : undefined;
    if (fieldKey) {
      this.classFields.set(fieldKey, merge(this.classFields.get(fieldKey) ?? null, value));
      this.taintedClasses.add(fieldKey.split(':').slice(0, 2).join(':'));
    }
    const leftItems = left.namedChildren.filter((c): c is Node => !!c && !this.syntax.comments.includes(c.type));
    const rightItems = right ? right.namedChildren.filter((c): c is Node => !!c) : [];
    if (/list|tuple|expression_list/.test(left.type) && right && /list|tuple/.test(right.type) && leftItems.length === rightItems.length && leftItems.length > 1) {
      leftItems.forEach((item, i) => {
        const v = this.visit(rightItems[i]!, scope, frame);
        for (const name of patternNames(this.syntax, item)) scope.assign(name, v);
      });
      return;
    }
    // `u, err := find(id)` of a function returning values by position: each name gets its own.
    if (leftItems.length > 1 && value?.some((x) => x.field?.startsWith('#'))) {
      leftItems.forEach((item, i) => {
        const own = value.filter((x) => x.field === undefined || x.field === `#${i}`).map((x) => (x.field ? { ...x, field: undefined } : x));
        for (const name of patternNames(this.syntax, item)) scope.assign(name, own.length ? own : null);
      });
      return;
    }
    const names = this.syntax.members[left.type] || this.syntax.subscripts[left.type] ? [lhsPath] : patternNames(this.syntax, left);
    if (names.length === 1 && right && !isAugmented && !this.syntax.members[left.type] && !this.syntax.subscripts[left.type]) {
      const name = names[0]!;
      scope.defs.set(name, right);
      scope.derived.set(name, this.callInputs(right, scope));
    }
    for (const name of names) {
      if (name === '?') continue;
      // Storing into an element of a container taints the container.
      if (name.endsWith('[]')) scope.assign(name.slice(0, -2), merge(scope.lookup(name.slice(0, -2)) ?? null, value));
      else if (value && this.isSelfField(name)) {
        scope.assign(name, value);
        // `self.x = …` in a method of a class is read by that class's other methods (classFields), never
        // by another class of the file. Only where no class encloses it (a `this` in an object literal's
        // or a prototype's function) is it kept where every function of the file sees it.
        if (fieldKey) continue;
        let root = scope;
        // Stop below the file scope, which every analysis of this tree shares.
        while (root.parent && !root.parent.shared) root = root.parent;
        root.vars.set(name, merge(root.vars.get(name) ?? null, value));
      } else scope.assign(name, value);
    }
  }

  /** Tainted variables passed to the calls of a chain (`urlparse(url).hostname` → url). */
  private callInputs(node: Node, scope: Scope): string[] {
    const s = this.syntax;
    const out: string[] = [];
    for (let n: Node | null = node, i = 0; n && i < 16; i++) {
      if (s.calls[n.type]) {
        const parts = callParts(s, n);
        // Only URL parsing keeps what is checked tied to its input: `basename(file)` passing a check says nothing about `file`.
        const callee = parts ? this.path(parts.callee ?? parts.name, scope) : '';
        if (URL_PARSERS.test(callee)) for (const a of parts?.positional ?? []) if (s.identifiers.includes(a.type) && scope.lookup(a.text)) out.push(a.text);
        n = parts ? (parts.receiver ?? null) : null;
      } else if (s.members[n.type]) n = n.childForFieldName(s.members[n.type]!.object);
      else break;
    }
    return out;
  }

  private visitIf(node: Node, shape: { condition: string; consequence: string; alternative?: string }, scope: Scope, frame: FunctionFrame): Tainted {
    const condition = field(node, shape.condition);
    const consequence = field(node, shape.consequence);
    const alternative = shape.alternative ? field(node, shape.alternative) : null;
    const parts = [condition, consequence, alternative];
    const others = node.namedChildren.filter((c): c is Node => !!c && !this.syntax.comments.includes(c.type) && !parts.some((p) => p && p.equals(c)));
    // Go's `if x := f(); cond` runs its initializer first, in the enclosing scope.
    for (const child of others) if (condition && child.startIndex < condition.startIndex) this.visit(child, scope, frame);
    // Else-if chains and else clauses the grammar does not put in a field.
    const later = others.filter((c) => !condition || c.startIndex > condition.startIndex);
    if (condition) this.visit(condition, scope, frame);
    const effective = condition ? this.effectiveCondition(condition, scope) : null;
    const guards = effective ? this.engine.guardsFor(effective.text) : [];
    const guardedTaint = guards.length && effective ? this.guardedNames(effective, scope, frame) : new Map<string, Tainted>();
    const guarded = [...guardedTaint.keys()];
    if (!guarded.length || !consequence || !condition || !effective) {
      return this.visitBranches([consequence, alternative, ...later].filter((b): b is Node => !!b), !!alternative || later.length > 0, scope, frame);
    }
    const cleanIn = (target: Scope) => {
      const cleaned = new Map<string, Tainted>();
      for (const name of guarded) {
        let t = guardedTaint.get(name) ?? null;
        for (const g of guards) t = sanitize(t, g.types);
        target.vars.set(name, t);
        cleaned.set(name, t);
      }
      return cleaned;
    };
    /** The branch where the check passed sees clean values; its other assignments stay visible after the if. */
    const visitPassed = (branch: Node) => {
      const inner = new Scope(scope);
      const cleaned = cleanIn(inner);
      this.visit(branch, inner, frame);
      for (const [k, v] of inner.vars) if (!(cleaned.has(k) && cleaned.get(k) === v)) scope.assign(k, v);
    };
    // Ruby's `unless` runs its branch when the check fails.
    if (this.isNegative(condition, effective) !== node.type.startsWith('unless')) {
      // `if (!allowed.has(x)) return;` / `if !ok { x = "default" }`: the failing branch sees raw values.
      this.visit(consequence, scope, frame);
      if (alternative) visitPassed(alternative);
      for (const b of later) this.visit(b, scope, frame);
      if (this.exits(consequence)) cleanIn(scope);
      return null;
    }
    // `if (allowed.has(x)) { use(x) }`: x is safe inside. A leaving branch on a deny-list
    // (`if (BLOCKED.has(k)) continue;`) vets what comes after it instead.
    visitPassed(consequence);
    if (alternative) this.visit(alternative, scope, frame);
    for (const b of later) this.visit(b, scope, frame);
    if (this.exits(consequence) && DENY_LIST.test(effective.text)) cleanIn(scope);
    return null;
  }

  /**
   * Branches without a guard: each starts from the state before the `if`; afterwards a
   * name holds whatever any branch that falls through may have left in it.
   */
  private visitBranches(branches: Node[], exhaustive: boolean, scope: Scope, frame: FunctionFrame): Tainted {
    let result: Tainted = null;
    const fallThrough: Scope[] = [];
    for (const branch of branches) {
      const inner = new Scope(scope, true);
      result = merge(result, this.visit(branch, inner, frame));
      if (!this.exits(branch)) fallThrough.push(inner);
    }
    const names = new Set<string>();
    for (const b of fallThrough) for (const name of b.vars.keys()) names.add(name);
    for (const name of names) {
      const before = scope.lookup(name) ?? null;
      let value: Tainted = exhaustive && fallThrough.length > 0 ? null : before;
      for (const b of fallThrough) value = merge(value, b.vars.has(name) ? b.vars.get(name)! : before);
      scope.assign(name, value);
    }
    return result;
  }

  /** Does the condition hold when the check fails (`!valid(x)`, `x == null || !ok(x)`, `err != nil || …`)? */
  private isNegative(condition: Node, effective: Node): boolean {
    const negated = (text: string) => /^[\s(]*(!(?!=)|not\s)/.test(text);
    if (effective !== condition) return negated(condition.text) !== negated(effective.text);
    const text = condition.text.replace(/^\s*\(([\s\S]*)\)\s*$/, '$1');
    // Python `x not in ALLOWED`, `x is None`, `x != "https"`, PHP/JS `!== 1` and `=== 0` hold when the check fails too.
    const failing = (part: string) =>
      negated(part) || /==\s*(null|nil|None|false|undefined)\b|!==?\s*(nil|null|true|1)\b|===?\s*0\b|\bnot\s+in\b|\bis\s+None\b|!=\s*["']/.test(part);
    if (text.includes('&&') && !text.includes('||')) {
      // `x != null && x.startsWith("/")`: a conjunction is a passed check unless every check in it is negated.
      const checks = text.split('&&').filter((p) => this.engine.guardsFor(p).length > 0);
      return checks.length > 0 && checks.every((p) => negated(p) || /!==?|\bnot\s/.test(p));
    }
    return text.split(/\|\||&&/).some(failing);
  }

  /**
   * Names in a condition whose values are tainted now, with that taint: the candidates a guard cleans.
   * Source paths count (`ObjectId.isValid(req.params.id)`), and checking where a URL points
   * (`url.hostname`, `url.origin`) vets the URL object itself.
   */
  private guardedNames(condition: Node, scope: Scope, frame: FunctionFrame): Map<string, Tainted> {
    const names = new Map<string, Tainted>();
    const consider = (n: Node): boolean => {
      const p = this.path(n, scope);
      if (p.includes('?')) return false;
      const t = scope.lookup(p) ?? (this.syntax.members[n.type] ? this.sourceTaint(frame, n, p, scope) : null);
      if (t) names.set(p, t);
      return !!t;
    };
    const walk = (n: Node) => {
      const member = this.syntax.members[n.type];
      if (this.syntax.identifiers.includes(n.type) || member) {
        consider(n);
        if (member) {
          const prop = field(n, member.property);
          const obj = field(n, member.object);
          // `urlparse(url).hostname in HOSTS` vets the URL given to the parse call.
          if (prop && obj && URL_PARTS.test(prop.text) && !consider(obj) && this.syntax.calls[obj.type]) walk(obj);
          // A method called on a value checks that value (`name.startsWith('/')`); a field read (`msg.type`) does not.
          const parent = n.parent;
          const callShape = parent ? this.syntax.calls[parent.type] : undefined;
          if (obj && callShape?.callee && field(parent!, callShape.callee)?.equals(n)) walk(obj);
          return;
        }
      }
      for (const c of n.namedChildren) if (c) walk(c);
    };
    walk(condition);
    // Validating `parsed.hostname` where `parsed = urlparse(url)` validates `url`.
    for (const name of [...names.keys()]) {
      for (const input of scope.inputsOf(name.split('.')[0]!)) {
        const t = scope.lookup(input);
        if (t) names.set(input, t);
      }
    }
    return names;
  }

  /** The callee path of a call that gives a value (through `await`/parentheses), for names assigned from it. */
  private callOrigin(value: Node, scope: Scope): string | null {
    let n: Node | null = value;
    while (n && (n.type === 'await_expression' || n.type === 'parenthesized_expression') && n.namedChildCount > 0) n = n.namedChildren[0] ?? null;
    if (!n || !this.syntax.calls[n.type]) return null;
    const parts = callParts(this.syntax, n);
    if (!parts) return null;
    const path = parts.callee ? this.path(parts.callee, scope) : `${parts.receiver ? `${this.path(parts.receiver, scope)}.` : ''}${parts.name?.text ?? '?'}`;
    return `${path.replace(/^new\s+/, '')}()`;
  }

  /** The condition a guard is looked for in: `if (ok)` stands for the validation stored in `ok`. */
  private effectiveCondition(condition: Node, scope: Scope): Node {
    let n: Node = condition;
    for (let i = 0; i < 4; i++) {
      const inner = n.namedChildren.filter((c): c is Node => !!c && !this.syntax.comments.includes(c.type));
      if (/parenthesized|unary|not_operator/.test(n.type) && inner.length === 1) n = inner[0]!;
      else break;
    }
    if (this.syntax.identifiers.includes(n.type)) return scope.condition(n.text) ?? condition;
    return condition;
  }

  private visitTernary(node: Node, shape: { condition: string; consequence: string; alternative: string }, scope: Scope, frame: FunctionFrame): Tainted {
    const condition = node.childForFieldName(shape.condition);
    const consequence = node.childForFieldName(shape.consequence);
    const alternative = node.childForFieldName(shape.alternative);
    if (!condition || !consequence || !alternative) return this.visitChildren(node, scope, frame);
    this.visit(condition, scope, frame);
    const effective = this.effectiveCondition(condition, scope);
    const guards = this.engine.guardsFor(effective.text);
    const guarded = guards.length ? this.guardedNames(effective, scope, frame) : new Map<string, Tainted>();
    if (!guarded.size) return merge(this.visit(consequence, scope, frame), this.visit(alternative, scope, frame));
    // `ALLOWED.contains(x) ? x : "default"`: x is validated where it is chosen.
    const inner = new Scope(scope);
    for (const [name, taint] of guarded) {
      let v = taint;
      for (const g of guards) v = sanitize(v, g.types);
      inner.vars.set(name, v);
    }
    const negative = this.isNegative(condition, effective);
    const t = this.visit(consequence, negative ? scope : inner, frame);
    return merge(t, this.visit(alternative, negative ? inner : scope, frame));
  }

  /** A scope in which the names that the given conditions vet (when each holds) are cleaned. */
  private passedChecks(conditions: Node[], scope: Scope, frame: FunctionFrame): Scope {
    let inner = scope;
    for (const holder of conditions) {
      this.visit(holder, scope, frame);
      const condition = holder.namedChildren.find((c): c is Node => !!c && !this.syntax.comments.includes(c.type));
      if (!condition) continue;
      const effective = this.effectiveCondition(condition, scope);
      const guards = this.engine.guardsFor(effective.text);
      if (!guards.length || this.isNegative(condition, effective)) continue;
      const guarded = this.guardedNames(effective, scope, frame);
      if (!guarded.size) continue;
      if (inner === scope) inner = new Scope(scope);
      for (const [name, taint] of guarded) {
        let v = taint;
        for (const g of guards) v = sanitize(v, g.types);
        inner.vars.set(name, v);
      }
    }
    return inner;
  }

  private recordDeclaredTypes(node: Node, typeField: string, scope: Scope): void {
    const typeNode = node.childForFieldName(typeField);
    if (!typeNode) return;
    const names: string[] = [];
    for (const d of node.childrenForFieldName('declarator')) {
      const name = d?.childForFieldName('name');
      if (name) names.push(name.text);
    }
    for (const n of node.childrenForFieldName('name')) if (n) names.push(n.text);
    const alias = this.engine.requestAlias(typeNode.text);
    for (const n of names) {
      scope.types.set(n, typeNode.text);
      // An injected field of the request type (`@Autowired HttpServletRequest request`) is the request too.
      if (alias) scope.aliases.set(n, alias);
    }
  }

  /** Does this block always leave (return/throw/abort) — a guard clause? */
  private exits(block: Node): boolean {
    const s = this.syntax;
    if (s.exits.includes(block.type)) return true;
    const statements = block.namedChildren.filter((c): c is Node => !!c && !s.comments.includes(c.type));
    const last = statements[statements.length - 1];
    if (!last) return false;
    if (s.exits.includes(last.type)) return true;
    if (/statement_list|block|compound|body/.test(last.type)) return this.exits(last);
    const text = last.text;
    if (s.exitCalls) {
      const call = last.descendantsOfType(Object.keys(s.calls))[0];
      if (call) {
        const parts = callParts(s, call);
        const path = parts ? accessPath(s, parts.callee ?? parts.name) : '';
        if (s.exitCalls.test(path.replace(/\(\)/g, ''))) return true;
      }
    }
    return /^\s*(die|exit|abort|halt|raise|throw)\b/.test(text);
  }

  private visitCall(node: Node, scope: Scope, frame: FunctionFrame): Tainted {
    const s = this.syntax;
    const parts = callParts(s, node);
    if (!parts) return this.visitChildren(node, scope, frame);
    const calleeNode = parts.callee ?? parts.name;
    let calleePath = parts.callee ? this.path(parts.callee, scope) : `${parts.receiver ? `${this.path(parts.receiver, scope)}.` : ''}${parts.name?.text ?? '?'}`;
    if (parts.isConstructor) calleePath = calleePath.replace(/^new\s+/, '');
    const fullPath = `${calleePath}()`;

    // Arguments and receiver are evaluated first, in order, for their effects.
    let receiverTaint = parts.receiver ? this.visit(parts.receiver, scope, frame) : null;
    // A callee held in a variable (`$fn()`, `new $class()`): its value chooses what runs, like a receiver.
    if (parts.callee && !parts.receiver) {
      if (!s.identifiers.includes(parts.callee.type)) this.visit(parts.callee, scope, frame);
      else if (s.dynamicCallee?.test(parts.callee.text)) receiverTaint = scope.lookup(parts.callee.text) ?? null;
    }
    const elementMethod = receiverTaint && parts.name && s.elementCallbacks?.test(parts.name.text) ? parts.name.text : undefined;
    const argTaints = parts.positional.map((a) => {
      if (elementMethod && s.functions[a.type]) this.callbackBinding = { node: a, index: /^reduce/.test(elementMethod) ? 1 : 0, taint: receiverTaint };
      const t = this.visit(a, scope, frame);
      this.callbackBinding = undefined;
      return t;
    });
    const kwTaints = new Map<string, Tainted>();
    for (const [k, v] of parts.keywords) kwTaints.set(k, this.visit(v, scope, frame));
    // Other parts of the call (Ruby blocks, C# object initializers) run too; what they hold goes into the result.
    let extraTaint: Tainted = null;
    const known = [parts.callee, parts.receiver, parts.name, parts.argsNode];
    for (const child of node.namedChildren) {
      if (!child || known.some((k) => k && k.equals(child)) || s.comments.includes(child.type)) continue;
      if (parts.callee && !parts.receiver && child.startIndex < parts.callee.endIndex) continue;
      extraTaint = merge(extraTaint, this.visit(child, scope, frame));
    }

    const source = this.sourceTaint(frame, node, fullPath, scope, false, { parts, scope });
    this.mutateReceiver(parts, argTaints, scope);

    this.checkCallSinks(node, parts, calleePath, receiverTaint, argTaints, kwTaints, scope, frame);

    // Everything that went into the call; a sanitizer at the end of a source chain still applies (`params[:id].to_i`).
    let all: Tainted = merge(receiverTaint, extraTaint);
    for (const t of argTaints) all = merge(all, t);
    for (const t of kwTaints.values()) all = merge(all, t);

    // Calling a value a known call produced (`render = Handlebars.compile(…); render(data)`) is calling that call's result.
    const origin = parts.callee && !parts.receiver && s.identifiers.includes(parts.callee.type) ? scope.origin(parts.callee.text) : undefined;
    const matching = [...this.engine.sanitizerFor(calleePath), ...(origin ? this.engine.sanitizerFor(origin) : [])].filter((san) =>
      san.where.every((c) => this.conditionHolds(c, parts, scope)),
    );
    if (source) {
      // A source reached through untrusted data keeps both (`file.getOriginalFilename()` of an untrusted upload);
      // one read with a conversion (`request.args.get("page", type=int)`) is clean for what the sanitiser covers.
      let out = merge(source, all);
      for (const san of matching.filter((x) => !x.receiver)) out = sanitize(out, san.types);
      this.taintOutParams(parts, out, scope);
      return out;
    }
    // `cookie.setSecure(true)`: the call makes its receiver safe from now on.
    for (const san of matching.filter((x) => x.receiver)) {
      if (!parts.receiver) continue;
      const name = this.path(parts.receiver, scope);
      const known = scope.lookup(name);
      if (known) scope.assign(name, sanitize(known, san.types));
    }
    const sanitizers = matching.filter((x) => !x.receiver);
    const cleaned = (value: Tainted) => {
      let t = value;
      for (const san of sanitizers) t = sanitize(t, san.types);
      return t;
    };
    // A sanitizer for every type ends the analysis here; one for some types
    // still lets calls into visible code be followed (sinks inside them count).
    if (sanitizers.some((san) => !san.types)) return cleaned(all);

    // Calls into code we can see: analyse the callee with these argument taints.
    const name = parts.name?.text ?? (calleeNode ? calleeNode.text : '');
    if (name && /^[\w$]+$/.test(name) && frame.depth < MAX_CALL_DEPTH) {
      // What the receiver is (`this`, a declared or constructed class, an import) says where to look.
      const receiver: Receiver = parts.receiver ? classifyReceiver(s, parts.receiver, scope, (n) => this.resolver.bindsImport(frame.file, n)) : { kind: 'none' };
      // With nothing untrusted going in, a function in a file that holds no source returns
      // nothing untrusted (and its sinks are found when its own file is analysed): it need
      // not be looked for — which spares parsing the neighbours it might be in.
      const nothingIn = !all && this.taintedClasses.size === 0;
      const targets = this.resolver.resolve(frame.file, name, receiver, nothingIn ? this.engine.holdsSource : undefined, this.followedEnough());
      if (targets.length > 0 && targets.length <= MAX_CALL_TARGETS) {
        let result: Tainted = null;
        const callStep = this.step(frame, node, `${calleePath}()`);
        this.follow(targets);
        for (const target of targets) {
          const boundArgs = argTaints.map((t) => addStep(t, callStep));
          result = merge(result, this.analyzeCall(target, boundArgs, kwTaints, receiverTaint, frame, callStep, parts));
        }
        this.vetArguments(targets, parts, scope);
        this.taintOutParams(parts, result, scope);
        return result ? cleaned(addStep(result, this.step(frame, node, `return of ${calleePath}()`))) : null;
      }
      const constructor = !parts.receiver && targets.length === 0 ? this.constructorOf(frame.file, name) : undefined;
      if (constructor) {
        // The constructor stores its arguments in fields; the other methods read them from there.
        const callStep = this.step(frame, node, `${calleePath}()`);
        this.analyzeCall({ file: frame.file, node: constructor }, argTaints.map((t) => addStep(t, callStep)), kwTaints, null, frame, callStep, parts, true);
        return null;
      }
    }

    // Stored data looked up by the arguments (`map.get(k)`, `Model.findOne(q)`): only the receiver's taint.
    if (s.lookupCalls && parts.name && s.lookupCalls.test(parts.name.text)) all = receiverTaint;
    // Unknown code: the result carries the taint of what went in (`str.trim()`, `fmt.Sprintf`).
    if (all) {
      let out = addStep(cleaned(asNewValue(all)), this.step(frame, node, `${calleePath}()`));
      // Untrusted data passed as an argument (not the receiver): the result is derived from it, not the data itself.
      if (!receiverTaint && out) out = out.map((x) => (x.derived ? x : { ...x, derived: true }));
      this.taintOutParams(parts, out, scope);
      return out;
    }
    return null;
  }

  /**
   * A validator that throws (`assertSafePath(p)`, `validate_slug(s)`): when every function a call may
   * run opens with a guard clause on a parameter that fails by throwing or aborting
   * (`if (!ALLOWED.has(p)) throw …`, `if not re.fullmatch(…, s): raise …`), the argument passed for
   * it is vetted after the call, as if the guard stood at the call.
   */
  private vetArguments(targets: { file: ParsedFile; node: Node }[], parts: CallParts, scope: Scope): void {
    let vetted: Map<number, CompiledSanitizer[]> | undefined;
    for (const target of targets) {
      const own = this.vettedParams(target, !!parts.receiver);
      if (!vetted) vetted = own;
      else for (const i of [...vetted.keys()]) if (!own.has(i)) vetted.delete(i);
    }
    for (const [i, guards] of vetted ?? []) {
      const arg = parts.positional[i];
      if (!arg || (!this.syntax.identifiers.includes(arg.type) && !this.syntax.members[arg.type])) continue;
      const name = this.path(arg, scope);
      let t = scope.lookup(name);
      if (!t) continue;
      for (const g of guards) t = sanitize(t, g.types);
      scope.assign(name, t);
    }
  }

  /** Per function: the argument positions it vets at its start, with the guards that vet them. */
  private vettedParams(target: { file: ParsedFile; node: Node }, hasReceiver: boolean): Map<number, CompiledSanitizer[]> {
    const key = `${target.file.path}:${target.node.startIndex}:${hasReceiver}`;
    const known = this.vetting.get(key);
    if (known) return known;
    const out = new Map<number, CompiledSanitizer[]>();
    this.vetting.set(key, out);
    const syntax = target.file.syntax;
    const shape = syntax.functions[target.node.type];
    const paramsNode = shape?.params ? field(target.node, shape.params) : null;
    const body = shape?.body ? field(target.node, shape.body) : null;
    if (!paramsNode || !body) return out;
    let params = this.paramList(syntax, paramsNode).map((p) => p.names[0] ?? '');
    if (hasReceiver && (syntax.selfNames ?? []).includes(params[0] ?? '')) params = params.slice(1);
    // Only the guard clauses that open the body: a check further down may sit behind other branches.
    for (const statement of body.namedChildren.slice(0, 4)) {
      if (!statement || syntax.comments.includes(statement.type)) continue;
      const ifShape = syntax.ifs[statement.type];
      if (!ifShape) break;
      const condition = field(statement, ifShape.condition);
      const consequence = field(statement, ifShape.consequence);
      if (!condition || !consequence || (ifShape.alternative && field(statement, ifShape.alternative))) break;
      const guards = this.engine.guardsFor(condition.text);
      const throws = this.exits(consequence) && !syntax.returns.some((r) => consequence.type === r || consequence.descendantsOfType(r).length > 0);
      if (!guards.length || !throws || !this.isNegative(condition, condition)) continue;
      params.forEach((name, i) => {
        if (name && new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}([^\\w$]|$)`).test(condition.text)) out.set(i, [...(out.get(i) ?? []), ...guards]);
      });
    }
    return out;
  }

  private readonly vetting = new Map<string, Map<number, CompiledSanitizer[]>>();

  private followedEnough(): boolean {
    return this.filesFollowed.size >= MAX_FILES_FOLLOWED;
  }

  private follow(targets: { file: ParsedFile }[]): void {
    for (const { file } of targets) if (file.path !== this.rootPath) this.filesFollowed.add(file.path);
  }

  /** Ruby's `user_params`: a name that is not a variable may be a call of a method without arguments. */
  private visitBareCall(node: Node, frame: FunctionFrame): Tainted {
    const name = node.text;
    if (!/^[a-z_]\w*[?!]?$/.test(name) || frame.depth >= MAX_CALL_DEPTH) return null;
    const targets = this.resolver.resolve(frame.file, name, { kind: 'none' }, undefined, this.followedEnough());
    if (targets.length === 0 || targets.length > MAX_CALL_TARGETS) return null;
    this.follow(targets);
    const parts: CallParts = { callee: node, receiver: null, name: node, positional: [], keywords: new Map(), argsNode: null, isConstructor: false };
    const callStep = this.step(frame, node, `${name}()`);
    let result: Tainted = null;
    for (const target of targets) result = merge(result, this.analyzeCall(target, [], new Map(), null, frame, callStep, parts));
    return result ? addStep(result, this.step(frame, node, `return of ${name}()`)) : null;
  }

  /** `sb.append(x)` / `buf.WriteString(x)`: the receiver variable now holds the argument's data. */
  private mutateReceiver(parts: CallParts, argTaints: Tainted[], scope: Scope): void {
    const mutators = this.syntax.mutators;
    if (!mutators || !parts.receiver || !parts.name || !mutators.test(parts.name.text)) return;
    let added: Tainted = null;
    for (const t of argTaints) added = merge(added, t);
    if (!added) return;
    const s = this.syntax;
    if (!s.identifiers.includes(parts.receiver.type) && !s.members[parts.receiver.type]) return;
    const name = this.path(parts.receiver, scope);
    // Only variables the code declared: never package or class names (`io.WriteString`, `Files.write`).
    const known = scope.lookup(name);
    if (known === undefined) return;
    scope.assign(name, merge(known, added));
  }

  private isSelfField(name: string): boolean {
    const dot = name.indexOf('.');
    return dot > 0 && (this.syntax.selfNames ?? []).includes(name.slice(0, dot));
  }

  /** Go-style out-parameters: `json.NewDecoder(r.Body).Decode(&v)` taints v. */
  private taintOutParams(parts: CallParts, value: Tainted, scope: Scope): void {
    if (!value || !this.syntax.addressOf) return;
    for (const arg of parts.positional) {
      if (arg.type === this.syntax.addressOf && arg.text.startsWith('&')) {
        const target = arg.namedChildren[0];
        if (target) for (const name of patternNames(this.syntax, target)) scope.assign(name, value);
      }
    }
  }

  private analyzeCall(
    target: { file: ParsedFile; node: Node },
    args: Tainted[],
    kwargs: Map<string, Tainted>,
    receiver: Tainted,
    caller: FunctionFrame,
    callStep: TraceStep,
    parts: CallParts,
    isConstructor = false,
  ): Tainted {
    const syntax = target.file.syntax;
    const shape = syntax.functions[target.node.type];
    if (!shape) return null;
    const paramsNode = shape.params ? field(target.node, shape.params) : null;
    const params = paramsNode ? this.paramList(syntax, paramsNode) : [];
    // Methods called on an object: the `self` parameter is the receiver, not the first argument.
    let offset = 0;
    if (params[0] && (syntax.selfNames ?? []).includes(params[0].names[0] ?? '') && (parts.receiver || isConstructor)) offset = 1;
    const bound: Tainted[] = params.map((p, i) => {
      if (i < offset) return receiver;
      const byName = p.names[0] ? kwargs.get(p.names[0]) : undefined;
      if (byName !== undefined) return byName;
      if (p.rest) return args.slice(i - offset).reduce<Tainted>((acc, t) => merge(acc, t), null);
      return args[i - offset] ?? null;
    });
    const signature = bound.map((t) => (t ? t.map((x) => `${x.onlyRule ?? ''}:${[...x.clean].sort().join(',')}`).join('|') : '-')).join(';');
    // Fields of its object that hold untrusted data are inputs too.
    const fieldsTainted = this.inTaintedClass(target.node);
    const key = `${target.file.path}:${target.node.startIndex}:${signature}${fieldsTainted ? ':fields' : ''}`;
    if (this.memo.has(key)) return this.memo.get(key)!;
    // With clean inputs a function only contributes what it returns (its own sinks are found when its file is
    // analysed), and that is the same for every caller in the scan.
    const clean = bound.every((t) => !t) && [...kwargs.values()].every((t) => !t) && !fieldsTainted;
    const known = clean ? cleanReturns.get(target.file.tree)?.get(target.node.startIndex) : undefined;
    if (known !== undefined) return known;
    if (this.inProgress.has(key)) return null;
    this.inProgress.add(key);
    const scope = new Scope(this.fileScope(target.file));
    const frame: FunctionFrame = { file: target.file, returns: null, depth: caller.depth + 1, callStep };
    params.forEach((p, i) => {
      for (const n of p.names) scope.vars.set(n, bound[i] ?? null);
      this.bindParamSources(p, target.node, scope, frame);
    });
    const body = shape.body ? field(target.node, shape.body) : null;
    if (body && syntax.implicitReturn && /block|statement|compound|body/.test(body.type)) {
      // Ruby: a method returns the value of its last expression.
      let last: Tainted = null;
      for (const child of body.namedChildren) if (child && !syntax.comments.includes(child.type)) last = this.visit(child, scope, frame);
      frame.returns = merge(frame.returns, last);
    } else if (body) {
      const t = this.visit(body, scope, frame);
      // Expression-bodied lambdas return their body.
      if (!/block|statement|compound|body/.test(body.type)) frame.returns = merge(frame.returns, t);
    }
    this.inProgress.delete(key);
    this.memo.set(key, frame.returns);
    if (clean) rememberCleanReturn(target.file.tree, target.node.startIndex, frame.returns);
    return frame.returns;
  }

  private paramList(syntax: LanguageSyntax, paramsNode: Node): { node: Node; names: string[]; type: string; rest: boolean }[] {
    const out: { node: Node; names: string[]; type: string; rest: boolean }[] = [];
    const list = syntax.params[paramsNode.type] && paramsNode.namedChildCount === 0 ? [paramsNode] : paramsNode.namedChildren;
    for (const p of list) {
      if (!p || syntax.comments.includes(p.type) || syntax.decorators.includes(p.type)) continue;
      const shape = syntax.params[p.type];
      if (!shape) {
        if (syntax.identifiers.includes(p.type)) out.push({ node: p, names: [p.text], type: '', rest: false });
        continue;
      }
      const nameNode = shape.name ? field(p, shape.name) : p;
      const typeNode = shape.type ? field(p, shape.type) : null;
      let names = nameNode === p && !syntax.identifiers.includes(p.type) ? patternNames(syntax, p) : patternNames(syntax, nameNode);
      if (typeNode && names.length > 1) names = names.filter((n) => !typeNode.text.includes(n));
      // Go: `a, b string` declares two parameters in one node.
      if (p.type === 'parameter_declaration') names = p.namedChildren.filter((c) => c && c.type === 'identifier').map((c) => c!.text);
      out.push({ node: p, names, type: typeNode ? typeNode.text : '', rest: /rest|splat|variadic|spread/.test(p.type) || p.text.startsWith('...') });
    }
    return out;
  }

  /** Parameters that are sources by annotation/type (Spring @RequestParam, NestJS @Query, FastAPI handlers). */
  private bindParamSources(p: { node: Node; names: string[]; type: string }, fn: Node, scope: Scope, frame: FunctionFrame): void {
    const syntax = frame.file.syntax;
    if (p.type) {
      const alias = this.engine.requestAlias(p.type);
      if (alias) for (const n of p.names) scope.aliases.set(n, alias);
      for (const n of p.names) scope.types.set(n, p.type);
    }
    const sources = this.engine.paramSources();
    if (sources.length === 0) return;
    const paramDecorators = decoratorsOf(syntax, p.node).map(decoratorName);
    let fnDecorators: string[] | undefined;
    let handlerCallee: string | undefined;
    const name = p.names[0] ?? '';
    const selfLike = (syntax.selfNames ?? []).includes(name);
    for (const { source, onlyRule } of sources) {
      if (!this.onThisSide(source, frame.file)) continue;
      if (selfLike || (source.exceptParams && (source.exceptParams.test(name) || source.exceptParams.test(p.node.text)))) continue;
      let hit = false;
      if (source.paramAnnotation && paramDecorators.some((d) => source.paramAnnotation!.test(d))) hit = true;
      if (!hit && source.paramType && p.type && source.paramType.test(p.type)) hit = true;
      if (!hit && source.handlerDecorator) {
        fnDecorators ??= decoratorsOf(syntax, fn).map((d) => d.text.replace(/^@/, ''));
        if (fnDecorators.some((d) => source.handlerDecorator!.test(d))) {
          hit = true;
          if (source.exceptInDecorator) {
            // Route converters that only admit safe values (`<int:order_id>`).
            const converted = new RegExp(source.exceptInDecorator.replace(/\{name\}/g, name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
            if (fnDecorators.some((d) => converted.test(d))) hit = false;
          }
        }
      }
      if (!hit && source.handlerCall) {
        handlerCallee ??= this.enclosingCallee(fn);
        hit = source.handlerCall.test(handlerCallee);
      }
      if (!hit) continue;
      if (source.exceptTypes && p.type && source.exceptTypes.test(p.type)) continue;
      for (const n of p.names) {
        const t: Taint = { trace: [this.step(frame, p.node, `parameter ${n}`, 'source')], clean: new Set(), onlyRule, whole: source.exact };
        scope.vars.set(n, merge(scope.vars.get(n) ?? null, [t]));
      }
    }
  }

  /** The callee of the call whose argument list holds this function literal, or ''. */
  /** The names a framework gives a callback's parameters by position, when `fn` is registered as a handler. */
  private handlerParameterRoles(fn: Node, count: number): string[] | undefined {
    const spec = this.syntax.handlerParameters;
    const names = spec?.names[count];
    if (!spec || !names) return undefined;
    const call = fn.parent?.parent;
    const parts = call && this.syntax.calls[call.type] ? callParts(this.syntax, call) : null;
    if (parts?.positional.some((a) => a.equals(fn))) return this.registersHandler(call!, parts) ? names : undefined;
    // A function declared by name and registered elsewhere in its file: `http.createServer(handle)`.
    const shape = this.syntax.functions[fn.type];
    const name = shape?.name ? fn.childForFieldName(shape.name)?.text : undefined;
    return name && this.handlersPassedByName(fn.tree).has(name) ? names : undefined;
  }

  private registersHandler(call: Node, parts: CallParts): boolean {
    const spec = this.syntax.handlerParameters!;
    const callee = parts.callee ? accessPath(this.syntax, parts.callee) : (parts.name?.text ?? '');
    if (!spec.callee.test(callee)) return false;
    return !spec.routeCallee.test(callee) || spec.pathArgument.test(parts.positional[0]?.text ?? '');
  }

  private handlersPassedByName(tree: Tree): Set<string> {
    let names = handlersByName.get(tree);
    if (!names) {
      names = new Set();
      handlersByName.set(tree, names);
      for (const call of tree.rootNode.descendantsOfType(Object.keys(this.syntax.calls))) {
        const parts = call ? callParts(this.syntax, call) : null;
        if (!parts || !this.registersHandler(call!, parts)) continue;
        for (const arg of parts.positional) if (this.syntax.identifiers.includes(arg.type)) names.add(arg.text);
      }
    }
    return names;
  }

  private enclosingCallee(fn: Node): string {
    let n: Node | null = fn.parent;
    for (let i = 0; n && i < 3; i++, n = n.parent) {
      if (this.syntax.calls[n.type]) {
        const parts = callParts(this.syntax, n);
        if (!parts) return '';
        return parts.callee ? accessPath(this.syntax, parts.callee) : `${parts.receiver ? `${accessPath(this.syntax, parts.receiver)}.` : ''}${parts.name?.text ?? '?'}`;
      }
    }
    return '';
  }

  private analyzeNestedFunction(node: Node, outer: Scope, frame: FunctionFrame): void {
    const syntax = frame.file.syntax;
    const shape = syntax.functions[node.type]!;
    const scope = new Scope(outer);
    const inner: FunctionFrame = { file: frame.file, returns: null, depth: frame.depth, callStep: frame.callStep };
    const paramsNode = shape.params ? field(node, shape.params) : null;
    let paramCount = 0;
    const binding = this.callbackBinding?.node.equals(node) ? this.callbackBinding : undefined;
    this.callbackBinding = undefined;
    if (paramsNode) {
      const params = this.paramList(syntax, paramsNode);
      const roles = this.handlerParameterRoles(node, params.length);
      params.forEach((p, i) => {
        // Parameters shadow outer names; their values are unknown (clean) unless a source or the calling method says otherwise.
        for (const n of p.names) scope.vars.set(n, binding && binding.index === i ? binding.taint : null);
        const role = roles?.[i];
        if (role && p.names.length === 1 && p.names[0] !== role) scope.aliases.set(p.names[0]!, role);
        this.bindParamSources(p, node, scope, inner);
        paramCount++;
      });
    } else if (node.type === 'arrow_function') {
      const single = node.childForFieldName('parameter');
      if (single) scope.vars.set(single.text, binding && binding.index === 0 ? binding.taint : null);
    }
    const body = shape.body ? field(node, shape.body) : null;
    if (body) {
      const t = this.visit(body, scope, inner);
      if (!/block|statement|compound|body/.test(body.type)) inner.returns = merge(inner.returns, t);
    }
    // This was the function with clean arguments: a later call with clean arguments needs only its result.
    if (frame.depth === 0 && !binding) {
      const key = `${frame.file.path}:${node.startIndex}:${Array.from({ length: paramCount }, () => '-').join(';')}`;
      if (!this.memo.has(key)) this.memo.set(key, inner.returns);
      rememberCleanReturn(frame.file.tree, node.startIndex, inner.returns);
    }
  }

  // ---- sinks ----

  private report(rule: CompiledRule, node: Node, taint: Taint, frame: FunctionFrame, label: string): void {
    const line = node.startPosition.row + 1;
    const key = `${rule.id}:${frame.file.path}:${line}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    const trace = [...taint.trace, this.step(frame, node, label, 'sink')];
    this.hits.push({ rule, file: frame.file.path, node, trace });
  }

  private reportable(rule: CompiledRule, t: Tainted): Taint | undefined {
    if (!t) return undefined;
    return t.find(
      (x) => !x.clean.has(rule.type) && (x.onlyRule ? x.onlyRule === rule.id : !rule.taint!.onlyTheseSources) && !(rule.taint!.direct && x.derived),
    );
  }

  private conditionHolds(c: CompiledArgCondition, parts: CallParts, scope: Scope): boolean {
    let arg: Node | undefined;
    if (c.receiver) arg = parts.receiver ?? undefined;
    else if (c.keyword !== undefined) arg = parts.keywords.get(c.keyword);
    else if (c.index !== undefined) arg = parts.positional[c.index];
    let matches = !!arg;
    // The written text, or what its variable was bound to (`parser` → `etree.XMLParser(resolve_entities=True)`).
    if (arg && c.value && !c.value.test(arg.text) && !c.value.test(this.resolvedText(arg, scope))) matches = false;
    if (arg && c.path && !c.path.test(this.path(arg, scope))) matches = false;
    const variable = arg ? this.variableName(arg) : undefined;
    if (arg && c.init) {
      const init = variable ? scope.init(variable) : undefined;
      if (!init || !c.init.test(this.qualified(init))) matches = false;
    }
    if (arg && c.type) {
      const declared = variable ? scope.typeOf(variable) : undefined;
      if (declared === undefined || !c.type.test(declared)) matches = false;
    }
    return c.absent ? !matches : matches;
  }

  /** The variable an argument names: `x`, or the field `x` of `this.x`. */
  private variableName(arg: Node): string | undefined {
    if (this.syntax.identifiers.includes(arg.type)) return arg.text;
    const member = this.syntax.members[arg.type];
    const object = member ? arg.childForFieldName(member.object) : null;
    if (member && object && (this.syntax.selfNames ?? []).includes(object.text)) return arg.childForFieldName(member.property)?.text;
    return undefined;
  }

  /** A node's text with a leading imported name replaced by its module path: `tt.New(…)` → `text/template.New(…)`. */
  private qualified(node: Node): string {
    const text = node.text;
    const m = /^([A-Za-z_]\w*)\./.exec(text);
    if (!m) return text;
    const path = this.importsOf(node).get(m[1]!);
    return path ? `${path}${text.slice(m[1]!.length)}` : text;
  }

  private importsOf(node: Node): Map<string, string> {
    const tree = node.tree;
    let map = this.importMaps.get(tree);
    if (map) return map;
    const root = tree.rootNode;
    map = new Map();
    const spec = this.syntax.importSpecs;
    if (spec) {
      for (const n of root.descendantsOfType(spec.node)) {
        if (!n) continue;
        const path = n.childForFieldName(spec.path)?.text.replace(/^["'`]|["'`]$/g, '');
        if (!path) continue;
        const name = n.childForFieldName(spec.name)?.text ?? path.split('/').pop()!;
        map.set(name, path);
      }
    }
    this.importMaps.set(tree, map);
    return map;
  }

  /** The text of the function around a node (the file for top-level code), for `inside` / `notInside`. */
  private enclosingText(node: Node): string {
    let p: Node | null = node.parent;
    let last: Node = node;
    for (; p; p = p.parent) {
      last = p;
      if (this.syntax.functions[p.type] && !/lambda|arrow|func_literal/.test(p.type)) return p.text;
    }
    return last.text;
  }

  private sinkContextHolds(sink: CompiledSink, node: Node): boolean {
    if (sink.matches && !sink.matches.test(node.text)) return false;
    if (!sink.inside && !sink.notInside) return true;
    const text = this.enclosingText(node);
    if (sink.inside && !sink.inside.test(text)) return false;
    if (sink.notInside && sink.notInside.test(text)) return false;
    return true;
  }

  private checkCallSinks(
    node: Node,
    parts: CallParts,
    calleePath: string,
    receiver: Tainted,
    args: Tainted[],
    kwargs: Map<string, Tainted>,
    scope: Scope,
    frame: FunctionFrame,
  ): void {
    for (const { rule, sinks } of this.engine.callSinks(calleePath)) {
      for (const sink of sinks) {
        if (sink.unlessFile && this.fileText(frame.file).search(sink.unlessFile) >= 0) continue;
        if (!sink.where.every((c) => this.conditionHolds(c, parts, scope))) continue;
        if (sink.unless.some((c) => this.conditionHolds(c, parts, scope))) continue;
        if (!this.sinkContextHolds(sink, node)) continue;
        let t: Tainted = null;
        const positions = sink.args ?? (sink.keywords || sink.receiver ? [] : args.map((_, i) => i));
        for (const i of positions) {
          let a = args[i] ?? null;
          // An options object passed as the argument: only some of its properties reach the sink.
          if (a && sink.argFields) a = a.filter((x) => x.field === undefined || sink.argFields!.includes(x.field));
          // A query filter: only data placed as a property value, which may be an object of operators, not text.
          if (a && sink.inObject) a = a.filter((x) => x.inLiteral && !x.text);
          t = merge(t, a && a.length ? a : null);
        }
        for (const k of sink.keywords ?? []) t = merge(t, kwargs.get(k) ?? null);
        if (!sink.args && !sink.keywords && !sink.receiver) for (const v of kwargs.values()) t = merge(t, v);
        if (sink.receiver) t = merge(t, receiver);
        if (sink.computedKey) {
          const callee = parts.callee;
          const sub = callee ? this.syntax.subscripts[callee.type] : undefined;
          const key = sub ? callee!.childForFieldName(sub.property) : null;
          t = key ? this.visit(key, scope, frame) : null;
        }
        // A sink's own sanitisers (rule-level) may apply to the argument call expressions.
        const hit = this.reportable(rule, t);
        if (hit) {
          this.report(rule, node, hit, frame, `${calleePath}()`);
          break;
        }
      }
    }
  }

  private checkAssignSink(node: Node, left: Node, lhsPath: string, value: Tainted, scope: Scope, frame: FunctionFrame): void {
    if (!value) return;
    for (const { rule, sinks } of this.engine.assignSinks(lhsPath)) {
      for (const sink of sinks) {
        if (!this.sinkContextHolds(sink, node)) continue;
        if (sink.computedKey) {
          const sub = this.syntax.subscripts[left.type];
          const key = sub ? left.childForFieldName(sub.property) : null;
          if (!key || !this.reportable(rule, this.visit(key, scope, frame))) continue;
        }
        // Assignment sinks have no arguments: their conditions test the assigned expression's text.
        const rhs = node.childForFieldName(this.syntax.assignments[node.type]?.right ?? '')?.text ?? '';
        if (!sink.where.every((c) => !c.value || c.value.test(rhs) !== !!c.absent)) continue;
        if (sink.unless.some((c) => c.value && c.value.test(rhs) !== !!c.absent)) continue;
        const hit = this.reportable(rule, value);
        if (hit) {
          this.report(rule, node, hit, frame, `${lhsPath} = …`);
          break;
        }
      }
    }
  }

  /** A tainted value returned from a function whose decorator marks it as a sink (a view returning HTML). */
  private checkReturnSink(node: Node, value: Tainted, frame: FunctionFrame): void {
    let decorators: string[] | undefined;
    const returned = node.namedChildren.find((c) => !!c && !this.syntax.comments.includes(c.type));
    for (const { rule, sinks } of this.engine.ruleViews) {
      for (const sink of sinks) {
        if (!sink.returnFrom) continue;
        if (sink.unlessFile && this.fileText(frame.file).search(sink.unlessFile) >= 0) continue;
        if (sink.valueNode && !(returned && sink.valueNode.test(returned.type))) continue;
        if (!decorators) {
          const fn = enclosingFunction(frame.file.syntax, node);
          decorators = fn ? decoratorsOf(frame.file.syntax, fn).map((d) => d.text.replace(/^@/, '')) : [];
        }
        if (!decorators.some((d) => sink.returnFrom!.test(d))) continue;
        const hit = this.reportable(rule, value);
        if (hit) {
          this.report(rule, node, hit, frame, 'returned as the response');
          break;
        }
      }
    }
  }

  private enclosingDecorators(node: Node, frame: FunctionFrame): string[] {
    const syntax = frame.file.syntax;
    for (let p = node.parent; p; p = p.parent) {
      if (syntax.functions[p.type]) return decoratorsOf(syntax, p).map((d) => d.text);
    }
    return [];
  }

  private checkNodeSink(node: Node, value: Tainted, frame: FunctionFrame): void {
    for (const { rule, sinks } of this.engine.ruleViews) {
      for (const sink of sinks) {
        if (sink.node !== node.type) continue;
        if (sink.precededBy && !sink.precededBy.test(node.previousSibling?.text ?? '')) continue;
        if (!this.sinkContextHolds(sink, node)) continue;
        if (sink.inFunction && !this.enclosingDecorators(node, frame).some((d) => sink.inFunction!.test(d))) continue;
        // Node sinks have no arguments: their conditions test the node's own text (`dangerouslySetInnerHTML={…}`).
        if (!sink.where.every((c) => !c.value || c.value.test(node.text) !== !!c.absent)) continue;
        if (sink.unless.some((c) => c.value && c.value.test(node.text) !== !!c.absent)) continue;
        const hit = this.reportable(rule, value);
        if (hit) {
          this.report(rule, node, hit, frame, node.type.replace(/_/g, ' '));
          break;
        }
      }
    }
  }
}
