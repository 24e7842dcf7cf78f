// The template languages of Express apps: EJS (`<%- x %>`), Pug (`!= x`, `!{x}`) and
// Handlebars (`{{{ x }}}`, `{{& x }}`). Loop variables are followed back to what they iterate.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { Positions, blankTags, escaperCall, inScriptCode, resolveAliases, rootsOf, scriptBodies, type Aliases } from './text.ts';

const resolved = resolveAliases;

/** Loop and local names a piece of JavaScript binds (`for (const c of comments)`, `comments.forEach((c) =>`, `const x = y`). */
function bindAliases(code: string, aliases: Aliases): void {
  for (const m of code.matchAll(/\bfor\s*\(\s*(?:const|let|var)?\s*([\w$]+|\[[^\]]*\]|\{[^}]*\})\s+(?:of|in)\s+([^)]+)\)/g)) {
    const from = resolved(aliases, rootsOf(m[2]!));
    for (const n of m[1]!.match(/[\w$]+/g) ?? []) aliases.set(n, from);
  }
  for (const m of code.matchAll(/([\w$.]+)\s*\.\s*(?:forEach|map|filter|some|every)\s*\(\s*(?:function\s*)?\(?\s*([\w$]+)/g)) {
    aliases.set(m[2]!, resolved(aliases, rootsOf(m[1]!)));
  }
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*([^;\n]+)/g)) aliases.set(m[1]!, resolved(aliases, rootsOf(m[2]!)));
}

const EJS_TAG = /<%([-=#_]?)([\s\S]*?)[-_]?%>/g;

function parseEjs(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const aliases: Aliases = new Map();
  const scripts = scriptBodies(text);
  const blanked = blankTags(text, /<%[\s\S]*?%>/g);
  for (const m of text.matchAll(EJS_TAG)) {
    const [whole, kind, code] = m as unknown as [string, string, string];
    if (kind === '#') continue;
    // `<%= x %>` escapes for HTML, which does not protect script code (text.ts inScriptCode).
    if (kind === '-' || (kind === '=' && inScriptCode(blanked, m.index!, scripts))) {
      const include = /^\s*include\s*\(\s*['"`]([^'"`]+)['"`]\s*(?:,\s*\{([\s\S]*)\})?/.exec(code);
      if (include) {
        // The partial sees the locals, the names bound here and what it is given (`include('row', { item: c })`).
        const bindings = Object.fromEntries(aliases);
        for (const pair of (include[2] ?? '').matchAll(/([\w$]+)\s*(?::\s*([^,}]+))?/g)) bindings[pair[1]!] = resolved(aliases, rootsOf(pair[2] ?? pair[1]!));
        references.push({ name: include[1]!, line: positions.at(m.index!).line, bindings });
        continue;
      }
      const roots = resolved(aliases, rootsOf(code));
      if (roots.length) raw.push({ roots, ...positions.span(m.index!, m.index! + whole.length), text: whole });
    } else if (kind === '' || kind === '_') bindAliases(code, aliases);
  }
  return { raw, references };
}

function parsePug(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const aliases: Aliases = new Map();
  let offset = 0;
  let commentIndent = -1;
  // The indentation of an open `script.` block, whose lines are script code.
  let scriptIndent = -1;
  const scriptCode = (expression: string, at: number, end: number, shown: string) => {
    const roots = resolved(aliases, rootsOf(expression));
    if (roots.length) raw.push({ roots, ...positions.span(at, end), text: shown });
  };
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const indent = /^\s*/.exec(line)![0].length;
    const body = line.slice(indent);
    if (commentIndent >= 0 && (indent > commentIndent || !body)) continue;
    commentIndent = -1;
    // In a script element's text, `#{x}` is HTML-escaped, which does not stop script (`'; alert(1)//`): as raw
    // as `!{x}`. Inline (`script #{x}`, `script= x`) or in a `script.` block.
    if (scriptIndent >= 0 && (indent > scriptIndent || !body)) {
      for (const m of body.matchAll(/[#!]\{([^}]*)\}/g)) scriptCode(m[1]!, start + indent + m.index!, start + indent + m.index! + m[0].length, m[0]);
      continue;
    }
    scriptIndent = -1;
    const script = /^script\b(?:\((?:[^()"']|"[^"]*"|'[^']*')*\))?(\.?)(?:(!?=)\s*(.+)|\s+(.*))?$/.exec(body);
    if (script && !/\btype\s*=\s*["'](?!(text|application)\/(java|ecma)script|module)/.test(body)) {
      if (script[1]) scriptIndent = indent;
      else if (script[3]) scriptCode(script[3], start + indent, start + line.length, body);
      else for (const m of (script[4] ?? '').matchAll(/[#!]\{([^}]*)\}/g)) scriptCode(m[1]!, start + indent, start + line.length, body);
      continue;
    }
    if (body.startsWith('//')) {
      commentIndent = indent;
      continue;
    }
    const each = /^(?:each|for)\s+([\w$]+)(?:\s*,\s*([\w$]+))?\s+in\s+(.+)$/.exec(body);
    if (each) {
      const from = resolved(aliases, rootsOf(each[3]!));
      aliases.set(each[1]!, from);
      if (each[2]) aliases.set(each[2], from);
      continue;
    }
    const code = /^-\s*(.*)$/.exec(body);
    if (code) {
      bindAliases(code[1]!, aliases);
      continue;
    }
    const ref = /^(?:include|extends)\s+(\S+)/.exec(body);
    if (ref) {
      references.push({ name: ref[1]!, line: positions.at(start).line, bindings: Object.fromEntries(aliases) });
      continue;
    }
    // `p!= x`, `!= x`, `div(class="a")!= x`: the rest of the line is unescaped code.
    const buffered = /^(?:[\w.#:-]*(?:\((?:[^()"']|"[^"]*"|'[^']*')*\))?)?!=\s*(.+)$/.exec(body);
    if (buffered) {
      const roots = resolved(aliases, rootsOf(buffered[1]!));
      if (roots.length) raw.push({ roots, ...positions.span(start + indent, start + line.length), text: body });
      continue;
    }
    // `!{x}` interpolation, and unescaped attributes `a(href!=x)`.
    for (const m of body.matchAll(/!\{([^}]*)\}|\(\s*[^()]*?\b[\w-]+\s*!=\s*([^,)\s]+)/g)) {
      const roots = resolved(aliases, rootsOf(m[1] ?? m[2]!));
      if (roots.length) raw.push({ roots, ...positions.span(start + indent + m.index!, start + indent + m.index! + m[0].length), text: m[0] });
    }
  }
  return { raw, references };
}

const HBS_TAG = /\{\{\{\s*([\s\S]*?)\s*\}\}\}|\{\{(~?)([#/^>!&]?)\s*([\s\S]*?)\s*~?\}\}/g;

function parseHandlebars(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  /** Open `#each`/`#with` blocks: what `this` and bare names inside them read. */
  const blocks: { name: string; reads: string[]; as: Aliases }[] = [];
  const resolve = (expression: string): string[] => {
    // `helper arg key=value`: a helper's name is not a variable; its arguments and hash values are.
    const words = expression.replace(/\b[\w-]+=/g, '').match(/(?:"[^"]*"|'[^']*'|[^\s"'()]+)/g) ?? [];
    // `{{{sanitize body}}}`: a helper that escapes or sanitises what it prints.
    if (words.length > 1 && escaperCall(`${words[0]}()`)) return [];
    const args = words.length > 1 ? words.slice(1) : words;
    const out = new Set<string>();
    for (const w of args) {
      if (/^["'\d]/.test(w) || /^(true|false|null|undefined)$/.test(w)) continue;
      const root = w.replace(/^(\.\.\/)+/, '').replace(/^@root\./, '').split(/[./[]/)[0]!;
      if (!root || root.startsWith('@')) continue;
      let found: string[] | undefined;
      for (let i = blocks.length - 1; i >= 0 && !found; i--) {
        const b = blocks[i]!;
        found = b.as.get(root) ?? (root === 'this' ? b.reads : undefined);
      }
      // Inside a block a bare name may be a field of the element or a variable of the context.
      const inside = blocks.length && !found ? blocks[blocks.length - 1]!.reads : [];
      // At the top of a template (a partial's) `this` is its own context: looked up like a name.
      for (const r of found ?? [root, ...inside]) if (r !== 'this' || !blocks.length) out.add(r);
    }
    return [...out];
  };
  const scripts = scriptBodies(text);
  const blanked = blankTags(text, /\{\{[\s\S]*?\}\}/g);
  for (const m of text.matchAll(HBS_TAG)) {
    const at = m.index!;
    if (m[1] !== undefined) {
      const roots = resolve(m[1]);
      if (roots.length) raw.push({ roots, ...positions.span(at, at + m[0].length), text: m[0] });
      continue;
    }
    const sigil = m[3]!;
    const body = m[4]!;
    if (sigil === '!') continue;
    if (sigil === '&' || (sigil === '' && !/^(else|this\s*$)/.test(body) && inScriptCode(blanked, at, scripts))) {
      const roots = resolve(body);
      if (roots.length) raw.push({ roots, ...positions.span(at, at + m[0].length), text: m[0] });
    } else if (sigil === '#') {
      const block = /^(\w+)\s+(.*?)(?:\s+as\s+\|([^|]*)\|)?$/.exec(body);
      if (!block) continue;
      const reads = resolve(`x ${block[2]}`);
      const as: Aliases = new Map();
      for (const n of block[3]?.match(/[\w$]+/g) ?? []) as.set(n, reads);
      blocks.push({ name: block[1]!, reads: block[1] === 'each' || block[1] === 'with' ? reads : [], as });
    } else if (sigil === '/') {
      const name = body.trim();
      const i = blocks.map((b) => b.name).lastIndexOf(name);
      if (i >= 0) blocks.length = i;
    } else if (sigil === '>') {
      const name = /^["']?([\w./-]+)["']?\s*(.*)$/.exec(body);
      if (!name) continue;
      // `{{> row item=c}}` and, inside `{{#each}}`, the element as the partial's context.
      const bindings: Record<string, string[]> = {};
      for (const pair of name[2]!.matchAll(/([\w-]+)=([^\s]+)/g)) bindings[pair[1]!] = resolve(pair[2]!);
      const inner = blocks[blocks.length - 1];
      if (inner) bindings.this = inner.reads;
      references.push({ name: name[1]!, line: positions.at(at).line, bindings });
    }
  }
  return { raw, references };
}

export const ejs: TemplateSyntax = { id: 'ejs', extensions: ['.ejs'], parse: parseEjs };
export const pug: TemplateSyntax = { id: 'pug', extensions: ['.pug', '.jade'], parse: parsePug };
export const handlebars: TemplateSyntax = { id: 'handlebars', extensions: ['.hbs', '.handlebars'], parse: parseHandlebars };
