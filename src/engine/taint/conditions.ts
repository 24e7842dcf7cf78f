// Conditions on arguments that sources, sanitisers and sinks state (`where:` / `unless:`): the
// argument's text or what its variable was bound to, its access path, the call that initialised
// it (with imports resolved) and its declared type.
import type { Node } from 'web-tree-sitter';
import type { CompiledArgCondition } from '../rules/load.ts';
import { callParts, type CallParts } from '../parse/syntax.ts';
import type { ParsedFile, TaintRun } from './run.ts';
import { classifyReceiver } from './receivers.ts';
import { Scope } from './scope.ts';
import { mayBacktrackCatastrophically } from '../patterns/backtracking.ts';
import { namedConstantText } from './formats.ts';
import { fileScope } from './walk.ts';

/** A regular expression literal: `/…/flags`. */
const REGEX_LITERAL = /^\/(?![*/])[\s\S]*\/[a-z]*$/;

/**
 * A pattern written as a string literal (C#, Java, Python), as the regex engine receives it: a verbatim (`@"…"`) or raw
 * (`r"…"`) string as written, another with its escapes undone (`"^(\\d+)+$"` is `^(\d+)+$`); leading inline flags
 * (`(?i)`) become the literal's flags. Undefined for any other text.
 */
export function stringPattern(text: string): string | undefined {
  const m = /^(@|[rR]|)(["'])([\s\S]*)\2$/.exec(text.trim());
  if (!m) return undefined;
  const [, prefix, quote, inner] = m as unknown as [string, string, string, string];
  let body = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === quote) {
      // `""` is a quote in a verbatim string; any other quote inside closes the literal (`"a" + "b"` is no one literal).
      if (prefix !== '@' || inner[i + 1] !== quote) return undefined;
      body += quote;
      i++;
    } else if (c === '\\' && prefix !== '@' && i + 1 < inner.length) {
      // A raw string keeps its backslashes; a regular one drops one before a quote or backslash (`\\d` is `\d`).
      const next = inner[++i]!;
      body += prefix ? `\\${next}` : next === 'n' ? '\n' : next === 't' ? '\t' : /["'\\]/.test(next) ? next : `\\${next}`;
    } else body += c;
  }
  const flags = /^\(\?([ims]+)\)/.exec(body);
  return flags ? `/${body.slice(flags[0].length)}/${flags[1]}` : `/${body}/`;
}

/** `from`: the file the call is in, where a condition looks up the class of a value (`classText`). */
export function conditionHolds(run: TaintRun, c: CompiledArgCondition, parts: CallParts, scope: Scope, from?: ParsedFile): boolean {
  let arg: Node | undefined;
  if (c.receiver) arg = parts.receiver ?? undefined;
  else if (c.keyword !== undefined) arg = parts.keywords.get(c.keyword);
  else if (c.index !== undefined) arg = parts.positional[c.index];
  let matches = !!arg;
  // The written text, or what its variable was bound to (`parser` → `etree.XMLParser(resolve_entities=True)`).
  if (arg && c.value && !c.value.test(arg.text) && !c.value.test(resolvedText(run, arg, scope)) && !constantMatches(run, c.value, arg, from) && !returnsMatch(run, c.value, arg, scope, from)) matches = false;
  if (arg && c.path && !c.path.test(run.path(arg, scope))) matches = false;
  const variable = arg ? variableName(run, arg) : undefined;
  if (arg && c.init) {
    const init = variable ? (scope.init(variable) ?? importedInit(run, variable, scope, from)) : undefined;
    if (!init || !c.init.test(qualified(run, init))) matches = false;
  }
  if (arg && c.backtracks) {
    // The literal as written, or the one its variable was given (`const re = /…/; re.test(v)`, `string p = "^(\\d+)+$";`).
    const init = variable ? scope.init(variable) : undefined;
    const texts = [arg.text, init?.text, resolvedText(run, arg, scope)];
    const literal = texts.find((t) => t !== undefined && REGEX_LITERAL.test(t)) ?? texts.map((t) => t && stringPattern(t)).find((p) => p !== undefined);
    if (!literal || !mayBacktrackCatastrophically(literal)) matches = false;
  }
  if (arg && c.type) {
    const declared = variable ? (scope.typeOf(variable) ?? resultTypeOf(run, scope.init(variable), scope, from)) : undefined;
    if (declared === undefined || !c.type.test(declared)) matches = false;
  }
  if (arg && c.classText && !classTextMatches(run, c.classText, c.classVia, arg, scope, from, c.classMembers)) matches = false;
  return c.absent ? !matches : matches;
}

/**
 * What an imported name was given where the module that exports it declares it: `presetSchema.parse(body)` after
 * `import { presetSchema } from './schemas'`, whose module says `export const presetSchema = z.object({…})`.
 */
function importedInit(run: TaintRun, name: string, scope: Scope, from: ParsedFile | undefined): Node | undefined {
  if (!from || scope.lookup(name) !== undefined) return undefined;
  const files = run.resolver.importedFrom(from, name);
  const module = files.length === 1 ? run.resolver.parsed(files[0]!) : null;
  const init = module ? fileScope(run, module).definition(name) : undefined;
  if (init) run.resolver.dependOn([module!.path]);
  return init;
}

/** Fields that hold a function's declared result type, by grammar: Go's `result`, TypeScript's and Python's `return_type`, C#'s `returns`, Java's `type`. */
const RESULT_TYPE_FIELDS = ['result', 'return_type', 'returns', 'type'];

/**
 * The declared result type of the project's own function a variable was given the result of: `client :=
 * proxy.GetHttpClient(u)` holds a `*http.Client` when `GetHttpClient` says it returns one. Read only when a
 * condition asks for the variable's type and the code declared none, so only there is the call resolved.
 */
function resultTypeOf(run: TaintRun, init: Node | undefined, scope: Scope, from: ParsedFile | undefined): string | undefined {
  if (!init || !from) return undefined;
  const target = onlyFunctionCalled(run, init, scope, from);
  if (!target) return undefined;
  const declared = RESULT_TYPE_FIELDS.map((f) => target.node.childForFieldName(f)).find((n) => !!n);
  const text = declared?.text.replace(/^\s*(:|->)\s*/, '').trim();
  if (!text) return undefined;
  if (target.file.path !== from.path) run.resolver.dependOn([target.file.path]);
  return text;
}

/** The one function of the project a call runs (`view(link)`, `proxy.GetHttpClient(u)`), if the call resolves to exactly one. */
function onlyFunctionCalled(run: TaintRun, call: Node, scope: Scope, from: ParsedFile): { file: ParsedFile; node: Node } | undefined {
  const syntax = run.syntax;
  if (!syntax.calls[call.type]) return undefined;
  const parts = callParts(syntax, call);
  const name = parts?.name?.text ?? (parts?.callee && syntax.identifiers.includes(parts.callee.type) ? parts.callee.text : undefined);
  if (!parts || !name) return undefined;
  const receiver = parts.receiver ? classifyReceiver(syntax, parts.receiver, scope, (n) => run.resolver.bindsImport(from, n)) : ({ kind: 'none' } as const);
  const targets = run.resolver.resolve(from, name, receiver);
  return targets.length === 1 ? targets[0] : undefined;
}

/**
 * Is the argument a call of the project's own function whose every returned value is written in a form that
 * matches (`res.send(view(link))` where `view` returns only object literals sends JSON, as `res.send({…})` does)?
 */
function returnsMatch(run: TaintRun, re: RegExp, arg: Node, scope: Scope, from: ParsedFile | undefined): boolean {
  if (!from || run.syntax.implicitReturn) return false;
  const target = onlyFunctionCalled(run, arg, scope, from);
  if (!target) return false;
  const shape = target.file.syntax.functions[target.node.type];
  const body = shape?.body ? target.node.childForFieldName(shape.body) : null;
  if (!body) return false;
  const unwrap = (n: Node | null | undefined): Node | undefined => {
    while (n && n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChildren[0];
    return n ?? undefined;
  };
  // An expression body (`(link) => ({ ...link })`) is the one value returned.
  const block = /block|body|statement|compound/.test(body.type);
  const values = block
    ? body.descendantsOfType(target.file.syntax.returns).map((r) => unwrap(r?.namedChildren.find((c) => !!c && !target.file.syntax.comments.includes(c.type))))
    : [unwrap(body)];
  if (values.length === 0 || values.some((v) => !v || !re.test(v.text))) return false;
  if (target.file.path !== from.path) run.resolver.dependOn([target.file.path]);
  return true;
}

/** Is the argument a constant (`self::RULE`, `Form::RULE`) whose literal matches? */
function constantMatches(run: TaintRun, re: RegExp, arg: Node, from: ParsedFile | undefined): boolean {
  if (!from || !run.syntax.members[arg.type] && !/scope|constant|identifier/.test(arg.type)) return false;
  const value = namedConstantText(run, arg.text, from);
  return value !== undefined && re.test(value);
}

/**
 * Does the declaration of the class `arg` is a value of (`$post = new Post`, `Post::create`, a typed parameter)
 * match? The file's findings then depend on the files it was read from.
 */
function classTextMatches(run: TaintRun, re: RegExp, via: RegExp | undefined, arg: Node, scope: Scope, from: ParsedFile | undefined, membersOnly = false): boolean {
  if (!from) return false;
  const known = classifyReceiver(run.syntax, arg, scope, (n) => run.resolver.bindsImport(from, n));
  // An imported class is a module receiver (`use App\Models\Option;` … `Option::create($data)`): its declaration is
  // found through the import.
  const className = known.kind === 'type' ? known.name : known.kind === 'module' && /^[A-Z]/.test(known.binding) ? known.binding : undefined;
  if (!className) return false;
  const declarations = run.resolver.classDeclarations(from, className);
  run.resolver.dependOn(declarations.map((d) => d.file.path));
  const text = (d: { file: ParsedFile; node: Node }) => (membersOnly ? withoutMethodBodies(d.file, d.node) : d.node.text);
  if (declarations.some((d) => re.test(text(d)))) return true;
  if (!via) return false;
  // The class a declaration names as standing for it (a repository's `model()`), looked up from the declaration's file.
  return declarations.some((d) => {
    const named = via.exec(text(d))?.[1]?.split(/\\|\./).pop();
    if (!named) return false;
    const standIns = run.resolver.classDeclarations(d.file, named);
    run.resolver.dependOn(standIns.map((x) => x.file.path));
    return standIns.some((x) => re.test(text(x)));
  });
}

/** A class declaration's text with the bodies of its methods left out (their braces kept): its members as declared. */
function withoutMethodBodies(file: ParsedFile, cls: Node): string {
  const syntax = file.syntax;
  const start = cls.startIndex;
  let text = '';
  let at = start;
  for (const fn of cls.descendantsOfType(Object.keys(syntax.functions))) {
    const bodyField = fn ? syntax.functions[fn.type]?.body : undefined;
    const body = fn && bodyField ? fn.childForFieldName(bodyField) : null;
    if (!body || body.startIndex < at) continue;
    text += cls.text.slice(at - start, body.startIndex - start) + '{}';
    at = body.endIndex;
  }
  return text + cls.text.slice(at - start);
}

/**
 * The text of an expression with its root variable replaced by what it was
 * bound to, recursively: `client.get` after `with httpx.Client() as client`
 * reads `httpx.Client().get`. Conditions of sinks and sanitisers test it.
 */
function resolvedText(run: TaintRun, node: Node, scope: Scope, depth = 0): string {
  const s = run.syntax;
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
    return root.text.slice(0, root.text.length - only.text.length) + resolvedText(run, only, scope, depth + 1);
  }
  if (depth >= 4 || !s.identifiers.includes(root.type)) return node.text;
  const def = scope.definition(root.text) ?? (s.bareCalls ? bareCallValue(run, root) : undefined);
  if (!def) return node.text;
  return resolvedText(run, def, scope, depth + 1) + node.text.slice(root.endIndex - node.startIndex);
}

/**
 * What a bare name no variable holds stands for where the language calls a method by it (Ruby's
 * `where(user_params)`): the one expression of the file's only method of that name without
 * parameters (`def user_params; params.require(:user).permit(:name); end`).
 */
function bareCallValue(run: TaintRun, name: Node): Node | undefined {
  const s = run.syntax;
  let methods = bareMethods.get(name.tree);
  if (!methods) {
    methods = new Map();
    for (const [type, shape] of Object.entries(s.functions)) {
      if (!shape.name) continue;
      for (const fn of name.tree.rootNode.descendantsOfType(type)) {
        const id = fn?.childForFieldName(shape.name)?.text;
        if (fn && id) methods.set(id, methods.has(id) ? null : fn);
      }
    }
    bareMethods.set(name.tree, methods);
  }
  const fn = methods.get(name.text);
  const shape = fn ? s.functions[fn.type] : undefined;
  if (!fn || !shape) return undefined;
  const params = shape.params ? fn.childForFieldName(shape.params) : null;
  if (params && params.namedChildCount > 0) return undefined;
  const body = shape.body ? fn.childForFieldName(shape.body) : null;
  const statements = body?.namedChildren.filter((c): c is Node => !!c && !s.comments.includes(c.type)) ?? [];
  return statements.length === 1 ? statements[0] : undefined;
}

/** Per parsed tree: method name → its only definition (null when several share the name). */
const bareMethods = new WeakMap<Node['tree'], Map<string, Node | null>>();

/** The variable an argument names: `x`, or the field `x` of `this.x`. */
function variableName(run: TaintRun, arg: Node): string | undefined {
  if (run.syntax.identifiers.includes(arg.type)) return arg.text;
  const member = run.syntax.members[arg.type];
  const object = member ? arg.childForFieldName(member.object) : null;
  if (member && object && (run.syntax.selfNames ?? []).includes(object.text)) return arg.childForFieldName(member.property)?.text;
  return undefined;
}

/** A node's text with a leading imported name replaced by its module path: `tt.New(…)` → `text/template.New(…)`. */
function qualified(run: TaintRun, node: Node): string {
  const text = node.text;
  const m = /^([A-Za-z_]\w*)\./.exec(text);
  if (!m) return text;
  const path = importsOf(run, node).get(m[1]!);
  return path ? `${path}${text.slice(m[1]!.length)}` : text;
}

/**
 * Go's `ex.Command` after `import ex "os/exec"`: the call under the name the package declares (`exec.Command`), which
 * rules name; undefined when the path does not start with an import alias. Rules are also tested on the path as
 * written, since a project may alias a package to a conventional name (`log "github.com/sirupsen/logrus"`).
 */
export function underPackageName(run: TaintRun, node: Node, path: string): string | undefined {
  if (!run.syntax.importSpecs) return undefined;
  const root = /^[A-Za-z_]\w*(?=\.)/.exec(path)?.[0];
  const imported = root && importsOf(run, node).get(root);
  const own = imported ? packageName(imported) : undefined;
  return own && own !== root ? own + path.slice(root!.length) : undefined;
}

/** The name a Go package declares, from its import path: the last element, less a major version (`/v5`, `.v3`) or a `go-` prefix. */
function packageName(importPath: string): string | undefined {
  const elements = importPath.split('/');
  let last = elements.pop();
  if (last && /^v\d+$/.test(last)) last = elements.pop();
  return last?.replace(/\.v\d+$/, '').replace(/^go-/, '');
}

function importsOf(run: TaintRun, node: Node): Map<string, string> {
  const tree = node.tree;
  let map = run.importMaps.get(tree);
  if (map) return map;
  const root = tree.rootNode;
  map = new Map();
  const spec = run.syntax.importSpecs;
  if (spec) {
    for (const n of root.descendantsOfType(spec.node)) {
      if (!n) continue;
      const path = n.childForFieldName(spec.path)?.text.replace(/^["'`]|["'`]$/g, '');
      if (!path) continue;
      const name = n.childForFieldName(spec.name)?.text ?? path.split('/').pop()!;
      map.set(name, path);
    }
  }
  run.importMaps.set(tree, map);
  return map;
}
