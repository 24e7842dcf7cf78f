// Loads tree-sitter grammars (WebAssembly, shipped inside each grammar's npm
// package — nothing compiled, nothing downloaded) and parses source text.
// Loading is asynchronous; once a language is loaded, parsing is synchronous,
// which lets the taint engine parse files it resolves calls into on demand.
import { createRequire } from 'node:module';
import { Parser, Language, type Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from './languages/types.ts';

const require = createRequire(import.meta.url);
let initialised: Promise<void> | undefined;
const loading = new Map<string, Promise<Language>>();
const loaded = new Map<string, Language>();
const parsers = new Map<string, Parser>();

function key(syntax: LanguageSyntax): string {
  return `${syntax.grammar.package}/${syntax.grammar.wasm}`;
}

export async function loadLanguage(syntax: LanguageSyntax): Promise<Language> {
  initialised ??= Parser.init();
  await initialised;
  const k = key(syntax);
  let language = loading.get(k);
  if (!language) {
    language = Language.load(require.resolve(k)).then((l) => {
      loaded.set(k, l);
      return l;
    });
    loading.set(k, language);
  }
  return language;
}

export function loadedLanguage(syntax: LanguageSyntax): Language | undefined {
  return loaded.get(key(syntax));
}

/** Parses with an already loaded grammar. Trees with syntax errors are returned too. */
export function parseSync(syntax: LanguageSyntax, text: string): Tree | null {
  const language = loaded.get(key(syntax));
  if (!language) throw new Error(`grammar for ${syntax.id} is not loaded`);
  let parser = parsers.get(syntax.id);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(syntax.id, parser);
  }
  return parser.parse(text);
}
