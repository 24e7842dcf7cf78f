// What the receiver of a method call is, as far as the code says: the object itself
// (`this.save()`), a value of a known class (a declared type, `new Foo()`, `Foo.find()`),
// an imported module (`utils.clean()`), or unknown (`config.get()`). Calls resolve into
// other files only through the first three: a method name alone links nothing, since
// `cache.delete()` and `file.delete()` share a name and nothing else.
import type { Node } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import type { Scope } from './scope.ts';
import { callParts, field } from '../parse/syntax.ts';

export type Receiver =
  /** A call without a receiver (`helper(x)`). */
  | { kind: 'none' }
  /** `this.m()` / `self.m()`: the class around the call, then the classes and mixins it names as its bases. */
  | { kind: 'self'; bases: string[] }
  /** A value of a known class: a declared or inferred type, or the class itself (`Foo.find()`). */
  | { kind: 'type'; name: string }
  /** An imported name (`import * as utils`, `const svc = require('./svc')`, a Go package): the files its import names. */
  | { kind: 'module'; binding: string }
  | { kind: 'unknown' };

export function receiverKey(r: Receiver): string {
  switch (r.kind) {
    case 'self':
      return `self:${r.bases.join(',')}`;
    case 'type':
      return `type:${r.name}`;
    case 'module':
      return `module:${r.binding}`;
    default:
      return r.kind;
  }
}

/** `List<Foo>`, `*Foo`, `?Foo`, `: Foo | null`, `pkg.Foo`, `App\Foo`, `Foo[]` → `Foo`. */
export function simpleTypeName(text: string): string | undefined {
  const t = text
    .replace(/^\s*:\s*/, '')
    .replace(/<[\s\S]*$/, '')
    .replace(/\[\]|[*&?!]/g, '')
    .split(/\s*\|\s*/)[0]!
    .trim();
  const last = t.split(/\.|::|\\/).pop() ?? '';
  return /^[A-Za-z_]\w*$/.test(last) && !/^(var|let|const|dynamic|object|Object|any|unknown|auto|string|String|int|long|bool|boolean)$/.test(last) ? last : undefined;
}

/** The class a value is known to be of: what a constructor call builds (`new Foo(…)`, `Foo.new(…)`, Python's `Foo(…)`), or the type it is cast to (`(Foo) x`); undefined for anything else. */
export function classOfValue(syntax: LanguageSyntax, value: Node | undefined): string | undefined {
  let n: Node | null | undefined = value;
  // `await new Foo()`, `(Foo())`, Go's `&Repo{}`.
  while (n && (/^(await_expression|parenthesized_expression)$/.test(n.type) || (n.type === 'unary_expression' && n.text.startsWith('&'))) && n.namedChildCount > 0) n = n.namedChildren[0];
  if (n && syntax.typedLiterals?.includes(n.type)) {
    const type = n.childForFieldName('type');
    return type ? simpleTypeName(type.text) : undefined;
  }
  // Java's and C#'s `(IBlabberCommand) Activator.CreateInstance(t)`: a value of the type it is cast to.
  if (n?.type === 'cast_expression') {
    const type = n.childForFieldName('type');
    return type ? simpleTypeName(type.text) : undefined;
  }
  if (!n || !syntax.calls[n.type]) return undefined;
  const parts = callParts(syntax, n);
  if (!parts) return undefined;
  const callee = parts.callee ? parts.callee.text.replace(/^new\s+/, '') : `${parts.receiver ? `${parts.receiver.text}.` : ''}${parts.name?.text ?? ''}`;
  if (parts.isConstructor) return simpleTypeName(callee);
  const made = syntax.constructorCalls?.exec(callee);
  if (made) return made[1];
  const ruby = /^([A-Z]\w*(?:::[A-Z]\w*)*)\.new$/.exec(callee);
  if (ruby) return simpleTypeName(ruby[1]!);
  // A call of a capitalised name is a constructor only where the language says so (Python's `__init__`).
  if (syntax.constructorNames?.length && /^([a-z_]\w*\.)*[A-Z]\w*$/.test(callee)) return simpleTypeName(callee);
  return undefined;
}

/** The class node around `node`, if any. */
export function enclosingClass(syntax: LanguageSyntax, node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) if (syntax.classes?.includes(p.type)) return p;
  return null;
}

/**
 * The classes and mixins a class names in its header (`extends B`, `: Base, IFoo`, `(Base)`, `< Base`)
 * and in `include M` / `use T;` lines of its body: where `this.m()` goes when the class lacks `m`.
 */
export function basesOf(cls: Node): string[] {
  let byClass = basesByTree.get(cls.tree);
  if (!byClass) basesByTree.set(cls.tree, (byClass = new Map()));
  let bases = byClass.get(cls.startIndex);
  if (!bases) byClass.set(cls.startIndex, (bases = readBases(cls)));
  return bases;
}

const basesByTree = new WeakMap<Node['tree'], Map<number, string[]>>();

/**
 * The classes a tree declares (with `annotations`, its annotation types too: Java's `@interface Sort`), each with its
 * name, in source order. Read once per tree: resolution asks for them by name again and again (a typed receiver's
 * class, its bases and interfaces, an attribute's declaration, the subclasses a `$this` call may run in).
 */
export function declaredClasses(syntax: LanguageSyntax, tree: Node['tree'], annotations = false): { node: Node; name: string }[] {
  const types = [...(syntax.classes ?? []), ...(annotations ? (syntax.annotationTypes ?? []) : [])];
  if (types.length === 0) return [];
  let byTypes = declaredByTree.get(tree);
  if (!byTypes) declaredByTree.set(tree, (byTypes = new Map()));
  const key = types.join(' ');
  let declared = byTypes.get(key);
  if (!declared) {
    declared = [];
    for (const node of tree.rootNode.descendantsOfType(types)) {
      const name = node?.childForFieldName('name')?.text;
      if (node && name) declared.push({ node, name });
    }
    byTypes.set(key, declared);
  }
  return declared;
}

const declaredByTree = new WeakMap<Node['tree'], Map<string, { node: Node; name: string }[]>>();

/** A class's text before its body (`class Chat extends Base implements MessageComponentInterface`). */
export function classHeader(cls: Node): string {
  const body = cls.childForFieldName('body');
  return body ? cls.text.slice(0, body.startIndex - cls.startIndex) : cls.text.split('\n')[0]!;
}

function readBases(cls: Node): string[] {
  const name = cls.childForFieldName('name')?.text;
  const body = cls.childForFieldName('body');
  const header = classHeader(cls);
  const out = new Set<string>();
  for (const m of header.matchAll(/[A-Z]\w*/g)) if (m[0] !== name) out.add(m[0]);
  for (const m of (body?.text ?? '').matchAll(/^\s*(?:include|extend|use)\s+((?:[A-Z]\w*(?:::|\\))*[A-Z]\w*)\s*;?\s*$/gm)) {
    const base = simpleTypeName(m[1]!);
    if (base) out.add(base);
  }
  return [...out].slice(0, 8);
}

/** The names a typed declaration declares (its `name`/`pattern` field or its declarators' names), without PHP's `$`. */
function declaredNames(decl: Node): string[] {
  const direct = decl.childForFieldName('name') ?? decl.childForFieldName('pattern');
  if (direct) return [direct.text.replace(/^\$/, '')];
  const out: string[] = [];
  for (const child of decl.namedChildren) {
    if (!child) continue;
    const name = child.childForFieldName('name');
    if (name && name.namedChildCount <= 1) out.push(name.text.replace(/^\$/, ''));
    else if (/declarator|element/.test(child.type)) {
      for (const inner of child.namedChildren) if (inner && /^(\$?\w+)$/.test(inner.text)) out.push(inner.text.replace(/^\$/, ''));
    }
  }
  return out;
}

const CONSTRUCTOR = /^(constructor|__construct|__init__|initialize)$/;

/**
 * The class of a member of the class around `at` (`this.users`, Java's bare `users`): a field declared
 * with a type (any grammar's `type` field), a promoted constructor parameter
 * (`constructor(private users: UserService)`), or a constructor call the constructor assigns to it.
 */
export function memberType(syntax: LanguageSyntax, at: Node, member: string, anyMethod = false): string | undefined {
  const cls = enclosingClass(syntax, at);
  if (!cls) return undefined;
  // Asked at every call on a member: one walk of the class per member name.
  let byClass = memberTypes.get(cls.tree);
  if (!byClass) memberTypes.set(cls.tree, (byClass = new Map()));
  const key = `${cls.startIndex}:${member}:${anyMethod}`;
  if (byClass.has(key)) return byClass.get(key);
  const found = findMemberType(syntax, cls, member, anyMethod);
  byClass.set(key, found);
  return found;
}

const memberTypes = new WeakMap<Node['tree'], Map<string, string | undefined>>();

/** `anyMethod`: the member may be set by any method of the class (a Rails controller's filter sets `@attachment`), not only its constructor. */
function findMemberType(syntax: LanguageSyntax, cls: Node, member: string, anyMethod: boolean): string | undefined {
  const body = cls.childForFieldName('body') ?? cls;
  const className = cls.childForFieldName('name')?.text;
  const selfNames = (syntax.selfNames ?? []).map((s) => s.replace(/^\$/, ''));
  let found: string | undefined;
  const typeOf = (decl: Node): string | undefined => {
    const typeNode = decl.childForFieldName('type');
    return typeNode && declaredNames(decl).includes(member) ? simpleTypeName(typeNode.text) : undefined;
  };
  const assigned = (n: Node, depth: number): void => {
    if (found || depth > 6) return;
    const shape = syntax.assignments[n.type];
    if (shape) {
      const left = field(n, shape.left);
      const right = shape.right ? field(n, shape.right) : null;
      const text = left?.text.replace(/^\$/, '') ?? '';
      if (right && (selfNames.some((s) => text === `${s}.${member}` || text === `${s}->${member}`) || text === `@${member}`)) found = classOfValue(syntax, right);
      return;
    }
    for (const c of n.namedChildren) if (c && !syntax.functions[c.type]) assigned(c, depth + 1);
  };
  const walk = (n: Node, depth: number): void => {
    for (const c of n.namedChildren) {
      if (!c || found) continue;
      const fn = syntax.functions[c.type];
      if (fn) {
        const name = fn.name ? field(c, fn.name)?.text : undefined;
        if (!name || !(anyMethod || CONSTRUCTOR.test(name) || name === className)) continue;
        const params = fn.params ? field(c, fn.params) : null;
        for (const p of params?.namedChildren ?? []) if (p && !found) found = typeOf(p);
        const fnBody = fn.body ? field(c, fn.body) : null;
        if (!found && fnBody) assigned(fnBody, 0);
        continue;
      }
      found = typeOf(c);
      if (!found && depth < 3 && c.namedChildCount > 0 && !syntax.classes?.includes(c.type)) walk(c, depth + 1);
    }
  };
  // C# 12 / Kotlin primary constructors: `class C(PluginService plugins)` names its members in its header.
  for (const list of cls.namedChildren) {
    if (!list || found || list === body || !/parameter/.test(list.type)) continue;
    for (const p of list.namedChildren) if (p && !found) found = typeOf(p);
  }
  if (!found) walk(body, 0);
  return found;
}

/**
 * What the receiver of a call is. `isImported(name)` says whether the file binds `name` by an import.
 */
export function classifyReceiver(syntax: LanguageSyntax, receiver: Node, scope: Scope, isImported: (name: string) => boolean): Receiver {
  const selfNames = syntax.selfNames ?? [];
  let n: Node = receiver;
  while (/^(parenthesized_expression|non_null_expression)$/.test(n.type) && n.namedChildCount === 1) n = n.namedChildren[0]!;
  // `new ReportBuilder().build(x)`: the class it constructs.
  const constructed = classOfValue(syntax, n);
  if (constructed) return { kind: 'type', name: constructed };
  if (selfNames.includes(n.text) || /^(super|base|parent|self|static)$/.test(n.text)) {
    const cls = enclosingClass(syntax, n);
    return { kind: 'self', bases: cls ? basesOf(cls) : [] };
  }
  if (syntax.identifiers.includes(n.type) || /^(instance_variable|variable_name|name|constant)$/.test(n.type)) {
    const name = n.text;
    const declared = scope.typeOf(name);
    if (declared) {
      const t = simpleTypeName(declared);
      return t ? { kind: 'type', name: t } : { kind: 'unknown' };
    }
    if (scope.lookup(name) !== undefined || scope.definition(name)) {
      // A local: what it was built from, if that is a constructor call.
      const built = classOfValue(syntax, scope.init(name) ?? scope.definition(name));
      if (built) return { kind: 'type', name: built };
      const def = scope.definition(name);
      if (def && /require|import/.test(def.text.slice(0, 40)) && isImported(name)) return { kind: 'module', binding: name };
      if (scope.lookup(name) !== undefined) {
        // A field the class declares with a type (C#'s `_queries`) is known to the scope without a value of its own.
        const field = scope.init(name) === undefined ? memberType(syntax, n, name) : undefined;
        return field ? { kind: 'type', name: field } : { kind: 'unknown' };
      }
    }
    if (isImported(name)) return { kind: 'module', binding: name };
    // Ruby's `@repo`: an instance variable of the class around the call, set by any of its methods (a
    // controller's `before_action` filter finds the record its actions use).
    if (name.startsWith('@') && !name.startsWith('@@')) {
      const t = memberType(syntax, n, name.slice(1), true);
      return t ? { kind: 'type', name: t } : { kind: 'unknown' };
    }
    // A class named directly (`User.find`, `Foo::bar()`), or a field of the class around it (Java, C#).
    if (/^[A-Z]/.test(name.replace(/^\\/, '')) && !/^[A-Z0-9_]+$/.test(name)) return { kind: 'type', name: simpleTypeName(name) ?? name };
    const t = memberType(syntax, n, name);
    return t ? { kind: 'type', name: t } : { kind: 'unknown' };
  }
  // `this.users.find()`: a member of this object with a known class.
  const member = syntax.members[n.type];
  if (member) {
    const object = field(n, member.object);
    const property = field(n, member.property);
    if (object && property && selfNames.includes(object.text)) {
      const t = memberType(syntax, n, property.text.replace(/^\$/, ''));
      return t ? { kind: 'type', name: t } : { kind: 'unknown' };
    }
    // `App\Models\User::find`, `models.User.find()`: a qualified class name.
    if (/^[\w.\\:]+$/.test(n.text)) {
      const last = n.text.split(/\.|::|\\/).pop()!;
      if (/^[A-Z]/.test(last) && !/^[A-Z0-9_]+$/.test(last)) return { kind: 'type', name: last };
      // `pkg.mod.fn()`: the module path starts with an imported name (Python `import a.b`).
      const root = n.text.split(/\.|::|\\/)[0]!;
      if (scope.lookup(root) === undefined && isImported(root)) return { kind: 'module', binding: root };
    }
  }
  // PHP `Foo::bar()` and C#/Java generic receivers: a type name node.
  if (/^(qualified_name|scoped_identifier|generic_name|generic_type|type_identifier|scope_resolution)$/.test(n.type)) {
    const t = simpleTypeName(n.text);
    if (t && /^[A-Z]/.test(t)) return { kind: 'type', name: t };
  }
  return { kind: 'unknown' };
}
