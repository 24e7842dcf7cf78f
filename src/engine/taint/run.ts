// The state of one taint analysis (one file and the calls followed from it): what was
// reported, what functions returned for which argument taints, the fields classes stored
// data in, the files followed. The walk's functions (walk.ts, members.ts, guards.ts,
// calls.ts, sinks.ts, ...) take it as their first argument.
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import type { CompiledRule, CompiledSanitizer } from '../rules/load.ts';
import type { TraceStep } from '../types.ts';
import { accessPath } from '../parse/syntax.ts';
import type { TaintEngine } from './engine.ts';
import type { Receiver } from './receivers.ts';
import type { Scope } from './scope.ts';
import type { Tainted } from './values.ts';

export interface TaintHit {
  rule: CompiledRule;
  file: string;
  node: Node;
  trace: TraceStep[];
  /** Where the finding is when it is not `node` (a line of a template the flow was rendered into). */
  at?: { line: number; column: number; endLine: number; endColumn: number };
}

/** A parsed file the engine can analyse and resolve calls into. */
export interface ParsedFile {
  path: string;
  syntax: LanguageSyntax;
  tree: Tree;
}

/** Resolves a call by name to function definitions in this or other files of the package. */
/** A name calls resolve by: an identifier, with Ruby's `?`/`!` method suffix (`info!`, `valid?`). */
export const CALLABLE_NAME = /^[\w$]+[?!]?$/;

export interface CallResolver {
  /**
   * The functions a call by `name` may run. With `holdsSource`, other files whose text fails it
   * are not looked into: a call there resolves to nothing (the caller treats it as unknown code).
   * The search may stop once it has found more than `MAX_CALL_TARGETS`. With `withinFile`, only
   * `from` itself is looked into.
   */
  resolve(from: ParsedFile, name: string, receiver: Receiver, holdsSource?: (text: string) => boolean, withinFile?: boolean): { file: ParsedFile; node: Node }[];
  /**
   * The declarations of the classes `cls` derives from, nearest first, up the hierarchy (bounded as method
   * look-ups through bases are): each in `from` itself, else in the files named for it (`AdminController.cs`).
   */
  ancestorClasses(from: ParsedFile, cls: Node): { file: ParsedFile; node: Node }[];
  /** The declarations of the class or annotation type `name`: in `from` itself, else in the files named for it. */
  classDeclarations(from: ParsedFile, name: string): { file: ParsedFile; node: Node }[];
  /**
   * Does the project declare a type `name` that a bare `name` in `from` refers to: in `from` itself, or in a
   * namespace `from` declares or uses (C#)? Such a type shadows a framework type of the same name.
   */
  declaresVisibleType(from: ParsedFile, name: string): boolean;
  /** The findings of the file being analysed depend on these files too (a base class read for its attributes). */
  dependOn(files: Iterable<string>): void;
  /** Does the file bind `name` by an import (`import utils from './utils'`, a Go package)? */
  bindsImport(from: ParsedFile, name: string): boolean;
  /** The files an import of `from` binds `name` from (`import { BASE } from './config'`): none when no import does. */
  importedFrom(from: ParsedFile, name: string): string[];
  /** The text of a file of the scan (a template a render call names). */
  text(file: string): string | undefined;
  /** A file of the scan parsed (once per scan), when its language is one the rules cover and it is not too large. */
  parsed(file: string): ParsedFile | null;
  /** Every file of the scan. */
  paths(): Iterable<string>;
  /** Does a dependency manifest of the scan (pom.xml, package.json, …) match this pattern? */
  projectUses(pattern: RegExp): boolean;
}

/** Where a file may read a source: the offsets of its hints in code, and the top-level names that may carry one. */
export interface SourcePlaces {
  hintPositions: number[];
  names: Set<string>;
}

export const MAX_CALL_DEPTH = 5;
/**
 * Syntax nodes being evaluated at once (the walk's recursion, calls followed included). Real code stays far
 * below; a file nested deeper (10,000 `if`s) would otherwise run the walk into the stack limit, slower and
 * slower on the way (44 s for one file). Beyond it the file is reported as nested too deep.
 */
export const MAX_NESTING = 1500;
/** A call that may run more functions than this (a common method name) is treated as unknown code. */
export const MAX_CALL_TARGETS = 3;
/**
 * Other files the analysis of one file follows calls into. Beyond them, calls resolve only
 * within the file they are in; the rest count as unknown code (their result carries what went
 * in). A web handler's flows cross a few files (controller, service, repository); a module
 * whose every function handles an untrusted-looking object (a `request` of its own, as in an
 * HTTP client library) would otherwise parse and walk much of the code base. The count is of
 * files entered, so the result does not depend on what a thread had parsed before.
 */
export const MAX_FILES_FOLLOWED = 8;

export interface FunctionFrame {
  file: ParsedFile;
  returns: Tainted;
  depth: number;
  /** Trace prefix from the call site that entered this function. */
  callStep?: TraceStep;
  /** The call that entered this function, in its caller's frame (absent for the function analysed first). */
  caller?: { frame: FunctionFrame; call: Node };
}

export class TaintRun {
  readonly syntax: LanguageSyntax;
  /** What a function returned, per function and taint signature of its inputs; the calls being analysed (recursion stops there). */
  readonly memo = new Map<string, Tainted>();
  readonly inProgress = new Set<string>();
  /** Rule, file and line of each finding reported. */
  readonly reported = new Set<string>();
  readonly fileTexts = new Map<string, string>();
  /** Fields of `self`/`this` that a method of a class stored untrusted data in, seen by its other methods. */
  readonly classFields = new Map<string, Tainted>();
  readonly taintedClasses = new Set<string>();
  /** Per file: imported local name → module path. */
  readonly importMaps = new WeakMap<Tree, Map<string, string>>();
  /** A callback about to be analysed whose parameter receives data (`xs.map((x) => …)`, `p.then((v) => …)`). */
  callbackBinding?: { node: Node; index: number; taint: Tainted };
  /** The file analysed, and the other files calls were followed into (at most MAX_FILES_FOLLOWED). */
  rootPath = '';
  /** Nodes being evaluated now (MAX_NESTING). */
  nesting = 0;
  readonly filesFollowed = new Set<string>();
  /** Where the file analysed (`rootPath`) may read a source, when its hints were few enough to place (source-regions.ts). */
  sources?: SourcePlaces;
  /** Per function: the argument positions its opening guard clauses vet (guards.ts). */
  readonly vetting = new Map<string, Map<number, CompiledSanitizer[]>>();
  /** Per function: the guards it applies when it is a predicate of its parameters (empty when it is none). */
  readonly predicates = new Map<string, CompiledSanitizer[]>();

  constructor(
    readonly engine: TaintEngine,
    readonly resolver: CallResolver,
    readonly hits: TaintHit[],
  ) {
    this.syntax = engine.syntax;
  }

  step(frame: FunctionFrame, node: Node, label: string, kind: TraceStep['kind'] = 'step'): TraceStep {
    return {
      kind,
      file: frame.file.path,
      line: node.startPosition.row + 1,
      column: node.startPosition.column + 1,
      label: label.length > 120 ? `${label.slice(0, 117)}...` : label,
    };
  }

  path(node: Node | null, scope: Scope): string {
    return accessPath(this.syntax, node, (name) => scope.alias(name));
  }

  fileText(file: ParsedFile): string {
    let text = this.fileTexts.get(file.path);
    if (text === undefined) {
      text = file.tree.rootNode.text;
      this.fileTexts.set(file.path, text);
    }
    return text;
  }

  followedEnough(): boolean {
    return this.filesFollowed.size >= MAX_FILES_FOLLOWED;
  }

  follow(targets: { file: ParsedFile }[]): void {
    for (const { file } of targets) if (file.path !== this.rootPath) this.filesFollowed.add(file.path);
  }
}
