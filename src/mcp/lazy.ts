// The engine (tree-sitter grammars, rules) and the git sources load on first
// use, not at server start: an IDE starts `scanner mcp` long before the first
// scan, and tools/list must answer at once.
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadEngine = once(() => import('../engine/index.ts'));
export const loadDiffSource = once(() => import('../sources/git-diff.ts'));
export const loadDirectorySource = once(() => import('../sources/directory.ts'));
export const loadHistorySource = once(() => import('../sources/git-history.ts'));
export const loadMarkdownReport = once(() => import('./report.ts'));
