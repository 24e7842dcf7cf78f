// The taint engine's walk: evaluates each node of a function body in source order with an
// environment of tainted names (Scope), returning the taint of its value and performing its
// effects. Member reads and assignments (members.ts), branches and guards (guards.ts), calls
// (calls.ts) and sinks (sinks.ts) have their own modules; what is left here is the dispatch,
// string building, object literals and the file scope every function of a file sees.
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import { enclosingFunction, field, patternNames } from '../parse/syntax.ts';
import { MAX_NESTING, type FunctionFrame, type ParsedFile, type TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { addStep, asNewValue, merge, readField, sanitize, type Tainted } from './values.ts';
import { analyzeNestedFunction, visitBareCall, visitCall } from './calls.ts';
import { passedChecks, visitConjunction, visitHandlers, visitIf, visitSwitch, visitTernary } from './guards.ts';
import { classField, visitAssignment, visitMember, weakRandomStrands } from './members.ts';
import { checkNodeSink, checkReturnSink } from './sinks.ts';
import { sourceTaint } from './sources.ts';
import { requestTypeAlias } from './parameters.ts';
import { enclosingClass } from './receivers.ts';
import { constantOfFile, namedConstantText } from './formats.ts';

/** Per parsed tree (shared by every analysis of a scan): module-level bindings and import aliases. */
const fileScopes = new WeakMap<Tree, Scope>();

const COMPARISON = /^(==|!=|===|!==|<|>|<=|>=|instanceof)$/;

/** Walks the file's top-level statements, or only `tops` of them (in order). */
export function analyzeRoot(run: TaintRun, file: ParsedFile, tops?: Node[]): void {
  run.rootPath = file.path;
  const scope = new Scope(fileScope(run, file));
  const frame: FunctionFrame = { file, returns: null, depth: 0 };
  if (!tops) visit(run, file.tree.rootNode, scope, frame);
  else for (const top of tops) visit(run, top, scope, frame);
}

/**
 * What every function of a file sees: import aliases (`from m import a as b`
 * makes `b` read as `a`) and the module-level bindings, so that a function
 * analysed from a call elsewhere still knows `raw_env = Environment(...)`.
 */
export function fileScope(run: TaintRun, file: ParsedFile): Scope {
  // Never written to after it is built (assignments land in inner scopes), so shared by every run on this tree.
  let scope = fileScopes.get(file.tree);
  if (scope) return scope;
  scope = new Scope();
  scope.shared = true;
  fileScopes.set(file.tree, scope);
  const syntax = file.syntax;
  const aliasShapes = syntax.importAliases ?? {};
  for (const top of file.tree.rootNode.namedChildren) {
    const platform = top && syntax.platformModuleBindings && top.endIndex - top.startIndex < 300 ? syntax.platformModuleBindings.exec(top.text) : null;
    if (platform) {
      const [name, module, member] = platform.slice(1).filter((g) => g !== undefined);
      const canonical = `${module!.replace('/', '.')}${member ? `.${member}` : ''}`;
      if (name !== canonical) scope.aliases.set(name!, canonical);
    }
    // Import aliases: top-level import statements only.
    if (!top || !/import/.test(top.type)) continue;
    const member = syntax.memberImports?.exec(top.text);
    if (member) scope.aliases.set(member[2]!, member[1]!.replace(/\s+/g, ''));
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
    // Also what a module exports as it declares it (`export const schema = z.object({…})`).
    const declarations = /export/.test(top.type) ? top.namedChildren.filter((c): c is Node => !!c && !syntax.functions[c.type]) : [top];
    const candidates = declarations.flatMap((d) => (syntax.assignments[d.type] ? [d] : d.namedChildren.filter((c): c is Node => !!c && !!syntax.assignments[c.type])));
    for (const assign of candidates) {
      const shape = syntax.assignments[assign.type]!;
      const left = assign.childForFieldName(shape.left);
      const right = shape.right ? assign.childForFieldName(shape.right) : null;
      if (left && right && syntax.identifiers.includes(left.type)) scope.defs.set(left.text, right);
    }
  }
  return scope;
}

/** Evaluates a node: returns the taint of its value and performs its effects (assignments, sinks). */
export function visit(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  // Caught where a file's analysis starts, as the stack's own RangeError would be: the file is nested too deep.
  // Nothing inside a run catches, and a run that threw is discarded, so the count needs no `finally`.
  if (++run.nesting > MAX_NESTING) throw new RangeError('nesting too deep');
  const value = visitNode(run, node, scope, frame);
  run.nesting--;
  return value;
}

function visitNode(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  const s = run.syntax;
  const type = node.type;
  // Ruby's `find_by(<<~SQL)`: the argument is the heredoc's start; its text, interpolations and all, follows the statement.
  if (s.heredoc && type === s.heredoc.beginning) {
    const body = heredocBody(node, s.heredoc.body);
    return body ? visit(run, body, scope, frame) : null;
  }
  if (s.comments.includes(type) || s.literals.includes(type)) return null;

  if (s.functions[type]) {
    analyzeNestedFunction(run, node, scope, frame);
    return null;
  }
  // Its exception is built for its effects (a sink among its arguments), but gives the expression no value.
  if (s.throwExpressions?.includes(type)) {
    visitChildren(run, node, scope, frame);
    return null;
  }
  if (s.identifiers.includes(type)) {
    const name = node.text;
    const known = scope.lookup(name);
    // A local object built field by field (`vm.Host = host; return View(vm)`, Go's `var v Vars; v.Target = t`) holds
    // what its fields hold.
    const members = s.objectsBuiltByFields ? scope.storedMembers(name) : null;
    if (known !== undefined) return members ? merge(known, members) : known;
    if (members) return members;
    const ownField = s.implicitSelfFields ? implicitSelfField(run, node, name, scope) : undefined;
    if (ownField !== undefined) return ownField;
    const source = sourceTaint(run, frame, node, scope.alias(name) ?? name, scope);
    if (source || !s.bareCalls) return source;
    return visitBareCall(run, node, frame);
  }
  if (s.members[type] || s.subscripts[type]) return visitMember(run, node, scope, frame);
  if (s.calls[type]) return visitCall(run, node, scope, frame);
  // Before the assignment a declaration may be (Go's `var q Repo = …`): the name's declared type.
  const typeField = s.typedDeclarations?.[type];
  if (typeField) recordDeclaredTypes(run, node, typeField, scope, frame.file);
  const assign = s.assignments[type];
  if (assign) return visitAssignment(run, node, assign.left, assign.right, scope, frame);
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
          const v = visit(run, item, scope, frame);
          t = merge(t, v);
          returned = merge(returned, v ? v.map((x) => ({ ...x, field: `#${i}` })) : null);
        }
        continue;
      }
      const v = visit(run, child, scope, frame);
      t = merge(t, v);
      returned = merge(returned, v);
    }
    frame.returns = merge(frame.returns, returned);
    if (t) checkReturnSink(run, node, t, frame);
    // A returned value can itself be a sink (Spring MVC `return "redirect:" + url`).
    if (t && run.engine.isSinkNode(type)) checkNodeSink(run, node, t, frame);
    return t;
  }
  const ifShape = s.ifs[type];
  if (ifShape) return visitIf(run, node, ifShape, scope, frame);
  if (s.switches?.statements.includes(type)) return visitSwitch(run, node, scope, frame);
  const ternary = s.ternaries?.[type];
  if (ternary) return visitTernary(run, node, ternary, scope, frame);
  const loop = s.loops?.[type];
  if (loop) {
    const left = node.childForFieldName(loop.left);
    const right = node.childForFieldName(loop.right);
    const body = node.childForFieldName(loop.body);
    const items = right ? visit(run, right, scope, frame) : null;
    if (left) for (const name of patternNames(run.syntax, left)) scope.assign(name, items ? addStep(items, run.step(frame, left, name)) : null);
    if (body) visit(run, body, scope, frame);
    return null;
  }
  if (s.addressOf === type) return visitChildren(run, node, scope, frame);
  const select = s.selects?.[type];
  if (select) {
    const subject = field(node, select.subject);
    let value: Tainted = null;
    for (const child of node.namedChildren) {
      if (!child || s.comments.includes(child.type)) continue;
      const t = visit(run, child, scope, frame);
      if (!subject || !child.equals(subject)) value = merge(value, t);
    }
    return value;
  }
  const cast = s.casts?.find((c) => c.node === type && c.match.test(field(node, c.type)?.text ?? ''));
  if (cast) {
    const value = visitChildren(run, node, scope, frame);
    return cast.types ? sanitize(value, cast.types) : null;
  }
  const objectShape = s.objects?.[type];
  if (objectShape) {
    const value = visitObject(run, node, objectShape, scope, frame);
    if (value && run.engine.isSinkNode(type)) checkNodeSink(run, node, value, frame);
    return value;
  }
  let t: Tainted;
  if (s.interpolatedStrings.includes(type) && node.namedChildCount > 0) t = visitBuiltString(run, stringParts(run, node), scope, frame);
  else if (s.concatenations?.includes(type) && node.childForFieldName('operator')?.text === (s.concatOperator ?? '+')) t = visitBuiltString(run, concatParts(run, node), scope, frame);
  else {
    // `check(x) && sink(x)`: the right side runs with the check passed.
    const conjunction = visitConjunction(run, node, scope, frame);
    t = conjunction !== undefined ? conjunction : visitChildren(run, node, scope, frame);
    const operator = node.childForFieldName('operator')?.text ?? '';
    // A comparison yields a boolean, whatever it compared (`r.Body == nil`, `role.equals(x)` is handled by sanitisers).
    if (t && COMPARISON.test(operator)) return null;
    // Arithmetic yields a number (`$date + 86400`): none of the data's text, only how guessable it is.
    if (t && s.concatenations?.includes(type) && numericResult(s, node, operator)) t = weakRandomStrands(run, t);
    // Another operator builds a larger value from the data (`"//p[@id='%s']" % sku` formats it).
    else if (t && s.concatenations?.includes(type)) t = t.map((x) => (x.part ? x : { ...x, part: true }));
  }
  // Strings can be sinks themselves (PHP backticks, Ruby `%x()`).
  if (t && run.engine.isSinkNode(type)) checkNodeSink(run, node, t, frame);
  for (const san of run.engine.nodeSanitizers(type)) t = sanitize(t, san.types);
  return t;
}

/** Is the binary expression arithmetic of the language's numeric operators (PHP's `+` with a fixed number on one side)? */
function numericResult(s: LanguageSyntax, node: Node, operator: string): boolean {
  if (s.numericOperators?.test(operator)) return true;
  if (!s.numericWithNumberLiteral?.test(operator)) return false;
  const fixedNumber = (n: Node | null) => !!n && /^[\s\d.()+\-*/%]+$/.test(n.text) && /\d/.test(n.text);
  return fixedNumber(node.childForFieldName('left')) || fixedNumber(node.childForFieldName('right'));
}

export function visitChildren(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  let t: Tainted = null;
  if (run.syntax.comprehensions?.includes(node.type)) {
    // `[f(x) for x in xs if ok(x)]`: bind x first; the element's taint is the comprehension's.
    const clauses = node.namedChildren.filter((c): c is Node => !!c && !!run.syntax.assignments[c.type]);
    for (const clause of clauses) visit(run, clause, scope, frame);
    const filters = node.namedChildren.filter((c): c is Node => !!c && !!run.syntax.comprehensionFilters?.includes(c.type));
    // A filter's check (`if f in ALLOWED`) holds for every element the comprehension keeps.
    const kept = passedChecks(run, filters, scope, frame);
    for (const child of node.namedChildren) {
      if (child && !clauses.some((c) => c.equals(child)) && !filters.some((c) => c.equals(child))) t = merge(t, visit(run, child, kept, frame));
    }
    return t;
  }
  // Ruby: a branch or a `begin` block gives the value of its last expression, as a method body does
  // (`if raw.present?; cookies.delete(:k); JSON.parse(raw); end` is the parsed value); the statements
  // before it still run. A `rescue` or `else` clause of a `begin` gives its own last value instead.
  if (run.syntax.implicitReturn && VALUE_BLOCKS.test(node.type)) {
    let last: Tainted = null;
    for (const child of node.namedChildren) {
      if (!child || run.syntax.comments.includes(child.type)) continue;
      const value = visit(run, child, scope, frame);
      if (/^(rescue|else)$/.test(child.type)) t = merge(t, value);
      else if (child.type !== 'ensure') last = value;
    }
    return merge(t, last);
  }
  const handlers = node.namedChildren.filter((c): c is Node => !!c && HANDLERS.has(c.type));
  if (handlers.length) return visitTry(run, node, handlers, scope, frame);
  for (const child of node.namedChildren) {
    if (!child) continue;
    t = merge(t, visit(run, child, scope, frame));
  }
  return t;
}

/** The handler clauses of a `try` (`except`, `catch`, Ruby's `rescue` in a method body) and its `finally`/`ensure`. */
const HANDLERS = new Set(['except_clause', 'except_group_clause', 'catch_clause', 'rescue']);
const FINALLY = new Set(['finally_clause', 'ensure']);

/**
 * A `try`: its body runs, then maybe one handler (each from the state the body left, as a branch of an `if`: what
 * a handler that falls through assigns joins what the body assigned, not replaces it), then the `finally`.
 */
function visitTry(run: TaintRun, node: Node, handlers: Node[], scope: Scope, frame: FunctionFrame): Tainted {
  let t: Tainted = null;
  const last: Node[] = [];
  for (const child of node.namedChildren) {
    if (!child || HANDLERS.has(child.type)) continue;
    if (FINALLY.has(child.type)) last.push(child);
    else t = merge(t, visit(run, child, scope, frame));
  }
  t = merge(t, visitHandlers(run, handlers, scope, frame));
  for (const child of last) t = merge(t, visit(run, child, scope, frame));
  return t;
}

/** Ruby's statement sequences whose value is their last expression's (a branch of an `if`/`case`, `begin … end`, `( … )`). */
const VALUE_BLOCKS = /^(then|else|begin|parenthesized_statements)$/;

/** An object literal: the taint of each property value is placed in that property. */
function visitObject(
  run: TaintRun,
  node: Node,
  shape: { pair: string; key: string; value: string; shorthand?: string; mapTypes?: string[] },
  scope: Scope,
  frame: FunctionFrame,
): Tainted {
  let t: Tainted = null;
  const place = (v: Tainted, field: string | undefined) => (v ? v.map((x) => (field !== undefined ? { ...x, field, inLiteral: true } : { ...x, inLiteral: true })) : v);
  // In a map literal only a quoted key is a constant; a key written as a name is a variable's value.
  const literalType = shape.mapTypes && node.parent?.childForFieldName('type')?.type;
  const quotedKeysOnly = !!literalType && shape.mapTypes!.includes(literalType);
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === shape.pair) {
      const key = field(child, shape.key);
      const value = field(child, shape.value);
      // An element without a key (PHP's `[$a, $b]` shares the node type of `['k' => $v]`) is no property.
      if (!value && !run.syntax.assignments[child.type]) {
        t = merge(t, place(visit(run, child, scope, frame), undefined));
        continue;
      }
      // A C# initializer's `Arguments = …` is an assignment too: its sinks (a property set) are checked.
      const v = run.syntax.assignments[child.type] ? visit(run, child, scope, frame) : value ? visit(run, value, scope, frame) : null;
      // A property can be a sink of its own (a `"$where": …` entry of a query document).
      if (v && run.engine.isSinkNode(child.type)) checkNodeSink(run, child, v, frame);
      const name = key && (quotedKeysOnly ? /^(['"`])[\w$]+\1$/ : /^['"]?[\w$]+['"]?$/).test(key.text) ? key.text.replace(/['"`]/g, '') : undefined;
      t = merge(t, place(v, name));
    } else if (shape.shorthand && child.type === shape.shorthand) {
      t = merge(t, place(visit(run, child, scope, frame), child.text));
    } else t = merge(t, place(visit(run, child, scope, frame), undefined));
  }
  return t;
}

/**
 * The body of a heredoc whose start is `beginning`: the bodies follow the statement that holds the starts, one per
 * start, in order (`foo(<<~A, <<~B)` is followed by A's body, then B's).
 */
function heredocBody(beginning: Node, bodyType: string): Node | null {
  for (let statement: Node | null = beginning; statement; statement = statement.parent) {
    let next = statement.nextNamedSibling;
    if (next?.type !== bodyType) continue;
    const index = statement.descendantsOfType(beginning.type).findIndex((b) => !!b && b.equals(beginning));
    for (let i = 0; i < index && next; i++) next = next.nextNamedSibling;
    return next?.type === bodyType ? next : null;
  }
  return null;
}

/** A string node of an interpolating kind whose every part is text (`"png"` in Python or Ruby): no interpolation, which has parts of its own. */
export function constantString(s: LanguageSyntax, node: Node): boolean {
  return s.interpolatedStrings.includes(node.type) && node.namedChildren.every((c) => !!c && (s.literals.includes(c.type) || (c.namedChildCount === 0 && !s.identifiers.includes(c.type))));
}

/** The pieces of an interpolated string in order: leaves are constant text, other children are substitutions. */
function stringParts(run: TaintRun, node: Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i);
    if (c) out.push(c);
  }
  return out;
}

/** The operands of a concatenation chain, left to right (`a + b + c`, PHP's `$a . $b . $c`). */
function concatParts(run: TaintRun, node: Node): Node[] {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const out: Node[] = [];
  if (left) {
    if (left.type === node.type && left.childForFieldName('operator')?.text === (run.syntax.concatOperator ?? '+')) out.push(...concatParts(run, left));
    else out.push(left);
  }
  if (right) out.push(right);
  return out;
}

/**
 * A string built from pieces: the taint of its parts, except for types a prefix sanitizer
 * clears because the constant start fixes what the untrusted part can change (`/users/${id}`).
 */
function visitBuiltString(run: TaintRun, parts: Node[], scope: Scope, frame: FunctionFrame): Tainted {
  const s = run.syntax;
  let t: Tainted = null;
  // The text before the current part: constant text as written, a constant a name stands for (looked up only
  // when data follows it), each other substitution so far as `${}`.
  const before: (string | Node)[] = [];
  const prefix = () => before.reduce<string>((text, p) => joinedText(text, typeof p === 'string' ? p : (knownStart(run, p, scope, frame) ?? '${}')), '');
  for (const part of parts) {
    // Delimiters and operators (`\``, `${`, `+`).
    if (!part.isNamed) continue;
    // A quoted string with no interpolation in it (Python's and Ruby's `string` node, which the grammar
    // shares with f-strings and "#{}") is constant text, as a literal is in the other languages.
    const constant = constantText(s, part);
    if (constant !== undefined) {
      before.push(constant);
      continue;
    }
    let pt = bracedVariable(run, part, scope) ?? visit(run, part, scope, frame);
    if (pt && printsContainerWhole(run, part, scope)) pt = sanitize(pt, REPR_CLEAN_TYPES);
    // Each part's data is judged by the text before it (`f"{target}?{query}"`: the query's data stays in the
    // query string, whatever `target` holds); the prefix sanitisers are anchored at the start, so a later part
    // passes every one the parts before it passed.
    if (pt) t = merge(t, sanitizeByPrefix(run, pt, prefix()));
    before.push(pt ? '${}' : part);
  }
  if (!t) return null;
  return asNewValue(t)!.map((x) => (x.text ? x : { ...x, text: true }));
}

/** A string part that names a variable without its sigil (PHP's `${id}` in `"…${id}…"`): that variable's value. */
function bracedVariable(run: TaintRun, part: Node, scope: Scope): Tainted | undefined {
  const braced = run.syntax.bracedStringVariable;
  const name = braced && part.type === braced.node && part.namedChildCount === 1 ? part.namedChildren[0] : undefined;
  return name && /^\w+$/.test(name.text) ? (scope.lookup(`${braced!.sigil}${name.text}`) ?? null) : undefined;
}

/**
 * The constant start of the text a value holds, read as a built string's prefix is (constant text as written,
 * each computed part as `${}`): for a part of a built string, and for what is appended to a name later
 * (`url = '/app/'; url += next`). A name stands for what it holds: the start appends left it, the value it is
 * bound to once in its function (`const base = '/docs/'`), a constant the file declares with a literal (`static
 * final String BASE = "/docs/"`, a module's `const BASE = '/docs/'`), one of the class that qualifies it
 * (`Paths.BASE`, `self::BASE`), or one the file imports by that name (`import { BASE } from './paths'`).
 * Undefined for anything else (a call's result, a parameter, a local assigned more than once).
 */
export function knownStart(run: TaintRun, node: Node | undefined, scope: Scope, frame: FunctionFrame, depth = 0): string | undefined {
  if (!node || depth > 3) return undefined;
  const s = run.syntax;
  // `${BASE}` in a template string, `#{BASE}`, `{BASE}` in an f-string: the name inside.
  while (node.namedChildCount === 1 && /substitution|interpolation|embedded|parenthesized/.test(node.type)) node = node.namedChildren[0]!;
  if (s.identifiers.includes(node.type)) return nameStart(run, node, scope, frame, depth);
  if (s.members[node.type] || /scope|class_constant/.test(node.type)) {
    const text = namedConstantText(run, node.text, frame.file);
    return text === undefined || !s.literals.includes('string') ? text : text.slice(1, -1);
  }
  let parts: Node[];
  if (s.interpolatedStrings.includes(node.type) && node.namedChildCount > 0 && !constantString(s, node)) parts = stringParts(run, node);
  else if (s.concatenations?.includes(node.type) && node.childForFieldName('operator')?.text === (s.concatOperator ?? '+')) parts = concatParts(run, node);
  else return constantText(s, node);
  let text = '';
  for (const part of parts) if (part.isNamed) text = joinedText(text, constantText(s, part) ?? '${}');
  return text;
}

/** What a name in a built string stands for (knownStart). */
function nameStart(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame, depth: number): string | undefined {
  const name = node.text;
  const appended = scope.appendedText(name);
  if (appended !== undefined) return appended;
  const init = scope.init(name);
  if (init && assignedOnce(run, node, init)) return knownStart(run, init, scope, frame, depth + 1);
  // A parameter, a name declared without a value, or a local assigned more than once.
  if (scope.binding(name) === null || (init && sameFunction(run, node, init))) return undefined;
  const unquoted = run.syntax.literals.includes('string');
  const own = constantOfFile(name, run.fileText(frame.file), unquoted);
  if (own !== undefined) return own;
  const files = run.resolver.importedFrom(frame.file, name);
  const found = new Set<string>();
  for (const file of files) {
    const text = run.resolver.text(file);
    const value = text === undefined ? undefined : constantOfFile(name, text, unquoted);
    if (value !== undefined) found.add(value);
  }
  if (found.size !== 1) return undefined;
  run.resolver.dependOn(files);
  return [...found][0];
}

/**
 * Is `init` the one value a name is given in the function (or file) it is read in (`const base = '/docs/'`, a name
 * not assigned again), so that it holds that value whatever branches ran between? Appends (`+=`) are no assignment here.
 */
function assignedOnce(run: TaintRun, read: Node, init: Node): boolean {
  if (!sameFunction(run, read, init)) return false;
  const where = enclosingFunction(run.syntax, read) ?? read.tree.rootNode;
  const name = read.text.replace(/\$/g, '\\$');
  const assignment = new RegExp(String.raw`(?<![\w$.>:])${name}\s*(?::=|=(?![=>~]))`, 'g');
  return [...where.text.matchAll(assignment)].length <= 1;
}

function sameFunction(run: TaintRun, a: Node, b: Node): boolean {
  return (enclosingFunction(run.syntax, a) ?? a.tree.rootNode).equals(enclosingFunction(run.syntax, b) ?? b.tree.rootNode);
}

/** A constant piece of a built string as its prefix reads it: a literal without quotes (walk.ts prefixText), or an interpolating string with nothing interpolated. */
export function constantText(s: LanguageSyntax, part: Node): string | undefined {
  if (s.literals.includes(part.type) && !s.interpolatedStrings.includes(part.type)) return prefixText(part);
  if (constantString(s, part)) return part.namedChildren.filter((c) => !!c && s.literals.includes(c.type)).map((c) => c!.text).join('');
  return undefined;
}

/**
 * Two pieces of a built string's text one after the other. Where a language's literals keep their quotes
 * (`"redirect:"` then `"/help/"`), adjacent quoted pieces read as one literal (`"redirect:/help/"`), as
 * the language joins them.
 */
export function joinedText(text: string, piece: string): string {
  return text.endsWith('"') && piece.startsWith('"') ? text.slice(0, -1) + piece.slice(1) : text + piece;
}

/** A built value whose constant start is `prefix` (`'/users/' + id`): cleaned by the prefix sanitisers it passes. */
export function sanitizeByPrefix(run: TaintRun, t: Tainted, prefix: string | undefined): Tainted {
  if (prefix === undefined) return t;
  for (const san of run.engine.prefixSanitizers()) if (san.prefix!.test(prefix)) t = sanitize(t, san.types);
  return t;
}

/** A literal's text as a built string's prefix reads it (walk.ts, formats.ts): `string` nodes without their quotes. */
export function prefixText(literal: Node): string {
  return literal.type === 'string' ? literal.text.replace(/^['"]|['"]$/g, '') : literal.text;
}

/** Loops the grammar gives as assignments (Python's `for` and comprehension clauses, Ruby's `for`): their target is an element, never the container. */
const LOOP = /^for(_|$)/;

/** What a container's repr keeps out of the text: the line breaks inside its strings are written escaped. */
export const REPR_CLEAN_TYPES = ['LOG_INJECTION', 'HEADER_INJECTION'];

/**
 * A substitution that prints a container whole (`f"sent to {addresses}"`, `"ids #{ids}"`), which the language
 * writes as its repr (`reprContainers`).
 */
function printsContainerWhole(run: TaintRun, part: Node, scope: Scope): boolean {
  const shape = run.syntax.reprContainers;
  if (!shape || part.type !== shape.interpolation) return false;
  if (printsRepr(shape.reprConversion, part)) return true;
  const inner = part.namedChildren.filter((c): c is Node => !!c && !run.syntax.comments.includes(c.type) && !shape.modifiers?.includes(c.type));
  return inner.length === 1 && isWholeContainer(run, inner[0]!, scope);
}

/** A substitution that prints any value as its repr (`{x!r}`, `{x=}` without a conversion or format spec). */
function printsRepr(conv: NonNullable<TaintRun['syntax']['reprContainers']>['reprConversion'], part: Node): boolean {
  if (!conv) return false;
  const children = part.children.filter((c): c is Node => !!c);
  const conversion = children.find((c) => c.type === conv.node);
  if (conversion) return conv.text.test(conversion.text);
  if (!conv.selfDocumenting || children.some((c) => c.type === conv.formatSpecifier)) return false;
  return children.some((c) => !c.isNamed && c.type === conv.selfDocumenting);
}

/**
 * Is this expression a container the language prints as its repr (`reprContainers`): a display or comprehension
 * written there, or a name last bound to one that no later assignment of the function around it replaces (in a
 * branch or a loop) with some other value?
 */
export function isWholeContainer(run: TaintRun, expr: Node, scope: Scope): boolean {
  const shape = run.syntax.reprContainers;
  if (!shape) return false;
  if (shape.containers.includes(expr.type)) return true;
  if (!run.syntax.identifiers.includes(expr.type)) return false;
  const bound = scope.binding(expr.text);
  if (!bound || !shape.containers.includes(bound.type) || LOOP.test(bound.parent?.type ?? '')) return false;
  return onlyContainersAssignedAfter(run, expr, bound, expr.text, shape.containers);
}

/** Does every assignment to `name` after `bound` in the function around `at` (or the file) give it a container? */
function onlyContainersAssignedAfter(run: TaintRun, at: Node, bound: Node, name: string, containers: string[]): boolean {
  let body: Node = at;
  while (body.parent && !run.syntax.functions[body.type]) body = body.parent;
  const pending: Node[] = [body];
  while (pending.length) {
    const n = pending.pop()!;
    if (n.endIndex <= bound.startIndex) continue;
    const assign = run.syntax.assignments[n.type];
    if (assign && n.startIndex > bound.endIndex) {
      const left = field(n, assign.left);
      const right = assign.right ? field(n, assign.right) : null;
      const augmented = /augmented|operator_assignment|compound/.test(n.type);
      const iterates = LOOP.test(n.type);
      // `with … as name`, `a, name = …`: some other value.
      if (left && !augmented && (iterates || left.text !== name) && patternNames(run.syntax, left).includes(name)) return false;
      if (left && !augmented && left.text === name && (!right || !containers.includes(right.type))) return false;
    }
    for (const c of n.namedChildren) if (c) pending.push(c);
  }
  return true;
}

function recordDeclaredTypes(run: TaintRun, node: Node, typeField: string, scope: Scope, file: ParsedFile): void {
  const typeNode = node.childForFieldName(typeField);
  // `var x = …` says nothing about x's type (what it is given does).
  if (!typeNode || typeNode.text === 'var') return;
  const names: string[] = [];
  for (const d of node.childrenForFieldName('declarator')) {
    const name = d?.childForFieldName('name');
    if (name) names.push(name.text);
  }
  // C#'s declarators are children without a field name.
  for (const d of node.namedChildren) {
    const name = d && d.type === 'variable_declarator' ? d.childForFieldName('name') : null;
    if (name && !names.includes(name.text)) names.push(name.text);
  }
  for (const n of node.childrenForFieldName('name')) if (n) names.push(n.text);
  const alias = requestTypeAlias(run, typeNode.text, file);
  for (const n of names) {
    scope.types.set(n, typeNode.text);
    // An injected field of the request type (`@Autowired HttpServletRequest request`) is the request too.
    if (alias) scope.aliases.set(n, alias);
  }
}

/**
 * A bare name that is a field of the method's own object (Java's `return homepage;`), where that object holds
 * the caller's data (`this` bound by calls.ts) or a method of the class stored untrusted data in it
 * (`this.firstName = f` of a setter or constructor): the field as read through `this`. Undefined otherwise.
 */
function implicitSelfField(run: TaintRun, node: Node, name: string, scope: Scope): Tainted | undefined {
  const s = run.syntax;
  const self = s.selfNames?.[0];
  const object = self ? scope.lookup(self) : undefined;
  const stored = !object && self && run.taintedClasses.size ? classField(run, node, `${self}.${name}`) : undefined;
  if (!object && !stored) return undefined;
  const body = enclosingClass(s, node)?.childForFieldName('body');
  if (!body) return undefined;
  for (const member of body.namedChildren) {
    if (!member || !s.implicitSelfFields!.includes(member.type)) continue;
    const names = member.childForFieldName('name') ? [member.childForFieldName('name')!] : member.descendantsOfType('variable_declarator').map((d) => d?.childForFieldName('name'));
    if (!names.some((n) => n?.text === name)) continue;
    // A field declared as a number, date or id holds no text, as a parameter so declared receives none.
    const type = member.childForFieldName('type')?.text ?? member.descendantsOfType('variable_declaration')[0]?.childForFieldName('type')?.text;
    return type && s.scalarParameters?.test(type) ? null : object ? readField(object, name) : stored;
  }
  return undefined;
}
