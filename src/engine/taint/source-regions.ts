// Which parts of a file the taint analysis walks on its own. A file is analysed
// for the flows that start in it, and a flow starts where a source is read: in
// the code that spells a source hint (`request`, `http.Request`, `@RequestParam`…),
// not in comments or plain strings. Of a file's top-level statements, only those
// holding such code and those linked to them by name are walked: a module of
// fifty functions where one reads the request is walked for that one (calls from
// it still follow into the others, with what it passes them).
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import { patternNames } from '../parse/syntax.ts';

/** How deep declarations nest in a top-level statement (`export const`, Go's `var ( … )` lists). */
const MAX_DECLARATION_DEPTH = 3;
/** Mentions of a hint checked one by one; beyond that many the whole file is walked (checking would cost more). */
const MAX_HINT_CHECKS = 200;

/**
 * Where the hints match in the file's code: their start offsets, in order (empty when they match
 * only in comments and plain strings), or `everywhere` when there are too many to check. A match
 * that spells one of `parameters` counts only where that name is a parameter of a function around it.
 */
export function hintsInCode(syntax: LanguageSyntax, hints: RegExp[], tree: Tree, text: string, parameters: string[] = []): number[] | 'everywhere' {
  const positions: number[] = [];
  const parameterWord = parameters.length ? new RegExp(`(?<![\\w$])(${parameters.join('|')})(?![\\w$])`, 'g') : undefined;
  let checked = 0;
  // The hints overlap (most of them spell `req|request`): what a place holds is asked of the tree once.
  const inert = new Map<string, boolean>();
  const named = new Map<string, boolean>();
  for (const hint of hints) {
    const everywhere = new RegExp(hint.source, hint.flags.includes('g') ? hint.flags : `${hint.flags}g`);
    for (let m = everywhere.exec(text); m; m = everywhere.exec(text)) {
      if (++checked > MAX_HINT_CHECKS) return 'everywhere';
      if (m[0].length === 0) everywhere.lastIndex++;
      const end = m.index + Math.max(1, m[0].length);
      const place = `${m.index}:${end}`;
      let isInert = inert.get(place);
      if (isInert === undefined) inert.set(place, (isInert = inertTextAt(syntax, tree, m.index, end)));
      if (isInert) continue;
      if (parameterWord) {
        const spelled = `${m.index}:${m[0]}`;
        let isParameter = named.get(spelled);
        if (isParameter === undefined) named.set(spelled, (isParameter = namesAreParameters(syntax, tree, text, m.index, m[0], parameterWord)));
        if (!isParameter) continue;
      }
      positions.push(m.index);
    }
  }
  return positions.sort((a, b) => a - b);
}

/** Whether every name `parameterWord` finds in `matched` (at `start`) is a parameter of a function enclosing it there. */
function namesAreParameters(syntax: LanguageSyntax, tree: Tree, text: string, start: number, matched: string, parameterWord: RegExp): boolean {
  parameterWord.lastIndex = 0;
  for (let w = parameterWord.exec(matched); w; w = parameterWord.exec(matched)) {
    const name = w[1]!;
    const at = start + w.index;
    const declares = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
    let isParameter = false;
    for (let n = tree.rootNode.descendantForIndex(at, at + name.length); n && !isParameter; n = n.parent) {
      const shape = syntax.functions[n.type];
      if (!shape) continue;
      // The function's head — everything before its body — names its parameters.
      const body = shape.body ? n.childForFieldName(shape.body) : null;
      isParameter = declares.test(text.slice(n.startIndex, body ? body.startIndex : n.endIndex));
    }
    if (!isParameter) return false;
  }
  return true;
}

/** Whether text from `start` to `end` lies inside a comment or a plain string literal. */
function inertTextAt(syntax: LanguageSyntax, tree: Tree, start: number, end: number): boolean {
  const node = tree.rootNode.descendantForIndex(start, end);
  if (!node) return false;
  // A string that interpolates holds code only inside its interpolations, which are smaller nodes.
  if (syntax.literals.includes(node.type) || syntax.interpolatedStrings.includes(node.type)) return true;
  // A comment is a leaf (or holds a few parts of its own): the smallest node around the text, or one of its
  // nearest parents. Not every ancestor up to the root: `parent` costs the node's depth, so that walk is
  // quadratic in nesting (10,000 nested blocks took 44 s).
  let n: Node | null = node;
  for (let up = 0; n && up < 3; up++, n = n.parent) if (syntax.comments.includes(n.type)) return true;
  return false;
}

/**
 * The top-level statements to walk, in order (`tops`), and the names that may carry a source
 * (`sourceNames`: what the statements holding or reaching one bind). The statements: those holding a hint in code, then, until
 * nothing changes, every statement that mentions a name one of them binds (a function that
 * calls a helper reading the request; a method of the same Go type), and every plain
 * statement — not a function or class — that binds a name they mention (module-level
 * set-up such as `tpl = Template(...)`, whose value sinks look through). A module-level
 * variable that a statement holding a source assigns to links the statements that read it;
 * set-up itself carries no source, so the names it binds pull in nothing further.
 */
export function topLevelToWalk(syntax: LanguageSyntax, root: Node, hintPositions: number[]): { tops: Node[]; sourceNames: Set<string> } {
  const tops = root.namedChildren.filter((n): n is Node => !!n && !syntax.comments.includes(n.type));
  const holdsHint = tops.map((top) => {
    const start = top.startIndex;
    const end = top.endIndex;
    return hintPositions.some((p) => p >= start && p < end);
  });
  const bound = tops.map((top) => boundNames(syntax, top));
  if (holdsHint.every(Boolean)) return { tops, sourceNames: new Set(bound.flat()) };
  const chosen = tops.map(() => false);
  const moduleLevel = new Set(bound.flat());
  const words = new Map<number, Set<string>>();
  const wordsOf = (i: number) => words.get(i) ?? words.set(i, new Set(tops[i]!.text.match(/[\w$]+/g))).get(i)!;
  /** Names whose value may come from a source: bound by statements that hold or reach one. */
  const tainting = new Set<string>();
  const mentioned = new Set<string>();
  const take = (i: number, mayCarrySource: boolean) => {
    chosen[i] = true;
    // What it binds may carry a source, and so may module-level variables it assigns to
    // (its local variables link nothing: other statements cannot read them).
    if (mayCarrySource) {
      for (const name of bound[i]!) tainting.add(name);
      // The variable an assignment writes is a word of the statement: one that spells no module-level
      // name needs no search for its assignments (a whole class body, often).
      if (spellsAny(wordsOf(i), moduleLevel)) {
        for (const name of assignedRoots(syntax, tops[i]!)) if (moduleLevel.has(name)) tainting.add(name);
      }
    }
    for (const word of wordsOf(i)) mentioned.add(word);
  };
  holdsHint.forEach((hint, i) => hint && take(i, true));
  for (let changed = true; changed; ) {
    changed = false;
    tops.forEach((top, i) => {
      if (chosen[i]) return;
      if (spellsAny(wordsOf(i), tainting)) take(i, true);
      else if (!isDefinition(syntax, top) && bound[i]!.some((name) => mentioned.has(name))) take(i, false);
      else return;
      changed = true;
    });
  }
  return { tops: tops.filter((_, i) => chosen[i]), sourceNames: tainting };
}

function spellsAny(words: Set<string>, names: Set<string>): boolean {
  for (const name of names) if (words.has(name)) return true;
  return false;
}

/** The variables assignments anywhere in `node` write to (`current = …`, `CACHE["q"] = …` write `current`, `CACHE`). */
function assignedRoots(syntax: LanguageSyntax, node: Node): string[] {
  const names: string[] = [];
  for (const assign of node.descendantsOfType(Object.keys(syntax.assignments))) {
    const left = assign && assign.childForFieldName(syntax.assignments[assign.type]!.left);
    const root = left && /^[\w$]+/.exec(left.text)?.[0];
    if (root && !syntax.selfNames?.includes(root)) names.push(root);
  }
  return names;
}

/** A top-level statement with what it declares inside (`export function …`, a decorated definition). */
function declared(top: Node): Node {
  return top.childForFieldName('declaration') ?? top.childForFieldName('definition') ?? top;
}

function isDefinition(syntax: LanguageSyntax, top: Node): boolean {
  const node = declared(top);
  return !!syntax.functions[node.type] || !!syntax.classes?.includes(node.type);
}

/**
 * The names a top-level statement binds: the name of what it defines or imports (and its
 * alias), the variables it assigns (also in declaration lists such as Go's `var ( … )`),
 * and for a Go method the type it belongs to (its receiver). Bodies of functions and
 * classes bind nothing here.
 */
function boundNames(syntax: LanguageSyntax, top: Node): string[] {
  const names: string[] = [];
  const visit = (node: Node, depth: number) => {
    // `from flask import request as rq` binds `rq` (and `request`).
    for (const field of ['name', 'alias']) {
      const name = node.childForFieldName(field);
      if (name && /^[\w$]+$/.test(name.text)) names.push(name.text);
    }
    // Each read of a node's type is a call into the parser: once per node.
    const nodeType = node.type;
    const assign = syntax.assignments[nodeType];
    if (assign) for (const bound of patternNames(syntax, node.childForFieldName(assign.left))) names.push(bound.split('.')[0]!);
    const receiver = node.childForFieldName('receiver');
    if (receiver) for (const type of receiver.descendantsOfType('type_identifier')) if (type) names.push(type.text);
    if (depth >= MAX_DECLARATION_DEPTH || syntax.functions[nodeType] || syntax.classes?.includes(nodeType) || assign) return;
    for (const child of node.namedChildren) if (child) visit(child, depth + 1);
  };
  visit(top, 0);
  return names;
}
