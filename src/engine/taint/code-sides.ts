// Which side of a web application a file's code runs on. Request objects are untrusted
// on the server; the page URL, `document.referrer` and cross-window messages in the
// browser. A front end's `request` (an HTTP client's options) or `event.data` of a
// server's job queue are neither. The language describes the markers (languages/types.ts
// `codeSides`); a file that says nothing either way is on both sides.
import type { Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';

export type CodeSide = 'server' | 'browser';

const sides = new WeakMap<Tree, CodeSide | null>();

/**
 * The side a file runs on: what its text says (a `'use client'` directive, imports of a UI library or
 * DOM use against imports of a server framework), else the deepest folder of its path that names a
 * side (`client/`, `components/` against `server/`, `api/`); undefined when both or neither.
 */
export function codeSideOf(syntax: LanguageSyntax, path: string, tree: Tree, text?: string): CodeSide | undefined {
  const described = syntax.codeSides;
  if (!described) return undefined;
  let side = sides.get(tree);
  if (side === undefined) {
    side = decide(described, path, text ?? tree.rootNode.text);
    sides.set(tree, side);
  }
  return side ?? undefined;
}

function decide(described: NonNullable<LanguageSyntax['codeSides']>, path: string, text: string): CodeSide | null {
  const directive = described.directive?.exec(text)?.[1];
  if (directive === 'client') return 'browser';
  if (directive === 'server') return 'server';
  const browser = described.browser.test(text);
  const server = described.server.test(text);
  if (browser !== server) return browser ? 'browser' : 'server';
  if (browser && server) return null;
  const folders = path.split('/').slice(0, -1).reverse();
  for (const folder of folders) {
    if (described.serverFolders.test(folder)) return 'server';
    if (described.browserFolders.test(folder)) return 'browser';
  }
  return null;
}
