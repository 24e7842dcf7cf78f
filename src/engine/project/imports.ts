// The imports of the files of one scan: which files an import statement names (relative
// paths, module names by their path's tail, project path aliases, Go packages by directory),
// and which names a file's imports bind to which files.
import path from 'node:path';
import { detectLanguage, ruleLanguageOf } from '../languages/index.ts';
import type { ParsedFile } from '../taint/run.ts';
import type { FileText } from '../analyze.ts';

/** Is `file` of the language `from` is in, as the rules see it (TypeScript and JavaScript are one)? */
export function sameRuleLanguage(from: ParsedFile, file: string): boolean {
  const syntax = detectLanguage(file, '');
  return !!syntax && ruleLanguageOf(syntax) === ruleLanguageOf(from.syntax);
}

export class ImportIndex {
  private readonly imports = new Map<string, string[]>();
  private readonly importedNameSets = new Map<string, Set<string>>();

  constructor(
    private readonly files: Map<string, FileText>,
    /** The scan's files by directory. */
    private readonly byDirectory: Map<string, string[]>,
  ) {}

  /** The files a file imports (every import statement, by the language's import patterns). */
  importsOf(file: ParsedFile): string[] {
    let out = this.imports.get(file.path);
    if (!out) {
      out = this.findImports(file);
      this.imports.set(file.path, out);
    }
    return out;
  }

  private findImports(file: ParsedFile): string[] {
    const out = this.namedIn(file, file.path);
    // A barrel (`index.ts` re-exporting `export * from './catalog'`) stands for the modules it re-exports.
    for (const imported of [...out]) {
      if (path.posix.basename(imported).startsWith('index.')) out.push(...this.namedIn(file, imported).filter((f) => f !== file.path));
    }
    const namespaces = file.syntax.namespaces;
    if (namespaces) {
      const text = this.files.get(file.path)?.text ?? '';
      const seen = new Set<string>();
      for (const pattern of [namespaces.declares, namespaces.uses]) {
        for (const m of text.matchAll(pattern)) {
          if (seen.has(m[1]!)) continue;
          seen.add(m[1]!);
          for (const f of this.namespaceFiles(file, m[1]!)) if (f !== file.path) out.push(f);
        }
      }
    }
    return [...new Set(out)];
  }

  /** The files the import patterns of `file`'s language name in the text of `source`, relative to `source`. */
  private namedIn(file: ParsedFile, source: string): string[] {
    const text = this.files.get(source)?.text ?? '';
    const from = source === file.path ? file : { ...file, path: source };
    const out: string[] = [];
    for (const pattern of file.syntax.importPatterns ?? []) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) out.push(...this.specFiles(from, m[1]!));
    }
    return out;
  }

  /** The files that declare a namespace, among those of the file's language (indexed once per scan). */
  namespaceFiles(file: ParsedFile, namespace: string): string[] {
    if (!this.namespaceIndex) {
      this.namespaceIndex = new Map();
      const declares = file.syntax.namespaces!.declares;
      for (const [f, { text }] of this.files) {
        if (!sameRuleLanguage(file, f)) continue;
        for (const m of text.matchAll(declares)) (this.namespaceIndex.get(m[1]!) ?? this.namespaceIndex.set(m[1]!, []).get(m[1]!)!).push(f);
      }
    }
    return this.namespaceIndex.get(namespace) ?? [];
  }

  private namespaceIndex?: Map<string, string[]>;

  /** The files an import specifier names, relative to the importing file or by the tail of a module path. */
  private specFiles(file: ParsedFile, spec: string): string[] {
    const dir = path.posix.dirname(file.path);
    const candidates: string[] = [];
    if (spec.startsWith('.')) {
      if (spec.includes('/')) candidates.push(path.posix.normalize(path.posix.join(dir, spec)));
      else {
        // Python relative module: `.queries` / `..pkg.mod`
        const dots = /^\.+/.exec(spec)![0].length;
        let base = dir;
        for (let i = 1; i < dots; i++) base = path.posix.dirname(base);
        const rest = spec.slice(dots).replace(/\./g, '/');
        candidates.push(rest ? path.posix.join(base, rest) : base);
      }
    } else if (/^[@~#]/.test(spec)) {
      // A path alias of the project (`@server/utils/x`, `~/lib/x`, `@/components/x`): the path after the alias, by its tail.
      // The alias usually names a folder (`@server` → `server/`); otherwise it stands for the source root.
      const named = this.filesNamedBy(spec.replace(/^[@~#]\/?/, ''), true);
      if (named.length) return named;
      candidates.push(spec.replace(/^[@~#][\w-]*\//, ''));
    } else {
      // Module names (`pkg.mod`, PHP `Repository\UserRepository`) name a file by its path's tail.
      candidates.push(spec.replace(/[.\\]/g, '/'));
    }
    return candidates.flatMap((c) => this.filesNamedBy(c, !spec.startsWith('.')));
  }

  /** Files in scan order, by path without extension and by the last part of that path. */
  private fileIndex?: { order: Map<string, number>; byStem: Map<string, string[]>; byLastPart: Map<string, string[]> };

  /**
   * The files an import names: the path itself, with any extension, its `index` file, and for
   * a module name (`tail`) any file whose path ends with it. In scan order.
   */
  private filesNamedBy(name: string, tail: boolean): string[] {
    if (!this.fileIndex) {
      const index = { order: new Map<string, number>(), byStem: new Map<string, string[]>(), byLastPart: new Map<string, string[]>() };
      for (const f of this.files.keys()) {
        index.order.set(f, index.order.size);
        const stem = f.replace(/\.[^./]+$/, '');
        (index.byStem.get(stem) ?? index.byStem.set(stem, []).get(stem)!).push(f);
        const last = stem.slice(stem.lastIndexOf('/') + 1);
        (index.byLastPart.get(last) ?? index.byLastPart.set(last, []).get(last)!).push(f);
      }
      this.fileIndex = index;
    }
    const { order, byStem, byLastPart } = this.fileIndex;
    const found = new Set<string>();
    if (this.files.has(name)) found.add(name);
    for (const f of byStem.get(name) ?? []) found.add(f);
    // A folder stands for its index file (`./models` → `models/index.ts`), a Python package for its `__init__.py`
    // (`from . import db` reads a name the package's own module sets when no `db.py` is beside it).
    for (const f of this.byDirectory.get(name) ?? []) if (/^(index\.|__init__\.py$)/.test(path.posix.basename(f))) found.add(f);
    if (tail) {
      for (const f of byLastPart.get(name.slice(name.lastIndexOf('/') + 1)) ?? []) if (f.replace(/\.[^./]+$/, '').endsWith(`/${name}`)) found.add(f);
    }
    return [...found].sort((a, b) => order.get(a)! - order.get(b)!);
  }

  /**
   * Per file, the names its imports bind and the files each names: every name spelled in a
   * top-level import statement (`import Auth from './Auth'`, `from . import utils`, a PHP `use`),
   * and Go's package names (import specs, by the directory the import path ends in).
   */
  bindings(file: ParsedFile): Map<string, string[]> {
    let bindings = this.bindingMaps.get(file.path);
    if (bindings) return bindings;
    bindings = new Map();
    this.bindingMaps.set(file.path, bindings);
    const patterns = file.syntax.importPatterns ?? [];
    // The names a statement binds in its code (not only in a quoted path).
    const bound = new Set<string>();
    for (const top of file.tree.rootNode.namedChildren) {
      if (!top || !(top.type.includes('import') || top.type.includes('use') || top.text.includes('require'))) continue;
      const files = new Set<string>();
      const specs: string[] = [];
      for (const pattern of patterns) {
        pattern.lastIndex = 0;
        for (let m = pattern.exec(top.text); m; m = pattern.exec(top.text)) specs.push(m[1]!);
      }
      if (specs.length === 0) continue;
      // A function or class whose body requires a module (`function register(router) { const utils =
      // require('../utils') … }`) binds only the names its declarations give the module, never every
      // word of its body (`shaca` in a nested function is the top-level `const shaca = require(…)`).
      if (!top.type.includes('import') && !top.type.includes('use') && top.descendantsOfType(Object.keys(file.syntax.functions)).length > 0) {
        for (const m of top.text.matchAll(LOCAL_REQUIRE)) {
          const names = m[1]!.startsWith('{') ? m[1]!.slice(1, -1).split(',').map((part) => part.split(':').pop()!.trim()) : [m[1]!];
          const required = this.specFiles(file, m[3]!);
          for (const name of names) {
            if (!name || !required.length || bindings.has(name)) continue;
            bindings.set(name, required);
            bound.add(name);
          }
        }
        continue;
      }
      for (const spec of specs) for (const f of this.specFiles(file, spec)) files.add(f);
      const fromImport = /^\s*from\s/.test(top.text);
      // A word only inside the quoted path (`shaca` in `const loader = require('./shaca/loader.js')`) binds
      // the module only when no statement binds that name in code: it never displaces `const shaca = require(…)`.
      const code = top.text.replace(/(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g, (quoted) => ' '.repeat(quoted.length));
      const inCode = new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? []);
      for (const word of top.text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
        if (/^(import|from|require|const|let|var|as|type|typeof|default|use|function|include|require_once|include_once|__DIR__)$/.test(word)) continue;
        if (!inCode.has(word) && bound.has(word)) continue;
        // Python's `from . import utils`, `from app import utils`: the module may be the name itself.
        const own = fromImport ? specs.flatMap((spec) => (spec.includes('/') ? [] : this.specFiles(file, `${spec}${spec.endsWith('.') ? '' : '.'}${word}`))) : [];
        const all = [...new Set([...files, ...own])];
        if (!all.length) continue;
        bindings.set(word, all);
        if (inCode.has(word)) bound.add(word);
      }
      // `from . import helpers as h`, `import app.net as net`: the alias binds what the name does.
      for (const [imported, alias] of importAliases(top.text)) {
        const named = bindings.get(imported);
        if (named) bindings.set(alias, named);
      }
    }
    const spec = file.syntax.importSpecs;
    if (spec) {
      for (const n of file.tree.rootNode.descendantsOfType(spec.node)) {
        const importPath = n?.childForFieldName(spec.path)?.text.replace(/^["'`]|["'`]$/g, '');
        if (!n || !importPath) continue;
        const name = n.childForFieldName(spec.name)?.text ?? importPath.split('/').pop()!;
        const files = this.packageFiles(importPath).filter((f) => sameRuleLanguage(file, f));
        if (files.length) bindings.set(name, files);
      }
    }
    return bindings;
  }

  private readonly bindingMaps = new Map<string, Map<string, string[]>>();

  /** The files of the directory an import path ends in (Go: `github.com/org/app/core/auth` → `core/auth/*.go`). */
  private packageFiles(importPath: string): string[] {
    let files = this.packages.get(importPath);
    if (!files) {
      files = [];
      for (const [dir, inDir] of this.byDirectory) {
        if (dir !== '.' && (importPath === dir || importPath.endsWith(`/${dir}`))) {
          files = inDir;
          break;
        }
      }
      this.packages.set(importPath, files);
    }
    return files;
  }

  /** Per import path, the files of its package (each distinct path is looked up once per scan). */
  private readonly packages = new Map<string, string[]>();

  /** Per file, the names its imports give another name (`from m import fetch as grab`: grab → fetch). */
  aliases(file: ParsedFile): Map<string, string> {
    let aliases = this.aliasMaps.get(file.path);
    if (!aliases) {
      aliases = new Map();
      for (const top of file.tree.rootNode.namedChildren) {
        if (!top || !top.type.includes('import')) continue;
        for (const [imported, alias] of importAliases(top.text)) aliases.set(alias, imported);
      }
      this.aliasMaps.set(file.path, aliases);
    }
    return aliases;
  }

  private readonly aliasMaps = new Map<string, Map<string, string>>();

  /**
   * The names a file's top-level import statements (and `require` declarations) spell: the
   * functions of other files a bare call in it can run; `*` for a star import (any name).
   */
  importedNames(file: ParsedFile): Set<string> {
    let names = this.importedNameSets.get(file.path);
    if (!names) {
      names = new Set();
      for (const top of file.tree.rootNode.namedChildren) {
        if (!top || !(top.type.includes('import') || top.text.includes('require('))) continue;
        // A function that requires a module in its body imports only the names it declares for it.
        if (!top.type.includes('import') && top.descendantsOfType(Object.keys(file.syntax.functions)).length > 0) {
          for (const m of top.text.matchAll(LOCAL_REQUIRE)) for (const word of m[1]!.match(/[\w$]+/g) ?? []) names.add(word);
          continue;
        }
        if (/\bimport\s+\*/.test(top.text)) names.add('*');
        for (const word of top.text.match(/[\w$]+/g) ?? []) names.add(word);
      }
      this.importedNameSets.set(file.path, names);
    }
    return names;
  }

}

/** A declaration inside a function that names a required module: `const utils = require('./utils')`, `let { a, b: c } = require('./m')`. */
const LOCAL_REQUIRE = /\b(?:const|let|var)\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)\s*=\s*require\(\s*(['"])([^'"]+)\2\s*\)/g;

/** The `name as alias` pairs of an import statement (Python, JavaScript/TypeScript named imports). */
function importAliases(statement: string): [string, string][] {
  return [...statement.matchAll(/([A-Za-z_$][\w$]*)\s+as\s+([A-Za-z_$][\w$]*)/g)].map((m) => [m[1]!, m[2]!]);
}
