// Recognises a copy of a third-party browser library (jQuery, AngularJS, Bootstrap, …) that an
// application keeps among its own files, typically in the folder its server serves statically.
// Such a file is other people's code, like node_modules/, and an unminified one is large: it is
// skipped as vendored. A file is a library only on two signals together, so first-party code is
// never skipped by mistake: the library's own banner in its leading comment, and either the
// library's file name or a static-files folder (a file called jquery.js without the banner,
// or a first-party file in static/, is scanned).
import { closeSync, openSync, readSync } from 'node:fs';

/** Banners libraries put in their first comment, each naming the library. */
const BANNERS: readonly [RegExp, string][] = [
  [/\bjQuery (?:JavaScript Library |UI(?: - )?)?v?\d/, 'jQuery'],
  [/\bAngularJS v\d/, 'AngularJS'],
  [/\bMaterialize v\d/, 'Materialize'],
  [/\bBootstrap v\d/, 'Bootstrap'],
  [/\bVue(?:\.js)? v\d/, 'Vue.js'],
  [/\bReact(?:DOM)? v\d|@license React\b/, 'React'],
  [/\blodash\.com\b|@license lodash\b|\bLodash <https?:/i, 'lodash'],
  [/^\/\/! moment\.js\b/m, 'moment.js'],
  [/\bChart\.js v?\d/, 'Chart.js'],
  [/\bd3js\.org v?\d/, 'D3'],
  [/@popperjs\/core v\d|\bPopper\.js v?\d|create and place poppers/, 'Popper'],
  [/For license information please see /, 'a bundled build'],
];

/** File names of libraries people copy into their static folders, and of built bundles. */
const LIBRARY_NAMES = /^(?:jquery|angular|bootstrap|materialize|d3|chart|lodash|moment|popper|vue|react(?:-dom)?)[\w.-]*\.(?:m|c)?js$|\.bundle\.js$|\.min\.js$/i;

/** Folders a web server serves as they are (`static/`, `public/`, `assets/`, ASP.NET's `wwwroot/lib/`). */
const STATIC_FOLDERS = /^(?:static|public|assets|wwwroot|vendors?)$/i;

const SCRIPT = /\.(?:m|c)?js$/i;

/** How much of a file's start is read for its banner. */
const HEAD_BYTES = 2048;

/**
 * The library `relPath` (root-relative, posix) is a copy of, with the signals that say so,
 * or undefined for first-party code. Reads at most the first 2 KiB of `full`, and only for a
 * script whose name or folder makes it a candidate.
 */
export function bundledLibrary(relPath: string, full: string): { library: string; signals: string } | undefined {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  if (!SCRIPT.test(name)) return undefined;
  const byName = LIBRARY_NAMES.test(name);
  const folder = relPath.split('/').slice(0, -1).find((segment) => STATIC_FOLDERS.test(segment));
  if (!byName && !folder) return undefined;
  const banner = bannerOf(readHead(full));
  if (!banner) return undefined;
  const signals = [`banner "${banner.line}"`, byName ? 'library file name' : '', folder ? `static folder ${folder}/` : ''];
  return { library: banner.library, signals: signals.filter(Boolean).join(', ') };
}

/** The library named in the comments a text starts with, and the banner line that names it. */
export function bannerOf(head: string): { library: string; line: string } | undefined {
  const comments = leadingComments(head);
  if (!comments) return undefined;
  for (const [pattern, library] of BANNERS) {
    const match = pattern.exec(comments);
    if (!match) continue;
    const start = comments.lastIndexOf('\n', match.index) + 1;
    const end = comments.indexOf('\n', match.index);
    const line = comments.slice(start, end < 0 ? undefined : end).replace(/^[\s/*!]+|[\s*/]+$/g, '');
    return { library, line: line.length > 80 ? `${line.slice(0, 79)}…` : line };
  }
  return undefined;
}

/**
 * The comments at the start of a script (after whitespace, a `#!` line or a byte-order mark),
 * read with a loop rather than a regular expression: a pattern of repeated optional comments
 * backtracks exponentially on a text of many comments that does not match.
 */
function leadingComments(text: string): string {
  let at = 0;
  let end = 0;
  if (text.startsWith('\uFEFF')) at = 1;
  if (text.startsWith('#!', at)) at = lineEnd(text, at);
  for (;;) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text.startsWith('//', at)) {
      at = lineEnd(text, at);
    } else if (text.startsWith('/*', at)) {
      const close = text.indexOf('*/', at + 2);
      at = close < 0 ? text.length : close + 2;
    } else {
      break;
    }
    end = at;
  }
  return text.slice(0, end);
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}

function readHead(full: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(full, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
