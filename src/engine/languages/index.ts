// The registry of languages the engine parses, and how a file is assigned one.
import path from 'node:path';
import type { LanguageSyntax } from './types.ts';
import { javascript } from './javascript.ts';
import { typescript, tsx } from './typescript.ts';
import { python } from './python.ts';
import { java } from './java.ts';
import { go } from './go.ts';
import { php } from './php.ts';
import { ruby, erb } from './ruby.ts';
import { csharp } from './csharp.ts';

export type { LanguageSyntax } from './types.ts';

export const LANGUAGES: LanguageSyntax[] = [javascript, typescript, tsx, python, java, go, php, ruby, erb, csharp];

const byExtension = new Map<string, LanguageSyntax>();
const byInterpreter = new Map<string, LanguageSyntax>();
for (const language of LANGUAGES) {
  for (const ext of language.extensions) byExtension.set(ext, language);
  for (const name of language.shebangs ?? []) byInterpreter.set(name, language);
}

/** Rule files name `typescript` for both .ts and .tsx. */
export function ruleLanguageOf(language: LanguageSyntax): string {
  return language.id === 'tsx' ? 'typescript' : language.id;
}

/** TypeScript declaration files: types only, no code that runs. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/i;

/**
 * By extension first, then by a `#!` line for extension-less scripts. Declaration
 * files (`.d.ts`) have no language: nothing in them runs, so they are only read
 * for secrets, like any other text file.
 */
export function detectLanguage(file: string, head: string): LanguageSyntax | undefined {
  if (DECLARATION_FILE.test(file)) return undefined;
  const ext = path.extname(file).slice(1).toLowerCase();
  if (ext) {
    const found = byExtension.get(ext);
    if (found) return found;
  }
  if (head.startsWith('#!')) {
    const line = head.slice(2, head.indexOf('\n') >>> 0);
    const words = line.trim().split(/\s+/);
    let interpreter = path.basename(words[0] ?? '');
    if (interpreter === 'env') interpreter = words.find((w, i) => i > 0 && !w.startsWith('-')) ?? '';
    interpreter = interpreter.replace(/[\d.]+$/, '') || interpreter;
    return byInterpreter.get(interpreter) ?? byInterpreter.get(path.basename(words[0] ?? ''));
  }
  return undefined;
}
