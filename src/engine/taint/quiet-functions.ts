// Nested functions no untrusted data can enter. A file is walked in the top-level statements
// that spell a source hint (source-regions.ts), and such a statement is often one large
// function: a React component with a route parameter and thirty event handlers and effects, a
// controller class with one request handler among twenty methods. Walking each nested function
// where it stands costs as much as the rest of the analysis together, for flows none of them
// can start or carry: a function literal that spells no hint, reads no name holding untrusted
// data, mentions no function, type or variable of the file that may carry a source and
// receives nothing through its parameters holds no flow. Its sinks see only clean values, and what it returns is clean.
// The same reasoning already decides which top-level statements are walked, and that a call
// with clean inputs contributes only its result.
import type { Node } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import type { ParsedFile, TaintRun } from './run.ts';
import type { Scope } from './scope.ts';

/**
 * Per analysis: the names that may carry a source: what the top-level statements holding or reaching a hint bind
 * (a Go controller type whose methods read the request through it, `choice` of `from random import choice`), and
 * the functions around each hint, nested ones too. Asked once.
 */
const sourceNamesByRun = new WeakMap<TaintRun, Set<string>>();

/**
 * Whether the function literal or nested function `node` of the file being analysed may be left
 * unwalked: `scope` is its own, with its parameters bound (to the caller's values or to sources).
 */
export function isQuiet(run: TaintRun, node: Node, file: ParsedFile, scope: Scope): boolean {
  const hints = run.sources?.hintPositions;
  // Hints are known only for the file the analysis started in, and only when they were few enough to place.
  if (!hints || file.path !== run.rootPath) return false;
  // Fields of objects that hold untrusted data are read without a name the text would show (`this.url`, Java's bare fields).
  if (run.classFields.size || run.taintedClasses.size) return false;
  if (hints.some((p) => p >= node.startIndex && p < node.endIndex)) return false;
  for (const value of scope.vars.values()) if (value?.length) return false;
  if (scope.aliases.size) return false;
  const words = new Set(run.fileText(file).slice(node.startIndex, node.endIndex).match(/[\w$]+/g));
  for (let s = scope.parent; s; s = s.parent) {
    for (const [name, value] of s.vars) if (value?.length && words.has(name.split('.')[0]!)) return false;
    // An alias may name a source (`from flask import request as rq`), and a declared type may make a name one
    // (Go's `c *OrderController` of a beego controller, Java's `HttpServletRequest r`).
    for (const name of s.aliases.keys()) if (words.has(name)) return false;
    for (const name of s.types.keys()) if (words.has(name)) return false;
  }
  for (const name of sourceNames(run, file)) if (words.has(name)) return false;
  return true;
}

function sourceNames(run: TaintRun, file: ParsedFile): Set<string> {
  let names = sourceNamesByRun.get(run);
  if (names) return names;
  names = new Set(run.sources!.names);
  const root = file.tree.rootNode;
  for (const p of run.sources!.hintPositions) {
    for (let n = root.descendantForIndex(p, p + 1); n; n = n.parent) {
      const name = functionName(run.syntax, n);
      if (name) names.add(name);
    }
  }
  sourceNamesByRun.set(run, names);
  return names;
}

/** The name a function node is called by: its own, or the variable, property or field it is assigned to. */
function functionName(syntax: LanguageSyntax, node: Node): string | undefined {
  const shape = syntax.functions[node.type];
  if (!shape) return undefined;
  const own = shape.name ? node.childForFieldName(shape.name)?.text : undefined;
  if (own) return own;
  const holder = node.parent;
  if (!holder) return undefined;
  const assignment = syntax.assignments[holder.type];
  const left = assignment ? holder.childForFieldName(assignment.left) : (holder.childForFieldName('key') ?? holder.childForFieldName('name'));
  return left ? /[\w$]+$/.exec(left.text)?.[0] : undefined;
}
