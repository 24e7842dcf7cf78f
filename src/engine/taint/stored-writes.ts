// Whether stored data is an attacker's. A `stored` source reads rows back from a database
// (`Task.objects.get(pk=pk)`); what they hold is untrusted when request handlers write it,
// and the operator's own when only a management command loads it or only the admin site
// edits it. A source with `stored.writtenBy` counts where some file of the scan that handles
// requests (its language's request hints match it), or a module such a file imports, spells that
// write, `{model}` standing for the model the path read (`Task.objects.create(`, `Task(` then
// `.save()`). Asked once per source and model in a scan; a file whose findings rest on such
// writes depends on them.
import { detectLanguage, ruleLanguageOf } from '../languages/index.ts';
import type { CompiledSource } from '../rules/load.ts';
import { isTestCode } from '../test-code.ts';
import type { TaintRun } from './run.ts';

/** Per scan (its resolver) and source: the files that write, by the name they write (`''` for a rule without `{model}`). */
const writersByScan = new WeakMap<object, Map<CompiledSource, Map<string, string[]>>>();

/** Whether the stored data `path` reads (a match of `source.path`) is written by request handlers of the scan; notes their files. */
export function writtenByRequests(run: TaintRun, source: CompiledSource, path: string): boolean {
  const writtenBy = source.stored?.writtenBy;
  if (writtenBy === undefined) return true;
  let bySource = writersByScan.get(run.resolver);
  if (!bySource) writersByScan.set(run.resolver, (bySource = new Map()));
  let byName = bySource.get(source);
  if (!byName) bySource.set(source, (byName = writersOf(run, writtenBy.writes, writtenBy.byModel)));
  const writers = byName.get(writtenBy.byModel ? (source.path?.exec(path)?.[1] ?? '') : '') ?? [];
  if (writers.length) run.resolver.dependOn(writers);
  return writers.length > 0;
}

/**
 * The files that spell a write, by the name written: request handlers themselves, or modules a request handler imports
 * (a data-access module `libposts.py` that `views.py` imports): not a management command or seed script nothing serving
 * requests imports. Each file is read once per source.
 */
function writersOf(run: TaintRun, writes: RegExp, byModel: boolean): Map<string, string[]> {
  const handlers = requestHandlers(run);
  const byName = new Map<string, string[]>();
  for (const file of sameLanguageCode(run)) {
    const text = run.resolver.text(file)!;
    writes.lastIndex = 0;
    const names = new Set<string>();
    for (let m = writes.exec(text); m; m = writes.exec(text)) {
      if (m[0].length === 0) writes.lastIndex++;
      // Without a model, one write is enough.
      if (!byModel) {
        names.add('');
        break;
      }
      for (const name of m.slice(1)) if (name) names.add(name);
    }
    if (names.size === 0 || !(handlers.has(file) || importedByHandler(run, file))) continue;
    for (const name of names) (byName.get(name) ?? byName.set(name, []).get(name)!).push(file);
  }
  return byName;
}

/** Whether a request handler imports `file`'s module: names it on an import line (`import libposts`, `from app.dao import review`, `require 'posts.php'`). */
function importedByHandler(run: TaintRun, file: string): boolean {
  return importedNames(run).has(moduleName(file));
}

const IMPORT_LINE = /^[ \t]*(?:import|from|require|require_once|include|include_once|use|using)\b[^\n]*/gm;

/** The words of the request handlers' import lines. */
function importedNames(run: TaintRun): Set<string> {
  return perScanAndLanguage(importedByScan, run, () => {
    const names = new Set<string>();
    for (const handler of requestHandlers(run)) {
      for (const line of run.resolver.text(handler)!.match(IMPORT_LINE) ?? []) for (const word of line.match(/[\w$-]+/g) ?? []) names.add(word);
    }
    return names;
  });
}

/** A file's module name: its base name without the extension (`libposts` of `bad/libposts.py`). */
function moduleName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
}

/** The code files of the run's rule language, tests left out (they build records of every model and serve no request). */
function sameLanguageCode(run: TaintRun): string[] {
  return perScanAndLanguage(codeByScan, run, () => {
    const language = ruleLanguageOf(run.syntax);
    const files: string[] = [];
    for (const file of run.resolver.paths()) {
      const text = run.resolver.text(file);
      if (text === undefined || isTestCode(file)) continue;
      const syntax = detectLanguage(file, text.slice(0, 200));
      if (syntax && ruleLanguageOf(syntax) === language) files.push(file);
    }
    return files;
  });
}

/** The code files that may handle a request (the language's request hints match them). */
function requestHandlers(run: TaintRun): Set<string> {
  return perScanAndLanguage(handlersByScan, run, () => new Set(sameLanguageCode(run).filter((file) => run.engine.mayHandleRequests(run.resolver.text(file)!))));
}

const importedByScan = new WeakMap<object, Map<string, Set<string>>>();
const codeByScan = new WeakMap<object, Map<string, string[]>>();
const handlersByScan = new WeakMap<object, Map<string, Set<string>>>();

/** A value computed once per scan (its resolver) and rule language. */
function perScanAndLanguage<T>(cache: WeakMap<object, Map<string, T>>, run: TaintRun, compute: () => T): T {
  const language = ruleLanguageOf(run.syntax);
  let byLanguage = cache.get(run.resolver);
  if (!byLanguage) cache.set(run.resolver, (byLanguage = new Map()));
  let value = byLanguage.get(language);
  if (value === undefined) byLanguage.set(language, (value = compute()));
  return value;
}
