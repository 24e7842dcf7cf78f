// ERB (Rails Action View): `<%= x %>` escapes; `<%== x %>`, `raw(x)` and `x.html_safe` do not.
// A view reads the controller's instance variables (`@post`) and the locals a partial is given
// (`render "row", item: @item`); block and `for` loop variables and assignments inside `<% %>` are
// followed back to what they read. `render` of a partial is an include that sees the same
// instance variables. Only HTML views are read (`.html.erb`): a `.text.erb` mail or a `.pdf.erb`
// document is no HTML page.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { blankTags, inScriptCode, Positions, resolveAliases, scriptBodies, type Aliases } from './text.ts';


const TAG = /<%(==|=|#|-|%)?([\s\S]*?)-?%>/g;

const KEYWORDS = new Set([
  'if', 'unless', 'else', 'elsif', 'end', 'do', 'then', 'and', 'or', 'not', 'nil', 'true', 'false', 'self', 'yield',
  'while', 'until', 'case', 'when', 'in', 'for', 'return', 'rescue', 'begin', 'ensure', 'defined', 'super', 'new',
]);

/**
 * Methods whose result cannot carry markup (`@comments.count`, `@page.to_i`, `@user.id`) or is
 * escaped (`to_json` escapes `<`, `>` and `&` in Rails): a value read through them is no raw output.
 */
const CLEAN_METHODS = /^(to_i|to_f|to_r|to_d|count|size|length|id|to_json|hexdigest|digest|strftime|iso8601|present\?|blank\?|nil\?|empty\?|any\?|zero\?|positive\?|negative\?)$/;

/**
 * Helpers whose result is the data as given (`format("%s", @x)`); other helpers called on the data
 * (`link_to_user(@user)`, `t(:label, name: @x)`, `markdown(@x)`) return their own output, which
 * this reader does not see into.
 */
const PASS_THROUGH = new Set(['format', 'sprintf', 'String', 'Array', 'concat']);

/** Options of `render` that are not a partial's locals. */
const RENDER_OPTIONS = new Set(['partial', 'locals', 'collection', 'as', 'object', 'layout', 'formats', 'cached', 'spacer_template', 'template', 'status', 'handlers', 'variants']);

/** Index of the bracket closing the one opened at `open`, skipping strings; -1 if none. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return i;
    } else if (c === '"' || c === "'") {
      const end = stringEnd(code, i);
      if (end < 0) return -1;
      i = end;
    }
  }
  return -1;
}

function stringEnd(code: string, start: number): number {
  const quote = code[start];
  for (let i = start + 1; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === quote) return i;
  }
  return -1;
}

/** Index of the bracket opening the one that closes at `close`, skipping strings; -1 if none. */
function opening(code: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const c = code[i]!;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (--depth === 0) return i;
    } else if (c === '"' || c === "'") {
      const start = code.lastIndexOf(c, i - 1);
      if (start < 0) return -1;
      i = start;
    }
  }
  return -1;
}

/** The receiver expression that ends at `end` (`"Hi #{@x}"` or `@post.body` before `.html_safe`). */
function receiverBefore(code: string, end: number): string {
  let i = end;
  while (i > 0) {
    const c = code[i - 1]!;
    if (/[\w@.?!:]/.test(c)) i--;
    else if (c === ')' || c === ']' || c === '}') {
      const open = opening(code, i - 1);
      if (open < 0) break;
      i = open;
    } else if (c === '"' || c === "'") {
      const start = code.lastIndexOf(c, i - 2);
      if (start < 0) break;
      i = start;
    } else break;
  }
  return code.slice(i, end);
}

/** A Ruby expression with strings reduced to their interpolations and symbols removed. */
function codeOnly(expression: string): string {
  let out = '';
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(expression, i);
      const body = expression.slice(i + 1, end < 0 ? expression.length : end);
      if (c === '"') for (const m of body.matchAll(/#\{((?:[^{}]|\{[^{}]*\})*)\}/g)) out += ` (${m[1]}) `;
      out += ' "" ';
      if (end < 0) break;
      i = end;
    } else out += c;
  }
  return out.replace(/(?<![\w:]):\w+[?!]?/g, ' ');
}

/** Methods whose arguments end up in their result (`@a.concat(@b)`, `s.gsub("x", @y)`). */
const KEEPS_ARGUMENTS = new Set(['concat', 'prepend', 'insert', 'sub', 'gsub', 'replace']);

/**
 * The code with each call of a helper on its arguments (`link_to_user(@user)`,
 * `Digest::MD5.hexdigest(@x)`) blanked: its output is the helper's. A method called on the data
 * keeps its receiver (`@post.body.truncate(80)` reads `@post`), not its arguments.
 */
function withoutHelperCalls(code: string): string {
  let out = code;
  const helper = /(?<![\w@$.:])(?:([a-z_]\w*[?!]?)|[A-Z]\w*(?:::[A-Z]\w*)*\s*\.\s*[a-z_]\w*[?!]?)\(/g;
  const method = /\.\s*([a-z_]\w*[?!]?)\(/g;
  for (let guard = 0; guard < 64; guard++) {
    helper.lastIndex = 0;
    method.lastIndex = 0;
    const h = helper.exec(out);
    let m = method.exec(out);
    while (m && KEEPS_ARGUMENTS.has(m[1]!)) m = method.exec(out);
    const next = [h, m].filter((x): x is RegExpExecArray => !!x).sort((a, b) => a.index - b.index)[0];
    if (!next) break;
    const open = next.index + next[0].length - 1;
    const close = closing(out, open);
    if (close < 0) break;
    if (next === m) out = out.slice(0, open) + out.slice(close + 1);
    else out = out.slice(0, next.index) + (PASS_THROUGH.has(next[1] ?? '') ? ` ${out.slice(open + 1, close)} ` : ' "" ') + out.slice(close + 1);
  }
  return out;
}

/**
 * `@items.map { |i| link_to(i) }`: a mapping block's value is its body with the parameter standing
 * for the elements, so the receiver is read only where the body prints an element itself
 * (`@tags.map { |t| "<b>#{t}</b>" }`), not where it hands each to a helper.
 */
function blocksInlined(code: string): string {
  let out = code;
  for (let guard = 0; guard < 16; guard++) {
    const m = /\.\s*(?:map|collect|flat_map|filter_map)\s*\{\s*\|([^|]*)\|/.exec(out);
    if (!m) break;
    const open = out.indexOf('{', m.index);
    const close = closing(out, open);
    if (close < 0) break;
    const receiver = receiverBefore(out, m.index);
    let body = out.slice(m.index + m[0].length, close);
    for (const param of m[1]!.match(/\w+/g) ?? []) body = body.replace(new RegExp(`(?<![\\w@$.:])${param}\\b(?!:)`, 'g'), `(${receiver})`);
    out = `${out.slice(0, m.index - receiver.length)} (${body}) ${out.slice(close + 1)}`;
  }
  return out;
}

/**
 * The variables a Ruby expression printed raw reads: instance variables (`@post` in
 * `@post.body`) and local names (a partial's locals, loop variables). A helper called on the
 * data gives its own output; a value read through a method that yields a number or JSON is no
 * markup.
 */
export function rubyRoots(expression: string): string[] {
  // `@x if @show`: the modifier is not part of the printed value.
  let code = codeOnly(expression).replace(/\s(?:if|unless)\s[\s\S]*$/, '').trim();
  // `link_to_user @user`, `t :label, name: @x`: a helper called without parentheses.
  const command = /^([a-z_]\w*[?!]?)\s+(?![-+*/%=<>!&|?:.]|if\b|unless\b|and\b|or\b|rescue\b|do\b)\S/.exec(code);
  if (command && !PASS_THROUGH.has(command[1]!) && !KEYWORDS.has(command[1]!)) return [];
  code = withoutHelperCalls(blocksInlined(code));
  const out = new Set<string>();
  const re = /(?<![\w@$.:])(@?[A-Za-z_]\w*)(?![\w(])(?!:[^:])/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const name = m[1]!;
    if (KEYWORDS.has(name) || /^[A-Z]/.test(name)) continue;
    const chain = /^(?:\s*&?\.\s*[a-z_]\w*[?!]?(?:\((?:[^()]|\([^()]*\))*\))?|\[[^\]]*\])*/.exec(code.slice(m.index + m[0].length))![0];
    const last = /\.\s*([a-z_]\w*[?!]?)(?:\([^)]*\))?\s*$/.exec(chain)?.[1];
    if (last && CLEAN_METHODS.test(last)) continue;
    out.add(name);
  }
  return [...out];
}

/** Each raw output inside one tag's code: `raw(x)` / `raw x`, `x.html_safe`; `[offset in code, end, expression]`. */
function rawExpressions(code: string): [number, number, string][] {
  const out: [number, number, string][] = [];
  for (const m of code.matchAll(/(?<![\w@$.:])raw(\(|\s+)/g)) {
    const from = m.index! + m[0].length;
    if (m[1] === '(') {
      const close = closing(code, from - 1);
      if (close >= 0) out.push([m.index!, close + 1, code.slice(from, close)]);
    } else {
      // `raw @x if @show`: the modifier is not part of the value.
      const rest = code.slice(from);
      const modifier = /\s(?:if|unless|rescue)\s/.exec(rest);
      out.push([m.index!, code.length, modifier ? rest.slice(0, modifier.index) : rest]);
    }
  }
  for (const m of code.matchAll(/\.html_safe\b/g)) {
    const receiver = receiverBefore(code, m.index!);
    if (receiver) out.push([m.index! - receiver.length, m.index! + m[0].length, receiver]);
  }
  return out;
}

/** Loop variables and assignments in `<% %>` code (`@posts.each do |post|`, `for c in @comments`, `x = @y`). */
function bindAliases(code: string, aliases: Aliases): void {
  const resolved = (names: string[]) => resolveAliases(aliases, names);
  for (const m of code.matchAll(/([@\w.]+(?:\([^()]*\))?)\s*\.\s*(?:each\w*|map|collect|select|reject|group_by|sort_by|find_each|in_groups_of)\s*(?:\([^()]*\))?\s*(?:do|\{)\s*\|([^|]*)\|/g)) {
    const from = resolved(rubyRoots(m[1]!));
    for (const n of m[2]!.match(/\w+/g) ?? []) aliases.set(n, from);
  }
  for (const m of code.matchAll(/\bfor\s+([\w,\s]+?)\s+in\s+([^\n;]+?)(?:\s+do\b|\s*$|;)/g)) {
    const from = resolved(rubyRoots(m[2]!));
    for (const n of m[1]!.match(/\w+/g) ?? []) aliases.set(n, from);
  }
  for (const m of code.matchAll(/(?:^|[;\n])\s*([a-z_]\w*)\s*=(?![=~>])\s*([^;\n]+)/g)) aliases.set(m[1]!, resolved(rubyRoots(m[2]!)));
}

/**
 * A partial rendered here (`render "row"`, `render partial: "shared/row", locals: { item: @x }`,
 * `render "row", item: @x`, `collection: @items, as: :item`): its name as the reader resolves it
 * (`_row` beside this view, `shared/_row` under the views folder) and the locals it is given.
 */
function partialReference(code: string, aliases: Aliases): { name: string; locals: Record<string, string[]> } | undefined {
  const call = /(?<![\w@$.:])render\s*\(?\s*([\s\S]*)$/.exec(code);
  if (!call) return undefined;
  const args = call[1]!.replace(/\)\s*$/, '');
  const resolved = (names: string[]) => resolveAliases(aliases, names);
  const named = /^(?:partial:|:partial\s*=>)\s*["']([\w/.-]+)["']/.exec(args) ?? /^["']([\w/.-]+)["']/.exec(args) ?? /(?:\bpartial:|:partial\s*=>)\s*["']([\w/.-]+)["']/.exec(args);
  if (!named) return undefined;
  const full = named[1]!.replace(/\.html(\.erb)?$/, '');
  const slash = full.lastIndexOf('/');
  const base = full.slice(slash + 1);
  const name = slash < 0 ? `_${base}` : `${full.slice(0, slash)}/_${base}`;
  const locals: Record<string, string[]> = {};
  const pairs = (text: string) => text.matchAll(/(?:(\w+):|:(\w+)\s*=>)\s*((?:[^,{}()[\]]|\([^()]*\)|\[[^\]]*\])+)/g);
  const localsHash = /(?:\blocals:|:locals\s*=>)\s*\{/.exec(args);
  if (localsHash) {
    const open = localsHash.index + localsHash[0].length - 1;
    const close = closing(args, open);
    for (const p of pairs(args.slice(open + 1, close < 0 ? args.length : close))) locals[(p[1] ?? p[2])!] = resolved(rubyRoots(p[3]!));
  }
  const outside = localsHash ? args.slice(0, localsHash.index) : args;
  for (const p of pairs(outside)) {
    const key = (p[1] ?? p[2])!;
    if (!RENDER_OPTIONS.has(key)) locals[key] = resolved(rubyRoots(p[3]!));
  }
  // `collection: @items` (each element is the local named after the partial, or `as:`), `object: @item`.
  const items = /(?:\b(?:collection|object):|:(?:collection|object)\s*=>)\s*([^,]+)/.exec(outside);
  if (items) {
    const as = /(?:\bas:|:as\s*=>)\s*:?["']?(\w+)/.exec(outside)?.[1] ?? base;
    locals[as] = resolved(rubyRoots(items[1]!));
  }
  return { name, locals };
}

function parse(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const aliases: Aliases = new Map();
  const resolved = (names: string[]) => resolveAliases(aliases, names);
  const scripts = scriptBodies(text);
  const blanked = blankTags(text, /<%[\s\S]*?%>/g);
  for (const m of text.matchAll(TAG)) {
    const [whole, kind, code] = m as unknown as [string, string | undefined, string];
    const at = m.index!;
    if (kind === '#' || kind === '%') continue;
    const codeAt = at + 2 + (kind?.length ?? 0);
    const push = (from: number, to: number, expression: string) => {
      const roots = resolved(rubyRoots(expression));
      if (roots.length) raw.push({ roots, ...positions.span(from, to), text: text.slice(from, to).trim() });
    };
    const partial = kind === '=' || kind === '==' ? partialReference(code.trim(), aliases) : undefined;
    if (partial) {
      references.push({ name: partial.name, line: positions.at(at).line, bindings: { ...Object.fromEntries(aliases), ...partial.locals } });
      continue;
    }
    if (kind === '==') {
      push(at, at + whole.length, code);
      continue;
    }
    const found = rawExpressions(code);
    for (const [from, to, expression] of found) push(codeAt + from, codeAt + to, expression);
    // `<%= x %>` escapes for HTML, which does not protect script code (text.ts inScriptCode).
    if (kind === '=' && !found.length && inScriptCode(blanked, at, scripts)) push(at, at + whole.length, code);
    if (kind !== '=') bindAliases(code, aliases);
  }
  return { raw, references };
}

export const erb: TemplateSyntax = { id: 'erb', extensions: ['.html.erb'], parse };
