// Credentials handed to a client together with the address of the server it talks to, when
// that server is the machine itself: the options of one call, such as a sample page's
// `apiClient.init({ publicKey: '…', secretKey: '…', url: 'http://localhost:59318' })` or
// `Client(url="http://127.0.0.1:8080", token="…")`. As a URL with a password for `@localhost`
// already is (`local-defaults.ts`), the credential opens a service of the developer's own
// machine. Every URL among the call's arguments must be on the machine, with at least one:
// one remote URL beside the credential keeps it reported, and so do credentials of objects
// that are not a call's arguments (a settings block, an exported configuration).

interface Lines {
  readonly count: number;
  lineText(line: number): string;
}

/** A URL literal's scheme and host: `http://localhost:59318`, `wss://api.example.com/x`. */
const URL_HOST = /\b[a-z][a-z0-9+.-]{1,20}:\/\/(?:[^\s@/"'`]*@)?(\[[0-9a-f:]+\]|[^\s:/"'`?#)]+)/gi;
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|[\w.-]+\.localhost)$/i;
/** A call whose arguments open at the end of the line: `client.init({`, `new ApiClient(`, `Client(`. */
const CALL_OPENS = /[\w$\])]\s*\(\s*\{?\s*$/;
/**
 * Calls that only build data or configuration from their arguments (`dict(…)`, `Object.freeze({…})`,
 * `defineConfig({…})`, `merge(…)`): what they are given is a settings object, not a client's options.
 */
const DATA_BUILDER = /(?:^|\.)(?:dict|OrderedDict|SimpleNamespace|freeze|assign|seal|defineConfig|merge|mergeDeep|deepmerge|extend|Map|stringify|dumps|of|fromEntries)$/;
/** The callee of a call opened at the end of `text`: `apiConsumer.init`, `new ApiClient`, `Client`. */
function calleeBefore(text: string): string {
  return /([\w$.]+)\s*\(\s*\{?\s*$/.exec(text)?.[1] ?? '';
}
/** How many lines a call's arguments may take. */
const MAX_ARGUMENT_LINES = 30;

const indentOf = (text: string): number => text.search(/\S/);

/** Whether the credential on `lineNumber` (at `at`) is an argument of a call whose URLs are all on the machine itself. */
export function handedToLoopbackClient(lines: Lines, lineNumber: number, at: number): boolean {
  const own = lines.lineText(lineNumber);
  const call = /[\w$\])]\s*\(/.exec(own.slice(0, at));
  if (call && DATA_BUILDER.test(calleeBefore(own.slice(0, call.index + call[0].length)))) return false;
  const arguments_ = call ? [own.slice(call.index)] : argumentLines(lines, lineNumber);
  if (!arguments_) return false;
  let local = 0;
  for (const text of arguments_) {
    if (/^\s*(?:\/\/|#|\/\*|\*|<!--)/.test(text)) continue;
    for (const m of text.matchAll(URL_HOST)) {
      if (!LOOPBACK_HOST.test(m[1])) return false;
      local++;
    }
  }
  return local > 0;
}

/**
 * The lines of the call arguments the credential's line is one of: the lines at its indentation or
 * deeper between the call's opening line (`init({`, `Client(`) and the first line indented less.
 */
function argumentLines(lines: Lines, lineNumber: number): string[] | undefined {
  const own = lines.lineText(lineNumber);
  const indent = indentOf(own);
  const out = [own];
  let opened = false;
  for (let n = lineNumber - 1; n >= 0 && lineNumber - n <= MAX_ARGUMENT_LINES; n--) {
    const text = lines.lineText(n);
    const at = indentOf(text);
    if (at < 0) continue;
    if (at < indent) {
      const code = text.replace(/\s*(?:\/\/.*|#.*)$/, '');
      opened = CALL_OPENS.test(code) && !DATA_BUILDER.test(calleeBefore(code));
      break;
    }
    out.push(text);
  }
  if (!opened) return undefined;
  for (let n = lineNumber + 1; n < lines.count && n - lineNumber <= MAX_ARGUMENT_LINES; n++) {
    const text = lines.lineText(n);
    const at = indentOf(text);
    if (at < 0) continue;
    if (at < indent) break;
    out.push(text);
  }
  return out;
}
