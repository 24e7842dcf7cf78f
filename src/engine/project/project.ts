// The cross-file side of an analysis: the files of a scan parsed on demand, and the
// CallResolver the taint engine asks where a call leads. Import statements are read in
// imports.ts.
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { detectLanguage, type LanguageSyntax } from '../languages/index.ts';
import { loadedLanguage, parseSync } from '../parse/parser.ts';
import { CALLABLE_NAME, MAX_CALL_TARGETS, type CallResolver, type ParsedFile, type TaintHit } from '../taint/run.ts';
import { basesOf, classHeader, classOfValue, declaredClasses, enclosingClass, receiverKey, type Receiver } from '../taint/receivers.ts';
import { field } from '../parse/syntax.ts';
import { isTestCode } from '../test-code.ts';
import type { Analyzer, FileText } from '../analyze.ts';
import { ImportIndex, sameRuleLanguage } from './imports.ts';
import { Manifests } from './manifests.ts';

/** Files above this size are not parsed (they are almost always generated). */
export const MAX_PARSE_BYTES = 2 * 1024 * 1024;

/** A file or class name as the class-file convention compares it: `user_service`, `user-service`, `user.service`, `UserService` alike. */
function baseKey(name: string): string {
  return name.toLowerCase().replace(/[-_.]/g, '');
}

/** How many classes up the inheritance a method of `self` is looked for. */
const MAX_BASES = 8;

function insideClass(syntax: LanguageSyntax, node: Node): boolean {
  return enclosingClass(syntax, node) !== null;
}

/** Is a function a method of class `className`: inside a class of that name or one naming it as a base, or a Go method on that type? */
function definedOn(syntax: LanguageSyntax, fn: Node, className: string): boolean {
  const cls = enclosingClass(syntax, fn);
  const word = new RegExp(`\\b${className}\\b`);
  if (cls) {
    if (cls.childForFieldName('name')?.text === className) return true;
    return word.test(classHeader(cls));
  }
  const goReceiver = fn.childForFieldName('receiver');
  return !!goReceiver && word.test(goReceiver.text);
}

/** Is `fn` outside any class, or a method of the class named `className` (its last segment, without type arguments: `views.APIView`, `Admin::Base`, `Repo<T>`) itself? */
function ownMethodOf(syntax: LanguageSyntax, fn: Node, className: string): boolean {
  const cls = enclosingClass(syntax, fn);
  const declared = cls?.childForFieldName('name')?.text;
  const last = (n: string) => n.replace(/\s*[<[(][\s\S]*$/, '').split(/\.|::|\\/).pop();
  return !declared || last(declared) === last(className);
}

/**
 * The files of one scan as the taint engine sees them: parsed on demand, with
 * an index of function definitions, and call resolution by name — same file
 * first, then the same directory (package), then files it imports, then a file
 * named like the receiver's class (Rails/PHP/C# conventions).
 */
export class Project implements CallResolver {
  private readonly parsedFiles = new Map<string, ParsedFile | null>();
  private readonly definitions = new Map<string, Map<string, Node[]>>();
  private readonly byDirectory = new Map<string, string[]>();
  private readonly byBaseName = new Map<string, string[]>();
  /** Per file, the names it may define a function of (`any`: its language cannot tell). */
  private readonly definableNames = new Map<string, Set<string> | 'any'>();
  private readonly sourceHolders = new Map<string, boolean>();
  private readonly resolutions = new Map<string, { file: ParsedFile; node: Node }[]>();
  private readonly importIndex: ImportIndex;
  private readonly manifests = new Manifests(() => this.files.keys(), (file) => this.files.get(file)?.text);
  /** Whether the analysis of the file being analysed asked the manifests (its findings then depend on them). */
  private manifestsAsked = false;

  constructor(
    private readonly files: Map<string, FileText>,
    private readonly analyzer: Pick<Analyzer, 'languageRules'>,
  ) {
    for (const p of files.keys()) {
      const dir = path.posix.dirname(p);
      (this.byDirectory.get(dir) ?? this.byDirectory.set(dir, []).get(dir)!).push(p);
      const base = baseKey(path.posix.basename(p).replace(/\.[^.]+$/, ''));
      (this.byBaseName.get(base) ?? this.byBaseName.set(base, []).get(base)!).push(p);
    }
    this.importIndex = new ImportIndex(files, this.byDirectory);
  }

  text(file: string): string | undefined {
    return this.files.get(file)?.text;
  }

  paths(): Iterable<string> {
    return this.files.keys();
  }

  dependOn(files: Iterable<string>): void {
    for (const f of files) this.dependencies.add(f);
  }

  /** Other files the analysis of the file being analysed read declarations from (its findings depend on them). */
  private readonly dependencies = new Set<string>();

  projectUses(pattern: RegExp): boolean {
    this.manifestsAsked = true;
    return this.manifests.uses(pattern);
  }

  /**
   * Taint flows found from `file`, by where their sink is: in the file itself, in
   * another file of its directory (the package: a controller calling a service
   * beside it), or in another directory; and `dependencies`, the other files the
   * findings depend on (the manifests when they were asked, base classes read).
   */
  taintHitsOf(file: string): { own: TaintHit[]; neighbours: TaintHit[]; foreign: TaintHit[]; tooDeep: boolean; dependencies: string[] } {
    const out = { own: [] as TaintHit[], neighbours: [] as TaintHit[], foreign: [] as TaintHit[], tooDeep: false, dependencies: [] as string[] };
    const parsed = this.parsed(file);
    const lr = parsed && this.analyzer.languageRules(parsed.syntax);
    // Test code's sources (test-function parameters, fixtures, factories) are not attacker
    // data: no flow starts in a test file, nor from a source a call led into test code.
    if (!parsed || !lr || isTestCode(file)) return out;
    const hits: TaintHit[] = [];
    this.manifestsAsked = false;
    this.dependencies.clear();
    try {
      lr.taint.analyzeFile(parsed, this, hits, this.files.get(file)?.text);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      out.tooDeep = true;
    }
    out.dependencies = [...(this.manifestsAsked ? this.manifests.files() : []), ...[...this.dependencies].filter((f) => f !== file)];
    const dir = path.posix.dirname(file);
    for (const hit of hits) {
      if (hit.trace[0]?.kind === 'source' && isTestCode(hit.trace[0].file)) continue;
      if (hit.file === file) out.own.push(hit);
      else if (path.posix.dirname(hit.file) === dir) out.neighbours.push(hit);
      else out.foreign.push(hit);
    }
    return out;
  }

  tooLarge(file: string): boolean {
    return (this.files.get(file)?.text.length ?? 0) > MAX_PARSE_BYTES;
  }

  parsed(file: string): ParsedFile | null {
    if (this.parsedFiles.has(file)) return this.parsedFiles.get(file)!;
    let result: ParsedFile | null = null;
    const text = this.files.get(file)?.text;
    if (text !== undefined && text.length <= MAX_PARSE_BYTES) {
      const syntax = detectLanguage(file, text.slice(0, 200));
      if (syntax && loadedLanguage(syntax) && this.analyzer.languageRules(syntax)) {
        const tree = parseSync(syntax, text);
        if (tree) result = { path: file, syntax, tree };
      }
    }
    this.parsedFiles.set(file, result);
    return result;
  }

  private definitionsIn(file: string): Map<string, Node[]> {
    let defs = this.definitions.get(file);
    if (defs) return defs;
    defs = new Map();
    this.definitions.set(file, defs);
    const parsed = this.parsed(file);
    if (!parsed) return defs;
    const syntax = parsed.syntax;
    const types = Object.keys(syntax.functions);
    for (const fn of parsed.tree.rootNode.descendantsOfType(types)) {
      if (!fn) continue;
      const shape = syntax.functions[fn.type]!;
      let name = shape.name ? field(fn, shape.name)?.text : undefined;
      // `const helper = (x) => …` / `helper = function (x) {…}`
      const parent = name ? null : fn.parent;
      if (parent) {
        const parentType = parent.type;
        const assign = syntax.assignments[parentType];
        if (assign) name = field(parent, assign.left)?.text.split('.').pop();
        else if (parentType === 'pair') name = parent.childForFieldName('key')?.text;
      }
      if (!name || !CALLABLE_NAME.test(name)) continue;
      (defs.get(name) ?? defs.set(name, []).get(name)!).push(fn);
    }
    return defs;
  }

  resolve(from: ParsedFile, name: string, receiver: Receiver, holdsSource?: (text: string) => boolean, withinFile = false): { file: ParsedFile; node: Node }[] {
    const key = `${from.path}\0${name}\0${receiverKey(receiver)}\0${holdsSource ? 'sources' : 'all'}\0${withinFile ? 'file' : 'package'}`;
    let found = this.resolutions.get(key);
    if (!found) {
      found = this.lookUp(from, name, receiver, holdsSource, withinFile);
      this.resolutions.set(key, found);
    }
    return found;
  }

  ancestorClasses(from: ParsedFile, cls: Node): { file: ParsedFile; node: Node }[] {
    const out: { file: ParsedFile; node: Node }[] = [];
    const queue = [...basesOf(cls)];
    const seen = new Set(queue);
    for (let i = 0; i < queue.length && i < MAX_BASES; i++) {
      for (const declared of this.classDeclarations(from, queue[i]!)) {
        out.push(declared);
        for (const base of basesOf(declared.node)) {
          if (!seen.has(base)) queue.push(base);
          seen.add(base);
        }
      }
    }
    return out;
  }

  /**
   * The declarations of class (or annotation type) `name`: in `from` itself, else in the files named for the class,
   * else in the files an import of `from` binds the name from (`from app.models.plugins import PluginData`).
   */
  classDeclarations(from: ParsedFile, name: string): { file: ParsedFile; node: Node }[] {
    const own = this.classesNamed(from, name);
    if (own.length) return own.map((node) => ({ file: from, node }));
    const inFiles = (files: string[]) =>
      files.flatMap((f) => {
        const parsed = this.parsed(f);
        return parsed ? this.classesNamed(parsed, name).map((node) => ({ file: parsed, node })) : [];
      });
    const named = inFiles(this.classFiles(from, name));
    return named.length ? named : inFiles(this.importedFrom(from, name).filter((f) => f !== from.path));
  }

  declaresVisibleType(from: ParsedFile, name: string): boolean {
    const namespaces = from.syntax.namespaces;
    if (!namespaces || !/^\w+$/.test(name)) return false;
    const key = `${from.path}\0${name}`;
    let found = this.visibleTypes.get(key);
    if (found === undefined) this.visibleTypes.set(key, (found = this.findVisibleType(from, name, namespaces)));
    if (found && found !== from.path) this.dependOn([found]);
    return found !== null;
  }

  /** Per file and type name: the file that declares the type where the file sees it, or null. */
  private readonly visibleTypes = new Map<string, string | null>();

  private findVisibleType(from: ParsedFile, name: string, namespaces: { declares: RegExp; uses: RegExp }): string | null {
    const declared = new RegExp(`\\b(class|struct|record|interface)\\s+${name}\\b`);
    // A file sees the types of the namespaces it declares and of their parents (`A.B.C` sees `A.B`), and of those it uses.
    const text = this.files.get(from.path)?.text ?? '';
    const visible = new Set<string>();
    for (const m of text.matchAll(namespaces.declares)) for (let ns = m[1]!; ns; ns = ns.slice(0, Math.max(0, ns.lastIndexOf('.')))) visible.add(ns);
    for (const m of text.matchAll(namespaces.uses)) visible.add(m[1]!);
    const seen = [from.path, ...[...visible].flatMap((ns) => this.importIndex.namespaceFiles(from, ns))];
    return seen.find((f) => declared.test(this.files.get(f)?.text ?? '')) ?? null;
  }

  /** The classes (and annotation types) of a file named `name`, in source order. */
  private classesNamed(file: ParsedFile, name: string): Node[] {
    return declaredClasses(file.syntax, file.tree, true).flatMap((c) => (c.name === name ? [c.node] : []));
  }

  /**
   * The other files of `from`'s language named for a class (`UserService.cs`, `user_service.rb`). An interface's
   * methods have no body: its implementation is where the code runs (`IUserService` → `UserService`, `UserService` →
   * `UserServiceImpl`).
   */
  private classFiles(from: ParsedFile, className: string): string[] {
    const names = /^I[A-Z]/.test(className) ? [className.slice(1), className] : [className];
    names.push(`${className}Impl`);
    const files = names.flatMap((n) => this.byBaseName.get(baseKey(n)) ?? []);
    // PEAR / PSR-0 naming (Zend 1, Twig 1, Horde, many PHP frameworks of their own): class `Minz_Url` is in
    // `…/Minz/Url.php`, under whatever include root.
    const segments = className.split('_');
    if (segments.length > 1 && segments.every((x) => /^[A-Za-z]\w*$/.test(x))) {
      const suffix = `/${segments.join('/').toLowerCase()}.`;
      for (const f of this.byBaseName.get(baseKey(segments[segments.length - 1]!)) ?? []) if (`/${f.toLowerCase()}`.includes(suffix) && !files.includes(f)) files.push(f);
    }
    return files.filter((f) => f !== from.path && sameRuleLanguage(from, f));
  }

  /** The bases class `className` declares in those of `files` that declare it, each with the file that names it. */
  private declaredBases(from: ParsedFile, className: string, files: string[]): { base: string; namedIn: ParsedFile }[] {
    const name = className.split(/\.|::|\\/).pop()!;
    const out: { base: string; namedIn: ParsedFile }[] = [];
    for (const file of new Set([from.path, ...files])) {
      if (!this.declaresType(file, name)) continue;
      const declaring = this.parsed(file);
      if (declaring) for (const base of this.basesOfClass([file], name)) out.push({ base, namedIn: declaring });
    }
    return out;
  }

  /**
   * Does the file's text declare a class, Ruby module, PHP trait or interface `name` (what a class takes in as a
   * base)? The names a file declares are read once: every method called on a typed receiver asks of the files of
   * its class, package and imports, and a regex per question read whole files again and again.
   */
  private declaresType(file: string, name: string): boolean {
    const text = this.files.get(file)?.text ?? '';
    // Names with `$` keep the exact test (`\b` beside `$` is not where a word run ends).
    if (!/^\w+$/.test(name)) return new RegExp(`\\b(class|module|trait|interface)\\s+${name.replace(/[$]/g, '\\$&')}\\b`).test(text);
    let declared = this.declaredTypeNames.get(file);
    if (!declared) {
      // The word run after the keyword, read without consuming it (`class class Foo` declares `Foo` too).
      declared = new Set([...text.matchAll(/\b(?:class|module|trait|interface)\s+(?=(\w+))/g)].map((m) => m[1]!));
      this.declaredTypeNames.set(file, declared);
    }
    return declared.has(name);
  }

  private readonly declaredTypeNames = new Map<string, Set<string>>();

  /**
   * The files that may declare `base`, a base class named in `namedIn`: `namedIn` itself, those named for it, and those
   * `namedIn` imports it from (Python's `from ..handlers.base import BaseHandler`, an ES `import { Base } from './base'`),
   * whatever their names.
   */
  private baseClassFiles(from: ParsedFile, namedIn: ParsedFile, base: string): string[] {
    const files = this.classFiles(from, base);
    // A base declared beside the class that names it (the calling file itself was searched first).
    if (namedIn.path !== from.path && !files.includes(namedIn.path)) files.unshift(namedIn.path);
    const root = base.split(/\.|::|\\/)[0]!;
    for (const f of this.importIndex.bindings(namedIn).get(base) ?? this.importIndex.bindings(namedIn).get(root) ?? []) {
      if (f !== from.path && !files.includes(f) && sameRuleLanguage(from, f)) files.push(f);
    }
    return files;
  }

  bindsImport(from: ParsedFile, name: string): boolean {
    return this.importIndex.bindings(from).has(name);
  }

  importedFrom(from: ParsedFile, name: string): string[] {
    return this.importIndex.bindings(from).get(name) ?? [];
  }

  /**
   * The functions a call may run, nearest first: the file itself, then, by what the receiver is,
   * the files of its class (by the file's name, or a class of that name in the package or the
   * imports), of the module it was imported from, or of the bases of the class around the call.
   * A receiver the code says nothing about (`config.get()`) reaches no other file.
   */
  private lookUp(from: ParsedFile, name: string, receiver: Receiver, holdsSource: ((text: string) => boolean) | undefined, withinFile: boolean): { file: ParsedFile; node: Node }[] {
    // A file passed over for holding no source may define the name: then the call stays
    // unresolved rather than resolving to a namesake further away.
    let passedOver = false;
    const bare = receiver.kind === 'none';
    // `methodsOf`: in a file named like the class, a method declared with a receiver (Go) must be that class's.
    // `inClass`: a method inside a class must be that class's own, not a subclass's that names it as a base.
    const lookIn = (files: Iterable<string>, onClass?: string, methodsOf?: string, defined = name, inClass?: string) => {
      const out: { file: ParsedFile; node: Node }[] = [];
      for (const f of files) {
        // A file that cannot define the name need not be parsed.
        if (!this.definitions.has(f) && !this.mayDefine(f, defined)) continue;
        if (holdsSource && f !== from.path && !this.holdsSource(f, holdsSource)) {
          passedOver = true;
          continue;
        }
        const nodes = this.definitionsIn(f).get(defined);
        if (!nodes) continue;
        const parsed = this.parsed(f)!;
        const bodyField = (node: Node) => parsed.syntax.functions[node.type]?.body;
        for (const node of nodes) {
          if (bare && f !== from.path && !parsed.syntax.inheritedBareCalls && insideClass(parsed.syntax, node)) continue;
          // `auth.login()` on a value of unknown class is no call of the module's own `def login()`.
          if (!bare && receiver.kind !== 'module' && parsed.syntax.receiverCallsRunMethods && !insideClass(parsed.syntax, node) && !node.childForFieldName('receiver')) continue;
          // A declaration without a body (an interface's or abstract method) runs no code of its own.
          const body = bodyField(node);
          if (body && !field(node, body)) continue;
          if (onClass && !definedOn(parsed.syntax, node, onClass)) continue;
          if (methodsOf && node.childForFieldName('receiver') && !definedOn(parsed.syntax, node, methodsOf)) continue;
          if (inClass && !ownMethodOf(parsed.syntax, node, inClass)) continue;
          out.push({ file: parsed, node });
        }
        // More than that many is as good as any number: the call counts as unknown code.
        if (out.length > MAX_CALL_TARGETS) break;
      }
      return out;
    };
    // A receiver of a known class runs that class's method, and a module's function is in that module: a function
    // of the same name in the calling file (a controller's `findOne` calling `this.products.findOne(id)`) is not it.
    let found = receiver.kind === 'module' ? [] : lookIn([from.path], receiver.kind === 'type' ? receiver.name : undefined);
    if (found.length || passedOver || withinFile) return found;
    const sameLanguage = (files: Iterable<string>) => [...files].filter((f) => f !== from.path && sameRuleLanguage(from, f));
    // The bases in order, then theirs (a controller's `ApplicationController`, which includes `IntervalHelper`).
    // Each base is looked for from the file of the class that names it, through that file's imports.
    const inherited = (queue: { base: string; namedIn: ParsedFile }[]) => {
      let out: { file: ParsedFile; node: Node }[] = [];
      const seen = new Set(queue.map((q) => q.base));
      for (let i = 0; i < queue.length && i < MAX_BASES; i++) {
        const { base, namedIn } = queue[i]!;
        const files = this.baseClassFiles(from, namedIn, base);
        // The base's own method: another class of its file that derives from it (a sibling of the caller's class) is never `self`.
        out = lookIn(files, undefined, undefined, name, base);
        if (out.length || passedOver) return out;
        for (const next of this.declaredBases(from, base, files)) {
          if (!seen.has(next.base)) queue.push(next);
          seen.add(next.base);
        }
      }
      return out;
    };
    const dir = path.posix.dirname(from.path);
    const classFiles = (className: string) => this.classFiles(from, className);
    switch (receiver.kind) {
      case 'type': {
        // `Report.search(…)` / `users.find()` with `UserService users`: the class's own file first,
        // then a class of that name elsewhere in the package or the imports (Go methods, several classes a file).
        found = lookIn(classFiles(receiver.name), undefined, receiver.name);
        if (found.length || passedOver) return found;
        found = lookIn(sameLanguage(this.byDirectory.get(dir) ?? []), receiver.name);
        if (found.length || passedOver) return found;
        found = lookIn(sameLanguage(this.importIndex.importsOf(from)), receiver.name);
        if (found.length || passedOver) return found;
        // A method the class inherits (`Panel(BasePanel)` calling `extra()` defined on `BasePanel`): its bases, from
        // the files that declare the class.
        return inherited(this.declaredBases(from, receiver.name, [...classFiles(receiver.name), ...sameLanguage(this.byDirectory.get(dir) ?? []), ...sameLanguage(this.importIndex.importsOf(from))]));
      }
      case 'module': {
        const boundFiles = this.importIndex.bindings(from).get(receiver.binding) ?? [];
        found = lookIn(boundFiles);
        if (found.length || passedOver) return found;
        // `from app import db` where the package's module sets `db = Database(app)`: the name is an instance
        // made there, and its method is its class's, found from that module as a local instance would be.
        for (const f of boundFiles) {
          const made = this.moduleInstanceClass(f, receiver.binding);
          if (!made) continue;
          found = this.resolve(made.file, name, { kind: 'type', name: made.className }, holdsSource);
          if (found.length) return found;
        }
        // `import { Team } from '@server/models'`: a barrel file re-exports the class from its own file.
        if (!/^[A-Z]/.test(receiver.binding)) return found;
        return lookIn(classFiles(receiver.binding));
      }
      case 'self':
        return inherited(receiver.bases.map((base) => ({ base, namedIn: from })));
      case 'unknown':
        return [];
    }
    if (from.syntax.bareCallsNeedImport) {
      // `max(x)` or `run(x)` runs another file's function only if the file imports that name.
      const imported = this.importIndex.importedNames(from);
      if (!imported.has(name) && !imported.has('*')) return [];
      // An imported function called by its alias (`from net import fetch as grab`) is defined by its own name.
      found = lookIn(this.importIndex.importsOf(from), undefined, undefined, this.importIndex.aliases(from).get(name) ?? name);
      if (found.length || passedOver) return found;
      // `const doAuth = require('./auth')`: the name binds the module, whose default export is a function of its own name.
      const whole = from.syntax.moduleBindings ? [...from.tree.rootNode.text.matchAll(from.syntax.moduleBindings)].some((m) => (m[1] ?? m[2]) === name) : false;
      for (const f of whole ? (this.importIndex.bindings(from).get(name) ?? []) : []) {
        const exported = this.defaultExport(f);
        if (exported && exported !== name) found.push(...lookIn([f], undefined, undefined, exported));
      }
      return found;
    }
    found = lookIn(sameLanguage(this.byDirectory.get(dir) ?? []));
    if (found.length || passedOver) return found;
    found = lookIn(this.importIndex.importsOf(from));
    // Only with untrusted data going in (a helper of an included file that echoes or queries what it is
    // given): a project's own request accessors (`get_request_var('id')`) often return what an earlier call
    // validated and stored, which the analysis cannot see, so they are not followed as sources.
    if (found.length || passedOver || holdsSource || !from.syntax.globalFunctions) return found;
    return lookIn(this.globalFunctionFiles(from, name));
  }

  /**
   * The bases a class named `className` declares in the given files (its superclass, included modules, traits).
   * Read once per class and files: every method called on `this` in a subclass asks again.
   */
  private basesOfClass(files: string[], className: string): string[] {
    const key = `${className}\0${files.join('\0')}`;
    let out = this.classBases.get(key);
    if (!out) this.classBases.set(key, (out = this.readBasesOfClass(files, className)));
    return out;
  }

  private readonly classBases = new Map<string, string[]>();

  private readBasesOfClass(files: string[], className: string): string[] {
    const out: string[] = [];
    for (const f of files) {
      const parsed = this.parsed(f);
      if (!parsed) continue;
      for (const { node, name } of declaredClasses(parsed.syntax, parsed.tree)) {
        if (name === className || name.endsWith(`::${className}`) || name.endsWith(`\\${className}`)) out.push(...basesOf(node));
      }
    }
    return out;
  }

  /** The files of `from`'s language that define a global function `name` (indexed once per scan). */
  private globalFunctionFiles(from: ParsedFile, name: string): string[] {
    if (!this.globalFunctions) {
      this.globalFunctions = new Map();
      const pattern = from.syntax.globalFunctions!;
      for (const [f, { text }] of this.files) {
        if (!sameRuleLanguage(from, f)) continue;
        for (const m of text.matchAll(pattern)) {
          const files = this.globalFunctions.get(m[1]!) ?? this.globalFunctions.set(m[1]!, []).get(m[1]!)!;
          if (files[files.length - 1] !== f) files.push(f);
        }
      }
    }
    return this.globalFunctions.get(name) ?? [];
  }

  /**
   * The class of the instance a module's top-level code assigns to `binding` (`calibre = db.Library(app)`,
   * `export const store = new Store()`), with that module's parsed file; asked once per module and name.
   */
  private moduleInstanceClass(file: string, binding: string): { file: ParsedFile; className: string } | undefined {
    const key = `${file}\0${binding}`;
    if (this.moduleInstances.has(key)) return this.moduleInstances.get(key);
    let out: { file: ParsedFile; className: string } | undefined;
    const text = this.files.get(file)?.text ?? '';
    const parsed = text.includes(binding) ? this.parsed(file) : null;
    if (parsed) {
      const syntax = parsed.syntax;
      // Top-level statements and the declarations in them, never the bodies of functions or classes.
      const visit = (n: Node, depth: number): void => {
        for (const c of n.namedChildren) {
          if (!c || out || syntax.functions[c.type] || syntax.classes?.includes(c.type)) continue;
          const shape = syntax.assignments[c.type];
          if (shape) {
            const right = shape.right ? field(c, shape.right) : null;
            const className = right && field(c, shape.left)?.text === binding ? classOfValue(syntax, right) : undefined;
            if (className) out = { file: parsed, className };
            continue;
          }
          if (depth < 2) visit(c, depth + 1);
        }
      };
      visit(parsed.tree.rootNode, 0);
    }
    this.moduleInstances.set(key, out);
    return out;
  }

  private readonly moduleInstances = new Map<string, { file: ParsedFile; className: string } | undefined>();

  /** Global function names (PHP) and the files that define them. */
  private globalFunctions?: Map<string, string[]>;

  /** The name of the function a module exports as a whole (`module.exports = doAuth`, `export default function doAuth`). */
  private defaultExport(file: string): string | undefined {
    const text = this.files.get(file)?.text ?? '';
    for (const pattern of detectLanguage(file, text.slice(0, 200))?.defaultExports ?? []) {
      const m = pattern.exec(text);
      if (m?.[1]) return m[1];
    }
    return undefined;
  }

  /** Per file, whether its text may hold a taint source (the language's file hints, asked once). */
  private holdsSource(file: string, test: (text: string) => boolean): boolean {
    let holds = this.sourceHolders.get(file);
    if (holds === undefined) {
      holds = test(this.files.get(file)?.text ?? '');
      this.sourceHolders.set(file, holds);
    }
    return holds;
  }

  private mayDefine(file: string, name: string): boolean {
    let names = this.definableNames.get(file);
    if (names instanceof Set) return names.has(name);
    // A name the file does not spell is none it defines: most candidates end here, before the
    // definitions regex reads the whole file. The same names are asked of a file again and again.
    let spelled = this.spelledNames.get(file);
    if (!spelled) this.spelledNames.set(file, (spelled = new Map()));
    let spells = spelled.get(name);
    const text = this.files.get(file)?.text ?? '';
    if (spells === undefined) spelled.set(name, (spells = text.includes(name)));
    if (!spells || names === 'any') return spells;
    const pattern = detectLanguage(file, text.slice(0, 200))?.definitionNames;
    names = pattern ? new Set([...text.matchAll(pattern)].flatMap((m) => m.slice(1).filter((n) => n !== undefined))) : 'any';
    this.definableNames.set(file, names);
    return names === 'any' || names.has(name);
  }

  /** Per file, whether it spells each name asked (before its definitions are read). */
  private readonly spelledNames = new Map<string, Map<string, boolean>>();
}
