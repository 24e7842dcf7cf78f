// Recognises a copy of a third-party browser library (jQuery, AngularJS, Bootstrap, …) that an
// application keeps among its own files, typically in the folder its server serves statically.
// Such a file is other people's code, like node_modules/, and an unminified one is large: it is
// skipped as vendored. A file is a library only on two signals together, so first-party code is
// never skipped by mistake: the library's own banner in its leading comment, and either the
// library's file name or a static-files folder (a file called jquery.js without the banner,
// or a first-party file in static/, is scanned). A published package's build (`@scalar/api-reference
// 1.44.20` in its banner) is one wherever it is kept, when its name says it is a build
// (`*.standalone.js`, `*.umd.js`) or it is over 1 MiB: hand-written scripts are neither.
import { closeSync, openSync, readSync, statSync } from 'node:fs';

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

/**
 * A banner of any library: the `/*!` comment minifiers keep for a licence, giving a version and a licence or
 * copyright (`/*! jQuery Validation Plugin v1.15.0 … Released under the MIT license`, `/*! elFinder … Version
 * 2.1.59 … Licensed under a 3-clauses BSD license`). An application's own scripts do not publish themselves so.
 */
const PRESERVED_BANNER = /^\uFEFF?\s*\/\*!/;
const BANNER_VERSION = /(?:\bv|\bversion:?\s*)\d+\.\d+/i;
const BANNER_LICENCE = /\blicen[cs]e[ds]?\b|\bcopyright\b|\(c\)|©/i;

/** A licence statement in a file's leading comments. */
const LICENCE_STATEMENT = /\bLicensed (?:to|under)\b|\b(?:Apache|MIT|BSD|GPL|MPL) Licen[cs]e\b|\bReleased under\b|SPDX-License-Identifier|@license\b/i;

/** A folder named for a package and its version (`wangeditor-5.1.23/`, `ckeditor-v4.22.1/`): a release unpacked as it came. */
const RELEASE_FOLDER = /^[a-z][\w.]*?[-_.]v?\d+\.\d+\.\d+$/i;

/** File names of libraries people copy into their static folders, and of built bundles. */
const LIBRARY_NAMES = /^(?:jquery|angular|bootstrap|materialize|d3|chart|lodash|moment|popper|vue|react(?:-dom)?)[\w.-]*\.(?:m|c)?js$|[._-]bundle\.js$|\.min\.js$/i;

/** A scoped npm package and its version in a build's banner (`@scalar/api-reference 1.44.20`, `@popperjs/core v2.11.8`). */
const PACKAGE_BANNER = /(?:^|[\s*!])(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*)(?: v?|@)\d+\.\d+\.\d+\b/m;
/** Names bundlers give a build for the browser: a standalone, UMD, IIFE or global build. */
const BUILD_NAMES = /\.(?:standalone|umd|iife|global)(?:\.min|\.prod(?:uction)?)?\.(?:m|c)?js$/i;
/** A script this large with a package's banner is its build: hand-written source is split long before. */
const BUILD_MIN_BYTES = 1024 * 1024;

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
  if (byName || folder) {
    const banner = bannerOf(readHead(full));
    // A release unpacked into a static folder as it came, banner or not.
    const segments = relPath.split('/').slice(0, -1);
    const release = folder ? segments.slice(segments.indexOf(folder) + 1).find((segment) => RELEASE_FOLDER.test(segment)) : undefined;
    if (!banner && release) return { library: release, signals: `static folder ${folder}/, release folder ${release}/` };
    // A distributed build in a static folder: a licence in its leading comments and the size of a build (echarts.js,
    // 3 MB under the ASF header); hand-written scripts are split long before.
    if (!banner && folder) {
      const size = sizeOf(full);
      const licence = size >= BUILD_MIN_BYTES ? LICENCE_STATEMENT.exec(leadingComments(readHead(full))) : null;
      if (licence) return { library: name, signals: `licence "${licence[0]}", ${Math.round(size / 1024)} KiB, static folder ${folder}/` };
    }
    if (!banner) return undefined;
    const signals = [`banner "${banner.line}"`, byName ? 'library file name' : '', folder ? `static folder ${folder}/` : ''];
    return { library: banner.library, signals: signals.filter(Boolean).join(', ') };
  }
  // A package's build kept anywhere: its banner, and a build's name or size.
  const buildName = BUILD_NAMES.test(name);
  const size = buildName ? 0 : sizeOf(full);
  if (!buildName && size < BUILD_MIN_BYTES) return undefined;
  const build = packageBannerOf(readHead(full));
  if (!build) return undefined;
  const signals = [`banner "${build.line}"`, buildName ? 'build file name' : `${Math.round(size / 1024)} KiB`];
  return { library: build.library, signals: signals.join(', ') };
}

/** The scoped package a script's leading comments name with a version, and the line that does. */
export function packageBannerOf(head: string): { library: string; line: string } | undefined {
  const comments = leadingComments(head);
  const match = PACKAGE_BANNER.exec(comments);
  if (!match) return undefined;
  return { library: match[1], line: bannerLine(comments, match.index + match[0].indexOf('@')) };
}

function sizeOf(full: string): number {
  try {
    return statSync(full).size;
  } catch {
    return 0;
  }
}

/** The library named in the comments a text starts with, and the banner line that names it. */
export function bannerOf(head: string): { library: string; line: string } | undefined {
  const comments = leadingComments(head);
  if (!comments) return undefined;
  for (const [pattern, library] of BANNERS) {
    const match = pattern.exec(comments);
    if (!match) continue;
    return { library, line: bannerLine(comments, match.index) };
  }
  return preservedBannerOf(comments);
}

/** A library's licence comment (`/*!` with a version and a licence or copyright), named by its first line. */
function preservedBannerOf(comments: string): { library: string; line: string } | undefined {
  const first = comments.slice(0, comments.indexOf('*/') + 2);
  if (!PRESERVED_BANNER.test(first) || !BANNER_VERSION.test(first) || !BANNER_LICENCE.test(first)) return undefined;
  const at = first.search(/[^\s/*!]/);
  if (at < 0) return undefined;
  const line = bannerLine(first, at);
  return { library: line, line };
}

/** The comment line around `at`, without its comment marks, at most 80 characters. */
function bannerLine(comments: string, at: number): string {
  const start = comments.lastIndexOf('\n', at) + 1;
  const end = comments.indexOf('\n', at);
  const line = comments.slice(start, end < 0 ? undefined : end).replace(/^[\s/*!]+|[\s*/]+$/g, '');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
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
