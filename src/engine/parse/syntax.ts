// Reading a tree-sitter tree through a language's syntax description: access
// paths, call parts, parameters. Shared by the taint engine and the pattern matcher.
import type { Node } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';

export interface CallParts {
  /** The callee expression (absent for Java `foo()` with no object: then `name` is the callee). */
  callee: Node | null;
  /** The receiver object of a method call, if any. */
  receiver: Node | null;
  /** The method / function name node. */
  name: Node | null;
  positional: Node[];
  keywords: Map<string, Node>;
  argsNode: Node | null;
  isConstructor: boolean;
}

/**
 * A child of `node` named by a shape: a field name, or `#n` for the n-th named
 * child (negative: from the end) where the grammar gives the part no field
 * (PHP subscripts and `new`, Ruby `x[:k]`, C# variable declarators).
 */
export function field(node: Node, spec: string): Node | null {
  if (!spec.startsWith('#')) return node.childForFieldName(spec);
  const index = Number(spec.slice(1));
  const children = node.namedChildren.filter((c): c is Node => !!c && !/comment/.test(c.type));
  return children[index < 0 ? children.length + index : index] ?? null;
}

export function callParts(syntax: LanguageSyntax, node: Node): CallParts | null {
  const shape = syntax.calls[node.type];
  if (!shape) return null;
  let callee: Node | null = null;
  let receiver: Node | null = null;
  let name: Node | null = null;
  if (shape.callee) {
    callee = field(node, shape.callee);
    if (callee) {
      const member = syntax.members[callee.type];
      if (member) {
        receiver = field(callee, member.object);
        name = field(callee, member.property);
      } else {
        name = callee;
      }
    }
  } else {
    receiver = shape.object ? field(node, shape.object) : null;
    name = shape.name ? field(node, shape.name) : null;
  }
  const argsNode = shape.args ? field(node, shape.args) : null;
  const positional: Node[] = [];
  const keywords = new Map<string, Node>();
  if (argsNode) {
    for (const arg of argsNode.namedChildren) {
      if (!arg) continue;
      const type = arg.type;
      if (syntax.comments.includes(type)) continue;
      const kw = syntax.keywordArguments?.[type];
      if (kw) {
        // Python's keyword_argument always names its parameter; C#'s argument only when written `name: value`
        // (no value field: the expression is its last child), otherwise it is positional.
        const k = field(arg, kw.name);
        const v = kw.value ? field(arg, kw.value) : k ? unwrapArgument(arg) : null;
        if (k && v) keywords.set(k.text, v);
        if (k || kw.value) continue;
      }
      positional.push(type === 'argument' ? unwrapArgument(arg) : arg);
    }
  }
  return { callee, receiver, name, positional, keywords, argsNode, isConstructor: !!shape.isConstructor };
}

/** Some grammars wrap each argument in an `argument` node (PHP, C#); the value is its last named child. */
function unwrapArgument(arg: Node): Node {
  if (arg.type === 'argument' && arg.namedChildCount > 0) return arg.namedChildren[arg.namedChildCount - 1]!;
  return arg;
}

/**
 * The normalised text of an expression: `a.b.c`, calls as `f()`, subscripts as
 * `a[]` (or `a.key` for a constant string key). `alias` renames identifiers
 * (request-typed parameters → `$REQUEST`). Unknown shapes give `?`.
 */
export function accessPath(syntax: LanguageSyntax, node: Node | null, alias?: (name: string) => string | undefined, depth = 0): string {
  if (!node || depth > 24) return '?';
  const type = node.type;
  if (syntax.identifiers.includes(type)) {
    const name = node.text;
    return alias?.(name) ?? name;
  }
  const member = syntax.members[type];
  if (member) {
    const obj = field(node, member.object);
    const prop = field(node, member.property);
    return `${accessPath(syntax, obj, alias, depth + 1)}.${prop ? prop.text : '?'}`;
  }
  const sub = syntax.subscripts[type];
  if (sub) {
    const obj = field(node, sub.object);
    const key = field(node, sub.property);
    const keyText = key ? constantKey(key) : undefined;
    return `${accessPath(syntax, obj, alias, depth + 1)}${keyText ? `.${keyText}` : '[]'}`;
  }
  const call = syntax.calls[type];
  if (call) {
    const parts = callParts(syntax, node);
    if (!parts) return '?';
    if (parts.callee) return `${accessPath(syntax, parts.callee, alias, depth + 1)}()`;
    if (parts.receiver) return `${accessPath(syntax, parts.receiver, alias, depth + 1)}.${parts.name?.text ?? '?'}()`;
    // A bare call may name an imported member (Java's `import static …WebUtils.getCookie;`).
    const name = parts.name?.text;
    return `${(name && alias?.(name)) ?? name ?? '?'}()`;
  }
  // C# `HttpContext?.Request`: the condition, then the member or element the binding reads.
  if (type === 'conditional_access_expression') {
    const binding = node.namedChildren[1];
    const base = accessPath(syntax, node.childForFieldName('condition'), alias, depth + 1);
    if (binding?.type === 'member_binding_expression') return `${base}.${binding.childForFieldName('name')?.text ?? '?'}`;
    if (binding?.type === 'element_binding_expression') return `${base}[]`;
    return '?';
  }
  // C# `HttpContext!` (the null-forgiving operator) is the value itself.
  if (type === 'postfix_unary_expression' && node.text.endsWith('!') && node.namedChildCount === 1) return accessPath(syntax, node.namedChildren[0], alias, depth + 1);
  if (type === 'parenthesized_expression' || type === 'non_null_expression' || type === 'await_expression' || (type === 'expression_list' && node.namedChildCount === 1)) {
    const inner = node.namedChildren[0];
    return inner ? accessPath(syntax, inner, alias, depth + 1) : '?';
  }
  // Names the grammar gives their own node types (`this`, `self`, type names, `$_GET`, scoped names).
  if (node.namedChildCount === 0 && /^[\w$@:\\]+$/.test(node.text)) return node.text;
  if (/^(scoped_identifier|qualified_name|qualified_type|scoped_type_identifier|generic_type|type_identifier|name|variable_name|constant|scope_resolution)$/.test(type)) {
    return node.text.replace(/\s+/g, '').replace(/<.*>$/, '');
  }
  return '?';
}

/** `"id"` / `'id'` / `:id` → `id`, `"X-Request-Id"` → `X-Request-Id`, for subscripts with a constant key. */
function constantKey(key: Node): string | undefined {
  // Header names keep their hyphens (`headers["Access-Control-Allow-Origin"]`) so rules can tell them apart.
  const m = /^(?:["'](\w[\w-]*)["']|:(\w+))$/.exec(key.text);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Text of a node with insignificant whitespace collapsed (fingerprints, guards). */
export function normalisedText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every identifier in a pattern (destructuring, tuples, parameters). */
export function patternNames(syntax: LanguageSyntax, node: Node | null, out: string[] = []): string[] {
  if (!node) return out;
  const type = node.type;
  if (syntax.identifiers.includes(type) || type === 'shorthand_property_identifier_pattern') {
    out.push(node.text);
    return out;
  }
  // In `{ key: value }` patterns only the value side binds a name.
  if (type === 'pair_pattern') return patternNames(syntax, node.childForFieldName('value'), out);
  const member = syntax.members[type];
  if (member) {
    out.push(accessPath(syntax, node));
    return out;
  }
  for (const child of node.namedChildren) {
    if (!child) continue;
    const childType = child.type;
    if (childType.includes('type') && childType !== 'type_identifier') continue;
    patternNames(syntax, child, out);
  }
  return out;
}

/** The innermost function definition around a node, if any. */
export function enclosingFunction(syntax: LanguageSyntax, node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) if (syntax.functions[p.type]) return p;
  return null;
}

/** The decorators / annotations / attributes that apply to a function or parameter node. */
export function decoratorsOf(syntax: LanguageSyntax, node: Node): Node[] {
  if (syntax.decorators.length === 0) return [];
  const out: Node[] = [];
  const collect = (n: Node | null, deep: boolean) => {
    if (!n) return;
    for (const child of n.namedChildren) {
      if (!child) continue;
      if (syntax.decorators.includes(child.type)) out.push(child);
      else if (deep && /modifiers|attribute_list|attribute_group|attributes/.test(child.type)) collect(child, true);
    }
  };
  collect(node, true);
  // Decorators written before a method are its preceding siblings (JS/TS class bodies).
  let prev = node.previousNamedSibling;
  while (prev && syntax.decorators.includes(prev.type)) {
    out.push(prev);
    prev = prev.previousNamedSibling;
  }
  // Python wraps decorated functions: decorated_definition(decorator*, definition).
  const parent = node.parent;
  if (parent && parent.type === 'decorated_definition') collect(parent, false);
  return out;
}

/** Name of a decorator/annotation/attribute: `@app.get("/x")` → `app.get`, `@RequestParam("q")` → `RequestParam`. */
export function decoratorName(node: Node): string {
  const text = node.text.replace(/^[@[#]+/, '').replace(/\]$/, '');
  const m = /^[\w$.:\\]+/.exec(text.trim());
  return m ? m[0] : text;
}
