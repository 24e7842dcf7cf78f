// Analyses files with a rule set: parses each file once, runs the pattern,
// regex and taint rules, resolves calls into other files of the same package,
// applies inline suppressions and produces findings.
import type { Node, Tree } from 'web-tree-sitter';
import { detectLanguage, ruleLanguageOf, type LanguageSyntax } from './languages/index.ts';
import { loadLanguage } from './parse/parser.ts';
import { PatternMatcher, matchRegexRules, regexRulesFor, type PatternHit } from './patterns/matcher.ts';
import type { CompiledRule, RuleSet } from './rules/load.ts';
import { TaintEngine } from './taint/engine.ts';
import type { TaintHit } from './taint/run.ts';
import { MAX_PARSE_BYTES, Project } from './project/project.ts';
import { finalise, makeFinding, type Location } from './findings.ts';
import { isSuppressed, suppressionsOf } from './suppress.ts';
import type { Finding, ScanWarning } from './types.ts';
import { findSecrets } from './secrets/index.ts';
import { isTestCode } from './test-code.ts';

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
    const hits: { rule: PatternHit['rule']; node?: Node; at?: TaintHit['at']; line?: number; column?: number; length?: number; trace?: TaintHit['trace'] }[] = [];
    const neighbourHits: TaintHit[] = [];
    const foreign: TaintHit[] = [];
    let readFiles: string[] = [];
    // A file is parsed when a query rule may match its text or it may hold a taint source;
    // otherwise nothing could be found in its tree (it is still parsed if a call resolves into it).
    // No flow starts in test code (Project.taintHitsOf): a test file's sources are no reason to parse it
    // (a quarter to a third of what web applications parsed, their tests spelling `req` everywhere).
    const syntax = project.tooLarge(file) ? undefined : detectLanguage(file, text.slice(0, 200));
    const rules = syntax && this.perLanguage.get(syntax.id);
    const worthParsing = !!rules && (rules.patterns.mayMatch(text) || (rules.taint.hasRules && !isTestCode(file) && rules.taint.holdsSource(text)));
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
      readFiles = taint.dependencies;
      if (taint.tooDeep) warnings.push({ file, message: 'nesting too deep to analyse completely; findings may be missing' });
    } else if (project.tooLarge(file)) {
      warnings.push({ file, message: `larger than ${MAX_PARSE_BYTES} bytes: not parsed, only line rules applied` });
    }
    matchRegexRules(regexRulesFor(this.rules.rules, file), text, hits);

    const own = hits.filter((hit) => reportableIn(file, hit.rule)).map((hit) => makeFinding(hit.rule, file, lines(), hit.at ?? (hit.node ? nodeLocation(hit.node) : { line: hit.line!, column: hit.column!, endLine: hit.line!, endColumn: hit.column! + (hit.length ?? 0) }), hit.trace));
    const linesOf = new Map<string, string[]>();
    const otherLines = (other: string) => linesOf.get(other) ?? linesOf.set(other, (project.text(other) ?? '').split(/\r?\n/)).get(other)!;
    const neighbours = neighbourHits.filter((hit) => reportableIn(hit.file, hit.rule)).map((hit) => makeFinding(hit.rule, hit.file, otherLines(hit.file), hit.at ?? nodeLocation(hit.node), hit.trace));
    // Flows from this file into sinks of another directory: reported in the sink's file, from here.
    const elsewhere: Finding[] = [];
    const sinkFiles = [...new Set(foreign.map((h) => h.file))].sort();
    for (const other of sinkFiles) {
      const raw = foreign.filter((h) => h.file === other && reportableIn(other, h.rule)).map((h) => makeFinding(h.rule, other, otherLines(other), h.at ?? nodeLocation(h.node), h.trace));
      elsewhere.push(...settle(raw, otherLines(other)).findings);
    }
    // Secrets are looked for in every text file, parsed or not.
    const result: FileAnalysis = { path: file, language, lines: lineCount(text), warnings, partiallyParsed, own, neighbours, secrets: findSecrets(file, text), elsewhere };
    // A source the manifests cleaned (a framework's firewall) or a base class's attribute made safe makes the result depend on them too.
    const dependencies = [...new Set([...sinkFiles, ...readFiles])].sort();
    if (dependencies.length) result.dependsOn = dependencies;
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
