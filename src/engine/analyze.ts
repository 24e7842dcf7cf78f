// Analyses files with a rule set: parses each file once, runs the pattern,
// regex and taint rules, resolves calls into other files of the same package,
// applies inline suppressions and produces findings.
import path from 'node:path';
import type { Node, Tree } from 'web-tree-sitter';
import { detectLanguage, ruleLanguageOf, type LanguageSyntax } from './languages/index.ts';
import { loadLanguage, loadedLanguage, parseSync } from './parser.ts';
import { PatternMatcher, matchRegexRules, regexRulesFor, type PatternHit } from './patterns.ts';
import type { CompiledRule, RuleSet } from './rules/load.ts';
import { TaintEngine } from './taint/engine.ts';
import { MAX_CALL_TARGETS, type CallResolver, type ParsedFile, type TaintHit } from './taint/run.ts';
import { enclosingClass, receiverKey, type Receiver } from './taint/receivers.ts';
import { finalise, makeFinding, type Location } from './findings.ts';
import { isSuppressed, suppressionsOf } from './suppress.ts';
import type { Finding, ScanWarning } from './types.ts';
import { findSecrets } from './secrets/index.ts';
import { field } from './syntax.ts';
import { isTestCode } from './test-code.ts';

/** Files above this size are not parsed (they are almost always generated). */
export const MAX_PARSE_BYTES = 2 * 1024 * 1024;

export interface AnalysedFile {
  path: string;
  language?: string;
  lines: number;
  findings: Finding[];
  warnings: ScanWarning[];
  partiallyParsed: boolean;
  suppressed: number;
  /** Other files this result's findings lie in (a flow from this file into a sink elsewhere): the cache checks them too. */
  dependsOn?: string[];
}

/** A finding before de-duplication, suppression and its id. */
export type RawFinding = Omit<Finding, 'id' | 'fingerprint'>;

/**
 * One file's analysis, before its directory is complete. A taint flow that starts
 * in one file may end in a sink in a neighbour (same directory): such findings
 * belong to the neighbour's result, so results are assembled per directory
 * (`assembleDirectory`) once every file of it has been analysed, wherever each was.
 */
export interface FileAnalysis {
  path: string;
  language?: string;
  lines: number;
  warnings: ScanWarning[];
  partiallyParsed: boolean;
  /** Findings in this file: structural and line rules, and taint flows found from this file. */
  own: RawFinding[];
  /** Taint flows found from this file whose sink is in another file of its directory. */
  neighbours: RawFinding[];
  secrets: Finding[];
  /** Flows from this file into sinks of other directories (final findings, reported from here). */
  elsewhere: Finding[];
  dependsOn?: string[];
}

export interface FileText {
  path: string;
  text: string;
}

/** Everything that is compiled once per rule set and language. */
class LanguageRules {
  constructor(
    readonly syntax: LanguageSyntax,
    readonly taint: TaintEngine,
    readonly patterns: PatternMatcher,
  ) {}
}

export class Analyzer {
  private readonly perLanguage = new Map<string, LanguageRules>();

  private constructor(readonly rules: RuleSet) {}

  static create(rules: RuleSet): Analyzer {
    return new Analyzer(rules);
  }

  /** Loads the grammars and compiles the rules of the languages among `files` (once per language). */
  async prepare(files: Map<string, FileText>): Promise<void> {
    const needed = new Set<LanguageSyntax>();
    for (const file of files.values()) {
      const syntax = detectLanguage(file.path, file.text.slice(0, 200));
      if (syntax) needed.add(syntax);
    }
    // The grammars compile in the background, all at once.
    await Promise.all([...needed].map((syntax) => this.load(syntax)));
  }

  private readonly loading = new Map<string, Promise<LanguageRules>>();

  private load(syntax: LanguageSyntax): Promise<LanguageRules> {
    let loaded = this.loading.get(syntax.id);
    if (!loaded) {
      loaded = loadLanguage(syntax).then((grammar) => {
        const ruleLanguage = ruleLanguageOf(syntax);
        const languageRules = this.rules.rules.filter((r) => r.languages.includes(ruleLanguage));
        const lr = new LanguageRules(syntax, new TaintEngine(syntax, languageRules, this.rules.languageTaint.get(ruleLanguage)), new PatternMatcher(syntax, grammar, languageRules));
        this.perLanguage.set(syntax.id, lr);
        return lr;
      });
      this.loading.set(syntax.id, loaded);
    }
    return loaded;
  }

  /** The files of one scan, which calls may resolve into; parse results are shared across `analyse` calls. */
  project(all: Map<string, FileText>): Project {
    return new Project(all, this);
  }

  analyse(project: Project, entries: string[], onFile?: (analysis: FileAnalysis) => void): FileAnalysis[] {
    const results: FileAnalysis[] = [];
    for (const entry of entries) {
      const result = this.analyseFile(project, entry);
      results.push(result);
      onFile?.(result);
    }
    return results;
  }

  languageRules(syntax: LanguageSyntax): LanguageRules | undefined {
    return this.perLanguage.get(syntax.id);
  }

  private analyseFile(project: Project, file: string): FileAnalysis {
    const text = project.text(file) ?? '';
    // Split into lines only when something is found (snippets); the count is cheaper.
    let split: string[] | undefined;
    const lines = () => (split ??= text.split(/\r?\n/));
    const warnings: ScanWarning[] = [];
    const hits: { rule: PatternHit['rule']; node?: Node; line?: number; column?: number; length?: number; trace?: TaintHit['trace'] }[] = [];
    const neighbourHits: TaintHit[] = [];
    const foreign: TaintHit[] = [];
    // A file is parsed when a query rule may match its text or it may hold a taint source;
    // otherwise nothing could be found in its tree (it is still parsed if a call resolves into it).
    const syntax = project.tooLarge(file) ? undefined : detectLanguage(file, text.slice(0, 200));
    const rules = syntax && this.perLanguage.get(syntax.id);
    const worthParsing = !!rules && (rules.patterns.mayMatch(text) || (rules.taint.hasRules && rules.taint.holdsSource(text)));
    const parsed = worthParsing ? project.parsed(file) : null;
    let partiallyParsed = false;
    const language = rules ? syntax!.id : undefined;
    if (parsed) {
      const lr = this.perLanguage.get(parsed.syntax.id)!;
      if (parsed.tree.rootNode.hasError) {
        partiallyParsed = true;
        warnings.push({ file, message: `syntax errors: analysed as far as it parsed (first near line ${firstErrorLine(parsed.tree)})` });
      }
      try {
        lr.patterns.match(parsed.tree, hits, text);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
      const taint = project.taintHitsOf(file);
      hits.push(...taint.own);
      neighbourHits.push(...taint.neighbours);
      foreign.push(...taint.foreign);
      if (taint.tooDeep) warnings.push({ file, message: 'nesting too deep to analyse completely; findings may be missing' });
    } else if (project.tooLarge(file)) {
      warnings.push({ file, message: `larger than ${MAX_PARSE_BYTES} bytes: not parsed, only line rules applied` });
    }
    matchRegexRules(regexRulesFor(this.rules.rules, file), text, hits);

    const own = hits.filter((hit) => reportableIn(file, hit.rule)).map((hit) => makeFinding(hit.rule, file, lines(), hit.node ? nodeLocation(hit.node) : { line: hit.line!, column: hit.column!, endLine: hit.line!, endColumn: hit.column! + (hit.length ?? 0) }, hit.trace));
    const linesOf = new Map<string, string[]>();
    const otherLines = (other: string) => linesOf.get(other) ?? linesOf.set(other, (project.text(other) ?? '').split(/\r?\n/)).get(other)!;
    const neighbours = neighbourHits.filter((hit) => reportableIn(hit.file, hit.rule)).map((hit) => makeFinding(hit.rule, hit.file, otherLines(hit.file), nodeLocation(hit.node), hit.trace));
    // Flows from this file into sinks of another directory: reported in the sink's file, from here.
    const elsewhere: Finding[] = [];
    const dependsOn = [...new Set(foreign.map((h) => h.file))].sort();
    for (const other of dependsOn) {
      const raw = foreign.filter((h) => h.file === other && reportableIn(other, h.rule)).map((h) => makeFinding(h.rule, other, otherLines(other), nodeLocation(h.node), h.trace));
      elsewhere.push(...settle(raw, otherLines(other)).findings);
    }
    // Secrets are looked for in every text file, parsed or not.
    const result: FileAnalysis = { path: file, language, lines: lineCount(text), warnings, partiallyParsed, own, neighbours, secrets: findSecrets(file, text), elsewhere };
    if (dependsOn.length) result.dependsOn = dependsOn;
    return result;
  }
}

/** A rule's finding in `file` is reported unless the rule leaves test code alone and the file is a test. */
function reportableIn(file: string, rule: CompiledRule): boolean {
  return !rule.spec.notInTests || !isTestCode(file);
}

function nodeLocation(node: Node): Location {
  return { line: node.startPosition.row + 1, column: node.startPosition.column + 1, endLine: node.endPosition.row + 1, endColumn: node.endPosition.column + 1 };
}

/** As many as `text.split(/\r?\n/)` gives, without building them. */
function lineCount(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** One finding per type and line (the first), without suppressed ones, with ids. */
function settle(raw: RawFinding[], lines: string[]): { findings: Finding[]; suppressed: number } {
  if (raw.length === 0) return { findings: [], suppressed: 0 };
  const suppressions = suppressionsOf(lines);
  const seen = new Set<string>();
  const kept: RawFinding[] = [];
  let suppressed = 0;
  for (const r of raw) {
    const key = `${r.type}:${r.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (isSuppressed(suppressions, r.line, r.type)) suppressed++;
    else kept.push(r);
  }
  return { findings: finalise(kept, lines), suppressed };
}

/**
 * The results of one directory's files from their analyses (all of them: flows found
 * from one file may end in a neighbour). `text` gives each file's source.
 */
export function assembleDirectory(analyses: FileAnalysis[], text: (file: string) => string): AnalysedFile[] {
  return analyses.map((a) => {
    const raw = [...a.own];
    for (const other of analyses) for (const r of other.neighbours) if (r.file === a.path) raw.push(r);
    // Most files have nothing to report: their text need not be split into lines.
    const lines = raw.length || a.secrets.length ? text(a.path).split(/\r?\n/) : [];
    const { findings, suppressed: suppressedFlows } = settle(raw, lines);
    const suppressions = a.secrets.length ? suppressionsOf(lines) : undefined;
    const secrets = suppressions ? a.secrets.filter((f) => !isSuppressed(suppressions, f.line, f.type)) : [];
    const result: AnalysedFile = {
      path: a.path,
      language: a.language,
      lines: a.lines,
      findings: [...findings, ...secrets, ...a.elsewhere],
      warnings: a.warnings,
      partiallyParsed: a.partiallyParsed,
      suppressed: suppressedFlows + a.secrets.length - secrets.length,
    };
    if (a.dependsOn) result.dependsOn = a.dependsOn;
    return result;
  });
}

/** A file or class name as the class-file convention compares it: `user_service`, `user-service`, `user.service`, `UserService` alike. */
function baseKey(name: string): string {
  return name.toLowerCase().replace(/[-_.]/g, '');
}

function insideClass(syntax: LanguageSyntax, node: Node): boolean {
  return enclosingClass(syntax, node) !== null;
}

/** Is a function a method of class `className`: inside a class of that name or one naming it as a base, or a Go method on that type? */
function definedOn(syntax: LanguageSyntax, fn: Node, className: string): boolean {
  const cls = enclosingClass(syntax, fn);
  const word = new RegExp(`\\b${className}\\b`);
  if (cls) {
    if (cls.childForFieldName('name')?.text === className) return true;
    const body = cls.childForFieldName('body');
    return word.test(body ? cls.text.slice(0, body.startIndex - cls.startIndex) : cls.text.split('\n')[0]!);
  }
  const goReceiver = fn.childForFieldName('receiver');
  return !!goReceiver && word.test(goReceiver.text);
}

function firstErrorLine(tree: Tree): number {
  const stack: Node[] = [tree.rootNode];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.isError || n.isMissing) return n.startPosition.row + 1;
    if (!n.hasError) continue;
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (c) stack.push(c);
    }
  }
  return 1;
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
  private readonly imports = new Map<string, string[]>();
  /** Per file, the names it may define a function of (`any`: its language cannot tell). */
  private readonly definableNames = new Map<string, Set<string> | 'any'>();
  private readonly sourceHolders = new Map<string, boolean>();
  private readonly resolutions = new Map<string, { file: ParsedFile; node: Node }[]>();
  private readonly importedNameSets = new Map<string, Set<string>>();

  constructor(
    private readonly files: Map<string, FileText>,
    private readonly analyzer: Analyzer,
  ) {
    for (const p of files.keys()) {
      const dir = path.posix.dirname(p);
      (this.byDirectory.get(dir) ?? this.byDirectory.set(dir, []).get(dir)!).push(p);
      const base = baseKey(path.posix.basename(p).replace(/\.[^.]+$/, ''));
      (this.byBaseName.get(base) ?? this.byBaseName.set(base, []).get(base)!).push(p);
    }
  }

  text(file: string): string | undefined {
    return this.files.get(file)?.text;
  }

  /**
   * Taint flows found from `file`, by where their sink is: in the file itself, in
   * another file of its directory (the package: a controller calling a service
   * beside it), or in another directory.
   */
  taintHitsOf(file: string): { own: TaintHit[]; neighbours: TaintHit[]; foreign: TaintHit[]; tooDeep: boolean } {
    const out = { own: [] as TaintHit[], neighbours: [] as TaintHit[], foreign: [] as TaintHit[], tooDeep: false };
    const parsed = this.parsed(file);
    const lr = parsed && this.analyzer.languageRules(parsed.syntax);
    // Test code's sources (test-function parameters, fixtures, factories) are not attacker
    // data: no flow starts in a test file, nor from a source a call led into test code.
    if (!parsed || !lr || isTestCode(file)) return out;
    const hits: TaintHit[] = [];
    try {
      lr.taint.analyzeFile(parsed, this, hits, this.files.get(file)?.text);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      out.tooDeep = true;
    }
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
      if (!name && fn.parent) {
        const assign = syntax.assignments[fn.parent.type];
        if (assign) name = field(fn.parent, assign.left)?.text.split('.').pop();
        else if (fn.parent.type === 'pair') name = fn.parent.childForFieldName('key')?.text;
      }
      if (!name || !/^[\w$]+$/.test(name)) continue;
      (defs.get(name) ?? defs.set(name, []).get(name)!).push(fn);
    }
    return defs;
  }

  private importsOf(file: ParsedFile): string[] {
    let out = this.imports.get(file.path);
    if (!out) {
      out = this.findImports(file);
      this.imports.set(file.path, out);
    }
    return out;
  }

  private findImports(file: ParsedFile): string[] {
    const text = this.files.get(file.path)?.text ?? '';
    const out: string[] = [];
    for (const pattern of file.syntax.importPatterns ?? []) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) out.push(...this.specFiles(file, m[1]!));
    }
    return out;
  }

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
    for (const f of this.byDirectory.get(name) ?? []) if (path.posix.basename(f).startsWith('index.')) found.add(f);
    if (tail) {
      for (const f of byLastPart.get(name.slice(name.lastIndexOf('/') + 1)) ?? []) if (f.replace(/\.[^./]+$/, '').endsWith(`/${name}`)) found.add(f);
    }
    return [...found].sort((a, b) => order.get(a)! - order.get(b)!);
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

  bindsImport(from: ParsedFile, name: string): boolean {
    return this.importBindings(from).has(name);
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
    const lookIn = (files: Iterable<string>, onClass?: string) => {
      const out: { file: ParsedFile; node: Node }[] = [];
      for (const f of files) {
        // A file that cannot define the name need not be parsed.
        if (!this.definitions.has(f) && !this.mayDefine(f, name)) continue;
        if (holdsSource && f !== from.path && !this.holdsSource(f, holdsSource)) {
          passedOver = true;
          continue;
        }
        const nodes = this.definitionsIn(f).get(name);
        if (!nodes) continue;
        const parsed = this.parsed(f)!;
        const bodyField = (node: Node) => parsed.syntax.functions[node.type]?.body;
        for (const node of nodes) {
          if (bare && f !== from.path && !parsed.syntax.inheritedBareCalls && insideClass(parsed.syntax, node)) continue;
          // A declaration without a body (an interface's or abstract method) runs no code of its own.
          const body = bodyField(node);
          if (body && !field(node, body)) continue;
          if (onClass && !definedOn(parsed.syntax, node, onClass)) continue;
          out.push({ file: parsed, node });
        }
        // More than that many is as good as any number: the call counts as unknown code.
        if (out.length > MAX_CALL_TARGETS) break;
      }
      return out;
    };
    let found = lookIn([from.path]);
    if (found.length || passedOver || withinFile) return found;
    const sameLanguage = (files: Iterable<string>) => [...files].filter((f) => f !== from.path && this.sameLanguage(from, f));
    const dir = path.posix.dirname(from.path);
    const classFiles = (className: string) => {
      // An interface's methods have no body: its implementation is where the code runs
      // (`IUserService` → `UserService`, `UserService` → `UserServiceImpl`).
      const names = /^I[A-Z]/.test(className) ? [className.slice(1), className] : [className];
      names.push(`${className}Impl`);
      return sameLanguage(names.flatMap((n) => this.byBaseName.get(baseKey(n)) ?? []));
    };
    switch (receiver.kind) {
      case 'type': {
        // `Report.search(…)` / `users.find()` with `UserService users`: the class's own file first,
        // then a class of that name elsewhere in the package or the imports (Go methods, several classes a file).
        found = lookIn(classFiles(receiver.name));
        if (found.length || passedOver) return found;
        found = lookIn(sameLanguage(this.byDirectory.get(dir) ?? []), receiver.name);
        if (found.length || passedOver) return found;
        return lookIn(sameLanguage(this.importsOf(from)), receiver.name);
      }
      case 'module': {
        found = lookIn(this.importBindings(from).get(receiver.binding) ?? []);
        // `import { Team } from '@server/models'`: a barrel file re-exports the class from its own file.
        if (found.length || passedOver || !/^[A-Z]/.test(receiver.binding)) return found;
        return lookIn(classFiles(receiver.binding));
      }
      case 'self': {
        for (const base of receiver.bases) {
          found = lookIn(classFiles(base));
          if (found.length || passedOver) return found;
        }
        return found;
      }
      case 'unknown':
        return [];
    }
    if (from.syntax.bareCallsNeedImport) {
      // `max(x)` or `run(x)` runs another file's function only if the file imports that name.
      const imported = this.importedNames(from);
      return imported.has(name) || imported.has('*') ? lookIn(this.importsOf(from)) : [];
    }
    found = lookIn(sameLanguage(this.byDirectory.get(dir) ?? []));
    if (found.length || passedOver) return found;
    return lookIn(this.importsOf(from));
  }

  /**
   * Per file, the names its imports bind and the files each names: every name spelled in a
   * top-level import statement (`import Auth from './Auth'`, `from . import utils`, a PHP `use`),
   * and Go's package names (import specs, by the directory the import path ends in).
   */
  private importBindings(file: ParsedFile): Map<string, string[]> {
    let bindings = this.bindingMaps.get(file.path);
    if (bindings) return bindings;
    bindings = new Map();
    this.bindingMaps.set(file.path, bindings);
    const patterns = file.syntax.importPatterns ?? [];
    for (const top of file.tree.rootNode.namedChildren) {
      if (!top || !(top.type.includes('import') || top.type.includes('use') || top.text.includes('require'))) continue;
      const files = new Set<string>();
      const specs: string[] = [];
      for (const pattern of patterns) {
        pattern.lastIndex = 0;
        for (let m = pattern.exec(top.text); m; m = pattern.exec(top.text)) specs.push(m[1]!);
      }
      if (specs.length === 0) continue;
      for (const spec of specs) for (const f of this.specFiles(file, spec)) files.add(f);
      for (const word of top.text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
        if (/^(import|from|require|const|let|var|as|type|typeof|default|use|function|include|require_once|include_once|__DIR__)$/.test(word)) continue;
        // Python's `from . import utils`: the module is the name itself.
        const own = specs.flatMap((spec) => (spec.startsWith('.') && !spec.includes('/') ? this.specFiles(file, `${spec}${spec.endsWith('.') ? '' : '.'}${word}`) : []));
        const all = [...new Set([...files, ...own])];
        if (all.length) bindings.set(word, all);
      }
    }
    const spec = file.syntax.importSpecs;
    if (spec) {
      for (const n of file.tree.rootNode.descendantsOfType(spec.node)) {
        const importPath = n?.childForFieldName(spec.path)?.text.replace(/^["'`]|["'`]$/g, '');
        if (!n || !importPath) continue;
        const name = n.childForFieldName(spec.name)?.text ?? importPath.split('/').pop()!;
        const files = this.packageFiles(importPath).filter((f) => this.sameLanguage(file, f));
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

  /**
   * The names a file's top-level import statements (and `require` declarations) spell: the
   * functions of other files a bare call in it can run; `*` for a star import (any name).
   */
  private importedNames(file: ParsedFile): Set<string> {
    let names = this.importedNameSets.get(file.path);
    if (!names) {
      names = new Set();
      for (const top of file.tree.rootNode.namedChildren) {
        if (!top || !(top.type.includes('import') || top.text.includes('require('))) continue;
        if (/\bimport\s+\*/.test(top.text)) names.add('*');
        for (const word of top.text.match(/[\w$]+/g) ?? []) names.add(word);
      }
      this.importedNameSets.set(file.path, names);
    }
    return names;
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
    const text = this.files.get(file)?.text ?? '';
    let names = this.definableNames.get(file);
    if (!names) {
      const pattern = detectLanguage(file, text.slice(0, 200))?.definitionNames;
      names = pattern ? new Set([...text.matchAll(pattern)].flatMap((m) => m.slice(1).filter((n) => n !== undefined))) : 'any';
      this.definableNames.set(file, names);
    }
    return names === 'any' ? text.includes(name) : names.has(name);
  }

  private sameLanguage(from: ParsedFile, file: string): boolean {
    const syntax = detectLanguage(file, '');
    return !!syntax && ruleLanguageOf(syntax) === ruleLanguageOf(from.syntax);
  }
}
