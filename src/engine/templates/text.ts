// Shared helpers of the template readers: positions in a text and the variables an expression reads.

/** Offsets of the start of each line, to turn a match offset into a line and column. */
export class Positions {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 1-based line and column of an offset. */
  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  span(start: number, end: number): { line: number; column: number; endLine: number; endColumn: number } {
    const a = this.at(start);
    const b = this.at(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}

const STRING = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
const WORDS = new Set([
  'and', 'or', 'not', 'in', 'is', 'if', 'else', 'true', 'false', 'none', 'null', 'True', 'False', 'None', 'undefined',
  'new', 'typeof', 'instanceof', 'this', 'void', 'function', 'return', 'var', 'let', 'const',
]);

/**
 * The variables an expression reads: identifiers that are not a member name (`.bio`), a call's
 * function (`format(x)` reads x, not format) or a keyword. Strings are left out, and so is a
 * variable whose member chain ends in a method call (`$books->render()`, `form.as_p()`): what is
 * printed is the method's output (pagination links, a rendered form), not the data.
 */
export function rootsOf(expression: string, prefix = ''): string[] {
  if (escaperCall(expression)) return [];
  const code = printedBranches(expression).replace(STRING, '""');
  const out = new Set<string>();
  const re = prefix === '$' ? /(?<![\w$.>\\])\$(\w+)\b(?!\s*\()/g : /(?<![\w$.>\\])([A-Za-z_$][\w$]*)\b(?!\s*\()/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const name = m[1]!;
    if (WORDS.has(name) || /^\d/.test(name)) continue;
    const chain = METHOD_CHAIN.exec(code.slice(m.index + m[0].length));
    if (chain && !PASS_THROUGH.has(chain[1]!)) continue;
    out.add(name);
  }
  return [...out];
}

/**
 * A printed expression that is one call of an escaper or sanitiser: `e($x)`, `htmlspecialchars($x)`,
 * `escapeHtml(x)`, `DOMPurify.sanitize(x)`, `HtmlEncoder.Default.Encode(x)`, `Json.Serialize(Model)`
 * (System.Text.Json escapes `<`, `>` and `&` by default), `Purifier::clean($x)`.
 */
const ESCAPER_CALL = /^\s*(?:@|new\s+)?(?:[\w$]+(?:\.|->|::))*(?:e|escape|escapeHtml|escape_html|htmlEscape|htmlspecialchars|htmlentities|encode|Encode|HtmlEncode|JavaScriptStringEncode|sanitize|Sanitize|sanitizeHtml|clean|purify|strip_tags|Serialize)\s*\((?:[^()]|\([^()]*\))*\)\s*$/;

export function escaperCall(expression: string): boolean {
  return ESCAPER_CALL.test(expression);
}

/** A member chain (`.a`, `->a`, `?.a`, `[0]`) that ends in a call; the group is the method's name. */
export const METHOD_CHAIN = /^(?:\s*(?:\?\.|\.|->|::)\s*[\w$]+|\[[^\]]*\])*\s*(?:\?\.|\.|->|::)\s*([\w$]+)\s*\(/;
/** String and list methods whose result is the data itself (`comments.join('<br>')`, `name.trim()`). */
export const PASS_THROUGH = new Set([
  'join', 'trim', 'trimStart', 'trimEnd', 'toString', 'toUpperCase', 'toLowerCase', 'slice', 'substring', 'substr', 'concat',
  'replace', 'replaceAll', 'padStart', 'padEnd', 'repeat', 'strip', 'lstrip', 'rstrip', 'upper', 'lower', 'title', 'capitalize',
  'format', 'get', 'getText', 'getBody', 'getContent', 'getDescription', 'getName', 'getTitle', 'ToString', 'Trim',
  // .NET's string methods.
  'TrimStart', 'TrimEnd', 'Replace', 'Substring', 'ToUpper', 'ToLower', 'ToUpperInvariant', 'ToLowerInvariant', 'PadLeft',
  'PadRight', 'Insert', 'Remove', 'Normalize', 'Truncate',
]);

/**
 * What a conditional expression prints: its branches, not its condition (`ok ? "&all=1" : ""` prints
 * one of two strings, whatever `ok` holds). Other expressions are returned as they are.
 */
export function printedBranches(expression: string): string {
  // `a?.b` and `a ?? b` are no conditionals; masking keeps the offsets.
  const parts = splitTopLevel(expression.replace(/\?\./g, '_.'), '?');
  if (parts.length !== 2 || splitTopLevel(parts[1]!, ':').length !== 2) return expression;
  return expression.slice(parts[0]!.length + 1);
}

/** Splits at top-level occurrences of `sep` (outside brackets and strings). */
export function splitTopLevel(text: string, sep: string): string[] {
  const code = text.replace(STRING, (s) => '"'.padEnd(s.length - 1, ' ') + '"');
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && code.startsWith(sep, i) && code[i + sep.length] !== sep && code[i - 1] !== sep) {
      out.push(text.slice(start, i));
      start = i + sep.length;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** The text with every template tag replaced by spaces (same offsets), for reading the markup and script around them. */
export function blankTags(text: string, tags: RegExp): string {
  return text.replace(tags, (m) => m.replace(/[^\n]/g, ' '));
}

/** Script elements' bodies as [start, end) offsets; data blocks (`type="application/json"`, templates) are not code. */
export function scriptBodies(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi)) {
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(m[1]!)?.[1]?.toLowerCase();
    if (type && !/^(text\/javascript|application\/javascript|module|text\/ecmascript)$/.test(type)) continue;
    out.push([m.index! + m[0].indexOf('>') + 1, m.index! + m[0].lastIndexOf('</')]);
  }
  return out;
}

/**
 * Is offset `at` script code that HTML escaping does not protect: inside a script element and
 * outside a quoted JS string (a template literal's text can hold `${…}`), or in an `on…=`
 * attribute, whose entities are decoded before the script runs? `code` is the template with its
 * tags blanked (blankTags).
 */
export function inScriptCode(code: string, at: number, scripts: [number, number][]): boolean {
  const body = scripts.find(([s, e]) => at >= s && at < e);
  if (body) {
    let quote = '';
    for (let i = body[0]; i < at; i++) {
      const c = code[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '/' && code[i + 1] === '/') {
        const end = code.indexOf('\n', i);
        if (end < 0 || end >= at) break;
        i = end;
      } else if (c === '/' && code[i + 1] === '*') {
        // A block comment's apostrophes (`/* let's start one */`) open no string.
        const end = code.indexOf('*/', i + 2);
        if (end < 0 || end >= at) break;
        i = end + 1;
      }
    }
    return quote === '';
  }
  const tagStart = code.lastIndexOf('<', at);
  if (tagStart < 0 || code.lastIndexOf('>', at) > tagStart) return false;
  return /\son[a-z]+\s*=\s*(?:"[^"]*|'[^']*|[^\s"'>]*)$/i.test(code.slice(tagStart, at));
}

/** Names a template binds to others (loop variables, `set`, partial locals): each name → what it stands for. */
export type Aliases = Map<string, string[]>;

/** The names `names` stand for through `aliases`, each once (a name bound to nothing stands for itself). */
export function resolveAliases(aliases: Aliases, names: string[]): string[] {
  return [...new Set(names.flatMap((n) => aliases.get(n) ?? [n]))];
}
