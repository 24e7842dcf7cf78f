// Loads tree-sitter grammars (WebAssembly, shipped inside each grammar's npm
// package — nothing compiled, nothing downloaded) and parses source text.
// Loading is asynchronous; once a language is loaded, parsing is synchronous,
// which lets the taint engine parse files it resolves calls into on demand.
import { createRequire } from 'node:module';
import { Parser, Language, type Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';

const require = createRequire(import.meta.url);
let initialised: Promise<void> | undefined;
const loading = new Map<string, Promise<Language>>();
const loaded = new Map<string, Language>();
const parsers = new Map<string, Parser>();

function key(syntax: LanguageSyntax): string {
  return grammarKey(syntax.grammar);
}

function grammarKey(grammar: { package: string; wasm: string }): string {
  return `${grammar.package}/${grammar.wasm}`;
}

export async function loadLanguage(syntax: LanguageSyntax): Promise<Language> {
  if (syntax.template) await loadGrammar(syntax.template.grammar);
  return loadGrammar(syntax.grammar);
}

async function loadGrammar(grammar: { package: string; wasm: string }): Promise<Language> {
  initialised ??= Parser.init();
  await initialised;
  const k = grammarKey(grammar);
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
  if (syntax.template && !loaded.has(grammarKey(syntax.template.grammar))) return undefined;
  return loaded.get(key(syntax));
}

function parserFor(id: string, language: Language): Parser {
  let parser = parsers.get(id);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(id, parser);
  }
  return parser;
}

/** The code of a template with everything else blanked out; line and column positions are unchanged. */
export function templateCode(syntax: LanguageSyntax, text: string): string {
  const template = syntax.template!;
  const language = loaded.get(grammarKey(template.grammar));
  if (!language) throw new Error(`template grammar for ${syntax.id} is not loaded`);
  const tree = parserFor(`${syntax.id}:template`, language).parse(text);
  const out = text.replace(/[^\n]/g, ' ').split('');
  if (tree) {
    for (const node of tree.rootNode.descendantsOfType(template.code)) {
      if (!node) continue;
      for (let i = node.startIndex; i < node.endIndex; i++) out[i] = text[i]!;
      const raw = template.rawOutput;
      const directive = node.parent;
      if (raw && directive && directive.text.startsWith(raw.prefix) && node.startIndex - directive.startIndex === raw.open.length) {
        for (let i = 0; i < raw.open.length; i++) out[directive.startIndex + i] = raw.open[i]!;
        for (let i = 0; i < raw.close.length && node.endIndex + i < text.length; i++) out[node.endIndex + i] = raw.close[i]!;
        continue;
      }
      // The separator replaces the first character after the code (the `%` of `%>`).
      if (node.endIndex < text.length && text[node.endIndex] !== '\n') out[node.endIndex] = template.separator;
    }
    tree.delete();
  }
  return out.join('');
}

/** Parses with an already loaded grammar. Trees with syntax errors are returned too. */
export function parseSync(syntax: LanguageSyntax, text: string): Tree | null {
  const language = loaded.get(key(syntax));
  if (!language) throw new Error(`grammar for ${syntax.id} is not loaded`);
  return parserFor(syntax.id, language).parse(syntax.template ? templateCode(syntax, text) : text);
}
