// printf-style formatting: an argument that the format prints only as a number (`%d`, `%05.2f`, `%x`)
// gives the result digits, never its own text, so its taint does not reach the formatted string
// (`sprintf('Journal #%d', $id)`). Arguments at text verbs (`%s`, `%v`) and any the format does not
// account for keep flowing.
import type { Node } from 'web-tree-sitter';
import type { ParsedFile, TaintRun } from './run.ts';
import { prefixText } from './walk.ts';

/** One conversion of a printf format: its explicit argument number (`%2$d`), or none, and its verb. */
// PHP's padding character (`%'*10d`) may stand escaped in a single-quoted literal (`%\'*10d`).
const CONVERSION = /%(?:(\d+)\$)?[-+ 0#]*(?:\\?'.)?[-+ 0#]*(\*|\d+)?(?:\.(\*|\d+))?([a-zA-Z%])/g;
/** Verbs that print a number (or a boolean) whatever they are given. */
const NUMERIC_VERBS = /^[diuoxXbeEfFgGt]$/;

/**
 * The positions (in `positional`) of the arguments that only numeric conversions print, for a call
 * whose format is the first positional argument written as a quoted literal; none when there is no such
 * format or an argument is printed by a text conversion anywhere.
 */
export function numericFormatArguments(positional: Node[]): Set<number> {
  const formatAt = positional.findIndex((a) => /^["'`]/.test(a.text));
  const out = new Set<number>();
  if (formatAt < 0) return out;
  const format = positional[formatAt]!.text;
  const numeric = new Map<number, boolean>();
  const note = (arg: number, isNumber: boolean) => numeric.set(arg, (numeric.get(arg) ?? true) && isNumber);
  let next = 0;
  for (const m of format.matchAll(CONVERSION)) {
    const [, position, width, precision, verb] = m;
    if (verb === '%') continue;
    // A `*` width or precision takes an argument of its own, printed as a number.
    if (width === '*') note(next++, true);
    if (precision === '*') note(next++, true);
    const arg = position ? Number(position) - 1 : next++;
    note(arg, NUMERIC_VERBS.test(verb!));
  }
  for (const [arg, isNumber] of numeric) if (isNumber && formatAt + 1 + arg < positional.length) out.add(formatAt + 1 + arg);
  return out;
}

/**
 * The constant text a format call's result starts with (`fmt.Sprintf("https://api.example/users/%s", id)`,
 * `String.format("/users/%s", id)`, C#'s `string.Format("/users/{0}", id)`): the format literal, when it is the
 * first argument, up to its first conversion (`%…` or `{…`; a literal `{` only ends it early), read as a built
 * string's prefix is (walk.ts). Undefined when the format comes later or is computed.
 */
export function formatPrefix(positional: Node[], literals: string[], fileText: string): string | undefined {
  const format = positional[0];
  if (!format) return undefined;
  const text = literals.includes(format.type) ? prefixText(format) : constantOfFile(format.text, fileText, literals.includes('string'));
  if (text === undefined) return undefined;
  const conversion = text.search(/%(?!%)|\{(?!\{)/);
  return conversion < 0 ? text : text.slice(0, conversion);
}

/**
 * The literal a constant named in an argument holds (`self::FILENAME_RULE`, `UploadForm::FILENAME_RULE`,
 * `Limits.PATTERN`), as written with its quotes: declared in this file, or once in the declaration of the class
 * that qualifies it. Conditions of sinks and sanitisers test it (`transliterator_transliterate(Form::RULE, $name)`).
 */
export function namedConstantText(run: TaintRun, reference: string, from: ParsedFile): string | undefined {
  const owner = /^(?:\\?[\w\\]*\\)?([A-Z]\w*)(?:::|\.)[A-Za-z_]\w*$/.exec(reference)?.[1];
  if (!owner) return constantOfFile(reference, run.fileText(from), false);
  const declarations = run.resolver.classDeclarations(from, owner);
  if (declarations.length !== 1) return undefined;
  run.resolver.dependOn([declarations[0]!.file.path]);
  return constantOfFile(reference, run.fileText(declarations[0]!.file), false);
}

/**
 * The text of a constant the file declares once with a literal (`private const string VerifyUrl = "https://…";`,
 * `static final String API = "…"`, Go's `const apiURL = "…"`, a module's `API_URL = "…"` at the start of a line),
 * named by `reference` (`VerifyUrl`, `this.API`, `self::API`, `Client.API`), in the shape prefixText gives a literal
 * (`unquoted` where the language's literal node is a plain `string`).
 */
export function constantOfFile(reference: string, fileText: string, unquoted: boolean): string | undefined {
  const name = /(?:^|\.|::)([A-Za-z_]\w*)$/.exec(reference)?.[1];
  if (!name) return undefined;
  const literal = `("(?:[^"\\\\\n]|\\\\.)*"|'(?:[^'\\\\\n]|\\\\.)*')`;
  const declared = new RegExp(`\\b(?:const|final|readonly)\\b[^=;\\n]*\\b${name}\\s*=\\s*${literal}\\s*[;\\n]|^${name}\\s*(?::[^=\\n]*)?=\\s*${literal}\\s*$`, 'gm');
  const found = [...fileText.matchAll(declared)];
  if (found.length !== 1) return undefined;
  const value = found[0]![1] ?? found[0]![2]!;
  return unquoted ? value.slice(1, -1) : value;
}

/**
 * The replacement fields of a `str.format` text, each with the text before it (earlier fields as `${}`, as a
 * built string's prefix reads): `'{}?next={}'` gives field 0 after `` and field 1 after `${}?next=`. Automatic
 * (`{}`), numbered (`{1}`) and named (`{url}`, `{url.path}`, `{0[key]}`) fields; `{{` and `}}` are braces of the
 * text. Undefined for a field left open.
 */
export function formatFields(format: string): { field: number | string; prefix: string }[] | undefined {
  const fields: { field: number | string; prefix: string }[] = [];
  let automatic = 0;
  let text = '';
  for (let i = 0; i < format.length; ) {
    const c = format[i]!;
    if ((c === '{' || c === '}') && format[i + 1] === c) {
      text += c;
      i += 2;
    } else if (c === '{') {
      const end = format.indexOf('}', i);
      if (end < 0) return undefined;
      const name = /^[^!:.[]*/.exec(format.slice(i + 1, end))![0];
      fields.push({ field: name === '' ? automatic++ : /^\d+$/.test(name) ? Number(name) : name, prefix: text });
      text += '${}';
      i = end + 1;
    } else {
      text += c;
      i++;
    }
  }
  return fields;
}

