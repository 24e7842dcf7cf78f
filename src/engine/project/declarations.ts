// The declarations of a Java, C# or PHP file read from its text alone: its `{…}` blocks outside
// strings, comments and parentheses, each with the header before it, classified as a type or a
// method. For whole-scan judgements that look at many files but decide little (is this method
// called, which annotation does that one carry): parsing every file for them would cost more
// than the scan's analysis of the few files that matter. What the header does not show plainly
// (an anonymous class, a lambda, a property) is no declaration; a file whose braces do not
// balance has none.

export type BraceLanguage = 'java' | 'csharp' | 'php';

export interface Declaration {
  kind: 'class' | 'method';
  name: string;
  /** Offsets in the file: where the header starts (after the previous `;`, `{` or `}`), the body's `{` and `}`. */
  start: number;
  open: number;
  end: number;
  /** The header with comments blanked, trimmed: annotations, modifiers, name, parameters, bases. */
  header: string;
  /** The part of the header before the name (annotations and modifiers). */
  modifiers: string;
  /** For a type, the simple names after the name (`extends`/`implements`/`:` bases). */
  bases: string[];
}

export interface FileDeclarations {
  /** The file's text with comments blanked (same offsets). */
  code: string;
  declarations: Declaration[];
}

export function braceLanguageOf(path: string): BraceLanguage | undefined {
  return path.endsWith('.java') ? 'java' : path.endsWith('.cs') ? 'csharp' : path.endsWith('.php') ? 'php' : undefined;
}

const CONTROL_WORDS = new Set(['if', 'for', 'foreach', 'while', 'switch', 'catch', 'synchronized', 'using', 'lock', 'fixed', 'try', 'do', 'else', 'elseif', 'return', 'new', 'when', 'match', 'declare', 'function', 'fn', 'checked', 'unchecked', 'base', 'this', 'super']);

/** A method header, up to where its body opens: group 1 is the name. */
const METHOD: Record<BraceLanguage, RegExp> = {
  java: /(?:^|[\s>\]])([A-Za-z_$][\w$]*)\s*\((?:[^()]|\([^()]*\))*\)\s*(?:throws\s+[\w$.,\s<>]+)?$/,
  // Type parameters nest one level (`Map<TKey, List<T>>`) and close before the name: `IQueryable<T> Filter<T, TItem>(` is `Filter`.
  csharp: /(?:^|[\s>\]])([A-Za-z_]\w*)\s*(?:<(?:[^<>()]|<[^<>()]*>)*>)?\s*\((?:[^()]|\([^()]*\))*\)\s*(?:where\s+[^{]+)?$/,
  php: /\bfunction\s+&?([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*(?::\s*[?\w\\|&\s]+)?$/,
};

/** The declarations of a file, or undefined where its braces do not balance. */
export function declarationsOf(text: string, language: BraceLanguage): FileDeclarations | undefined {
  const lexed = blocksOf(text, language);
  if (!lexed) return undefined;
  const declarations: Declaration[] = [];
  for (const block of lexed.blocks) {
    const header = lexed.code.slice(block.start, block.open).trim();
    const type = /\b(?:class|interface|enum|record|struct|trait)\s+([A-Za-z_$][\w$]*)([^(]*)$/.exec(header);
    if (type && !/\bnew\s/.test(header)) {
      // `implements \\Illuminate\\Contracts\\Validation\\ValidationRule`, `javax.net.ssl.X509TrustManager`: the simple names.
      const bases = (type[2] ?? '').split(/[\s,:<>]+/).map((b) => b.split(/[\\.]/).pop()!).filter((b) => b && b !== 'extends' && b !== 'implements');
      declarations.push({ kind: 'class', name: type[1]!, start: block.start, open: block.open, end: block.close, header, modifiers: header.slice(0, type.index), bases });
      continue;
    }
    const method = METHOD[language].exec(header);
    if (!method || CONTROL_WORDS.has(method[1]!)) continue;
    const name = method[1]!;
    const modifiers = header.slice(0, method.index + method[0].indexOf(name));
    // `Runnable r = new Runnable() {`, `return new Foo() {`: an anonymous class, part of the code around it.
    if (/[=(]|\b(new|return)\b/.test(withoutAnnotations(modifiers))) continue;
    declarations.push({ kind: 'method', name, start: block.start, open: block.open, end: block.close, header, modifiers, bases: [] });
  }
  return { code: lexed.code, declarations };
}

/** A header without its annotations and attributes (`@GetMapping(value = "/x")`, `[Route("x")]`, `#[Route('/x')]`). */
function withoutAnnotations(header: string): string {
  return header.replace(/@[\w$.]+(\s*\((?:[^()]|\([^()]*\))*\))?|#?\[(?:[^[\]]|\[[^[\]]*\])*\]/g, ' ');
}

/** The declarations around offset `at`, innermost first (a declaration spans its header too). */
export function declarationsAround(file: FileDeclarations, at: number): Declaration[] {
  return file.declarations.filter((d) => at >= d.start && at <= d.end).sort((a, b) => b.start - a.start);
}

/**
 * The declared type of field `field` in the text of a Java or C# class (or, `nameFirst`, a Go struct) (`private Long refundId;`,
 * `@Column(name = "id") protected List<Long> ids;`, `public Guid? Id;`, a C# property
 * `[Required] public int FolderId { get; set; }`), if the text declares it.
 */
export function declaredFieldType(text: string, field: string, nameFirst = false): string | undefined {
  const name = field.replace(/\$/g, '\\$');
  // Go's struct fields name the field first (`CommentCount int`, `X, Y float64`, a tag after: `ID int \`json:"id"\``).
  if (nameFirst) return new RegExp(`(?:^|[{;])[ \\t]*(?:\\w+[ \\t]*,[ \\t]*)*${name}(?:[ \\t]*,[ \\t]*\\w+)*[ \\t]+(\\*?[\\w.]+(?:\\[\\])?)`, 'm').exec(text)?.[1];
  return new RegExp(`(?:^|[;{}/])\\s*(?:@[\\w.]+(?:\\([^()]*\\))?\\s+|\\[[^\\]\\n]*\\]\\s*)*(?:(?:private|protected|public|internal|final|transient|volatile|readonly|static|virtual|override|required)\\s+)*([\\w.]+(?:<[^;=()]*>)?(?:\\[\\])*\\??)\\s+${name}\\s*(?:[;=]|\\{\\s*(?:get|set|init)\\b)`, 'm').exec(text)?.[1];
}

/** The offset of a 1-based line and column in `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return offset + Math.max(0, column - 1);
}

/** The text with comments blanked (same offsets) and the `{…}` blocks outside strings and parentheses, each with the header before it. */
function blocksOf(text: string, language: BraceLanguage): { code: string; blocks: { start: number; open: number; close: number }[] } | undefined {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const blocks: { start: number; open: number; close: number }[] = [];
  const open: { start: number; open: number }[] = [];
  let parens = 0;
  let boundary = -1;
  let i = 0;
  const n = text.length;
  // PHP outside `<?php … ?>` is page text.
  let inPage = language === 'php';
  const skipString = (quote: string, escapes: boolean, multiline: boolean): number => {
    let k = i + quote.length;
    while (k < n) {
      if (escapes && text[k] === '\\') k += 2;
      else if (text.startsWith(quote, k)) {
        // C# verbatim strings double their quote.
        if (!escapes && quote === '"' && text[k + 1] === '"') k += 2;
        else return k + quote.length;
      } else if (!multiline && text[k] === '\n') return k;
      else k++;
    }
    return n;
  };
  while (i < n) {
    if (inPage) {
      const tag = text.indexOf('<?', i);
      if (tag < 0) break;
      i = tag + (text.startsWith('<?php', tag) ? 5 : 2);
      inPage = false;
      continue;
    }
    const c = text[i]!;
    const next = text[i + 1];
    if (language === 'php' && c === '?' && next === '>') {
      inPage = true;
      i += 2;
    } else if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (language === 'php' && c === '#' && next !== '[') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' && text.startsWith('"""', i) && language !== 'php') {
      i = skipString('"""', false, true);
    } else if (language === 'csharp' && (c === '@' || c === '$') && /^(@\$?|\$+@?)"/.test(text.slice(i, i + 4))) {
      i = skipCSharpString(text, i);
    } else if (c === '"' || c === "'" || (language === 'php' && c === '`')) {
      i = skipString(c, true, language === 'php');
    } else if (language === 'php' && c === '<' && text.startsWith('<<<', i)) {
      const m = /^<<<[ \t]*(['"]?)([A-Za-z_]\w*)\1\r?\n/.exec(text.slice(i, i + 80));
      if (!m) {
        i += 3;
        continue;
      }
      const end = new RegExp(`^[ \\t]*${m[2]}\\b`, 'm');
      end.lastIndex = 0;
      const rest = text.slice(i + m[0].length);
      const found = end.exec(rest);
      i = found ? i + m[0].length + found.index + found[0].length : n;
    } else {
      if (c === '(') parens++;
      else if (c === ')') parens = Math.max(0, parens - 1);
      else if (parens === 0 && c === '{') {
        open.push({ start: boundary + 1, open: i });
        boundary = i;
      } else if (parens === 0 && c === '}') {
        const block = open.pop();
        if (!block) return undefined;
        blocks.push({ ...block, close: i });
        boundary = i;
      } else if (parens === 0 && c === ';') boundary = i;
      i++;
    }
  }
  if (open.length) return undefined;
  return { code: out.join(''), blocks };
}

/**
 * The end of the C# string starting at `at` (`@"…"`, `$"…"`, `$@"…"`): a verbatim string doubles
 * its quotes, and an interpolated one holds code in its holes (`$"{string.Join(", ", xs)}"`),
 * strings and braces included, while `{{` is a brace of the text.
 */
function skipCSharpString(text: string, at: number): number {
  let k = at;
  let verbatim = false;
  let interpolated = false;
  for (; text[k] !== '"'; k++) {
    if (text[k] === '@') verbatim = true;
    else interpolated = true;
  }
  // A raw string (`$"""…"""`) ends at a run of as many quotes as opened it; its holes are left unread.
  const quotes = /^"{3,}/.exec(text.slice(k, k + 16))?.[0];
  if (quotes) {
    const end = text.indexOf(quotes, k + quotes.length);
    return end < 0 ? text.length : end + quotes.length;
  }
  k++;
  while (k < text.length) {
    const c = text[k]!;
    if (!verbatim && c === '\\') k += 2;
    else if (c === '"') {
      if (verbatim && text[k + 1] === '"') k += 2;
      else return k + 1;
    } else if (interpolated && c === '{') {
      if (text[k + 1] === '{') k += 2;
      else k = skipHole(text, k + 1);
    } else if (!verbatim && c === '\n') return k;
    else k++;
  }
  return text.length;
}

/** The end of an interpolation hole's code, from just after its `{` to just after its `}`. */
function skipHole(text: string, from: number): number {
  let depth = 1;
  let k = from;
  while (k < text.length) {
    const c = text[k]!;
    if (c === '"' || ((c === '$' || c === '@') && /^(@\$?|\$+@?)"/.test(text.slice(k, k + 4)))) k = skipCSharpString(text, k);
    else if (c === "'") {
      const end = /^'(?:\\.|[^'\\\n])*'/.exec(text.slice(k, k + 12));
      k += end ? end[0].length : 1;
    } else if (c === '{') {
      depth++;
      k++;
    } else if (c === '}') {
      if (--depth === 0) return k + 1;
      k++;
    } else if (c === '\n') return k;
    else k++;
  }
  return text.length;
}
