// Where untrusted data enters: an access path (`req.query.id`, `request.GET`) read through what
// its root variable was bound to, matched against the rules' sources on the right side of the
// application (server or browser code).
import type { Node, Tree } from 'web-tree-sitter';
import type { CompiledSource } from '../rules/load.ts';
import { codeSideOf } from './code-sides.ts';
import { accessPath, callParts, field, type CallParts } from '../parse/syntax.ts';
import type { FunctionFrame, ParsedFile, TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { writtenByRequests } from './stored-writes.ts';
import { sanitize, sanitizeUnlessStored, type Tainted } from './values.ts';
import { trustedInputTypes } from './privileged.ts';
import { conditionHolds } from './conditions.ts';
import { inRegisteredListener } from './listeners.ts';
import { paramList } from './parameters.ts';
import { classHeader, enclosingClass } from './receivers.ts';

/**
 * The access path a source is looked for at: a path whose root is a local variable is read through
 * what the variable was given (`const request = ctx.request` makes `request.body` read
 * `ctx.request.body`; `upload = params.require(:file)` makes `upload.original_filename` read
 * `params.require().original_filename()`), so a local named like a request object is what it holds
 * (`const req = await fetch(url)`, `const request = require('request')`): no framework object.
 * Parameters, unbound names (the framework's request globals) and locals given a value that has
 * no access path keep their own path; a local given a literal has none (null).
 */
function sourcePath(run: TaintRun, path: string, scope: Scope, depth = 0): string | null {
  const root = /^[\w$@]+/.exec(path)?.[0];
  if (!root || root.startsWith('$') || depth > 3) return path;
  const bound = scope.binding(root);
  if (!bound) return path;
  if (run.syntax.literals.includes(bound.type)) return null;
  const base = run.path(bound, scope);
  if (base.includes('?') || base === root) return path;
  return sourcePath(run, base + path.slice(root.length), scope, depth + 1);
}

export function sourceTaint(run: TaintRun, frame: FunctionFrame, node: Node, rawPath: string, scope: Scope, prefix = false, call?: { parts: CallParts; scope: Scope }): Tainted {
  const path = sourcePath(run, rawPath, scope);
  if (path === null) return null;
  // Most paths read no source: that answer needs no look at the parent (part of a larger path only
  // leaves out exact sources), which is a walk into the tree for every name the analysis reads.
  if (run.engine.matchSource(path, false).length === 0) return null;
  const parent = node.parent;
  const shape = parent ? (run.syntax.members[parent.type] ?? run.syntax.subscripts[parent.type]) : undefined;
  const partOfLarger = prefix || !!(shape && field(parent!, shape.object)?.equals(node));
  let matches = run.engine.matchSource(path, partOfLarger);
  if (matches.length === 0) return null;
  matches = matches.filter(
    (m) =>
      onThisSide(run, m.source, frame.file) &&
      (m.source.where.length === 0 || (call && m.source.where.every((c) => conditionHolds(run, c, call.parts, call.scope)))) &&
      (!m.source.inListener || inRegisteredListener(run, node, frame.file, m.source.inListener)) &&
      !inClassMatching(run, node, m.source.exceptInClass) &&
      writtenByRequests(run, m.source, path),
  );
  // The shared request sources, not a rule's own (a password field is a password whoever passed it).
  if (matches.some((m) => !m.onlyRule) && parameterNamed(run, node, rawPath)) matches = matches.filter((m) => m.onlyRule);
  if (matches.length === 0 || callsOwnFunction(run, frame, path)) return null;
  const trusted = trustedInputTypes(run, node, frame.file);
  let taint: Tainted = matches.map((m) => ({ trace: [run.step(frame, node, m.label, 'source')], clean: new Set([...trusted, ...cannotCarry(run, m.source, node)]), onlyRule: m.onlyRule, whole: m.whole, ...(m.source.stored ? { stored: m.source.stored.types } : {}) }));
  // A source read again through a name (`value.trim()` after `value = req.getHeader(h)`) keeps what the
  // sanitisers of the calls inside its path cleaned (a header value holds no line break)…
  for (const callee of innerCallees(path)) {
    for (const san of run.engine.sanitizerFor(callee)) if (san.where.length === 0 && !san.receiver) taint = sanitizeUnlessStored(taint, san.types);
  }
  // …and what a guard or sanitiser cleaned on the name since (`checkName(name); name.trim()`).
  const root = path === rawPath ? undefined : /^[\w$@]+/.exec(rawPath)?.[0];
  const held = root === undefined ? undefined : scope.lookup(root);
  if (root !== undefined && held !== undefined) {
    const bound = scope.binding(root);
    if (bound && run.engine.matchSource(run.path(bound, scope)).length > 0) return keptCleaning(taint, held);
  }
  // …and what a guard cleaned on a source read the path goes on from (`params[:kind].classify` after
  // `raise unless KINDS.include?(params[:kind].classify)`, which checks `params[:kind]`): the nearest such read.
  const read = checkedSourceRead(run, rawPath, scope);
  return read === undefined ? taint : keptCleaning(taint, read);
}

/** A source's taint, less what a check or sanitiser cleaned on every strand of the value `held` it was read as before. */
function keptCleaning(taint: Tainted, held: Tainted): Tainted {
  if (held === null) return null;
  const cleanEverywhere = held.map((t) => t.clean).reduce((a, b) => new Set([...a].filter((c) => b.has(c))));
  return cleanEverywhere.size > 0 ? sanitize(taint, [...cleanEverywhere]) : taint;
}

/**
 * What the scope holds for the longest source read beyond the root that `path` goes on from (`params.kind` of
 * `params.kind.classify()`), when a check or an assignment put it there; undefined when none does.
 */
function checkedSourceRead(run: TaintRun, path: string, scope: Scope): Tainted | undefined {
  // Not the root alone: a handler's parameter (`req`) is held with no value of its own, and what it was bound to is read above.
  const rootLength = /^[\w$@]+/.exec(path)?.[0].length ?? 0;
  for (let cut = path.length - 1; cut > rootLength; cut--) {
    if (path[cut] !== '.' && path[cut] !== '[') continue;
    const prefix = path.slice(0, cut);
    const held = scope.lookup(prefix);
    if (held !== undefined && run.engine.matchSource(prefix, true).length > 0) return held;
  }
  return undefined;
}

/** Does the class around `node` (the nearest) have a header that `header` matches? */
function inClassMatching(run: TaintRun, node: Node, header: RegExp | undefined): boolean {
  if (!header) return false;
  const cls = enclosingClass(run.syntax, node);
  return !!cls && header.test(classHeader(cls));
}

/**
 * Does the path start with a bare call of a function its own file defines (`cookies(host)` in a class
 * with `def cookies(host)`)? That runs the file's function, not the framework's request accessor of the same name.
 */
function callsOwnFunction(run: TaintRun, frame: FunctionFrame, path: string): boolean {
  const name = /^([A-Za-z_]\w*)\(\)/.exec(path)?.[1];
  return !!name && run.resolver.resolve(frame.file, name, { kind: 'none' }, undefined, true).length > 0;
}

/**
 * Is the path's root a parameter of a function or block around the node, where source roots are the framework's
 * methods (`def self.build(params)`: `params[:name]` reads what the caller passed, followed from its call)?
 */
function parameterNamed(run: TaintRun, node: Node, rawPath: string): boolean {
  const syntax = run.syntax;
  const root = syntax.sourceRootsAreMethods ? /^[A-Za-z_]\w*/.exec(rawPath)?.[0] : undefined;
  if (!root) return false;
  for (let p = node.parent; p; p = p.parent) {
    const shape = syntax.functions[p.type];
    const params = shape?.params ? field(p, shape.params) : null;
    if (params && paramList(run, syntax, params).some((param) => param.names.includes(root))) return true;
  }
  return false;
}

/** The callees of the calls inside an access path, outermost excluded: `a.b().c().d()` → `a.b`, `a.b().c`. */
function innerCallees(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf('()'); i >= 0 && i + 2 < path.length; i = path.indexOf('()', i + 2)) out.push(path.slice(0, i));
  return out;
}

/**
 * The kinds of attack a source's value cannot carry in this project (a path variable behind Spring Security's
 * firewall: no line breaks), or here (`node`: the request path inside a handler of fixed-prefix routes).
 */
export function cannotCarry(run: TaintRun, source: CompiledSource, node?: Node): string[] {
  const clean = source.clean;
  if (!clean || (clean.ifProjectUses && !run.resolver.projectUses(clean.ifProjectUses))) return [];
  if (clean.inRoute && !(node && inRouteHandler(run, node, clean.inRoute, clean.routerFile))) return [];
  return clean.types;
}

/** A quoted string without interpolation, or an array of them: a route's path or paths. */
const QUOTED = String.raw`(?:'[^'\\]*'|"[^"\\]*"|\`[^\`$\\]*\`)`;
const ROUTE_PATHS = new RegExp(String.raw`^(?:${QUOTED}|\[\s*${QUOTED}(?:\s*,\s*${QUOTED})*\s*,?\s*\])$`);

/**
 * Is `node` inside a function literal registered in place as a route handler (`router.get('/share/:id', (ctx) => …)`,
 * `router.use(['/share/:id', '/share/:id/*'], …)`) whose every path matches `paths`? The router calls the handler only
 * for requests whose path matches one of them, so the request path starts as they do.
 */
function inRouteHandler(run: TaintRun, node: Node, paths: RegExp, routerFile: RegExp | undefined): boolean {
  const spec = run.syntax.handlerParameters;
  if (!spec) return false;
  let fn: Node | null = node.parent;
  while (fn && !run.syntax.functions[fn.type]) fn = fn.parent;
  const call = fn?.parent?.parent;
  if (!fn || !call || !run.syntax.calls[call.type]) return false;
  const parts = callParts(run.syntax, call);
  if (!parts || !parts.positional.some((a) => a.equals(fn))) return false;
  const callee = parts.callee ? accessPath(run.syntax, parts.callee) : '';
  const first = parts.positional[0];
  if (!spec.callee.test(callee) || !first || !ROUTE_PATHS.test(first.text)) return false;
  const each = first.text.match(new RegExp(QUOTED, 'g')) ?? [];
  if (each.length === 0 || !each.every((quoted) => paths.test(quoted.slice(1, -1)))) return false;
  if (!routerFile) return true;
  const router = parts.receiver && run.syntax.identifiers.includes(parts.receiver.type) ? parts.receiver.text : undefined;
  return !!router && routerFileMatches(node.tree, routerFile, router);
}

const routerFiles = new WeakMap<Tree, Map<string, boolean>>();

/** Does the file's text match `routerFile` with `{router}` read as this name? Asked once per file, regex and name. */
function routerFileMatches(tree: Tree, routerFile: RegExp, router: string): boolean {
  let answers = routerFiles.get(tree);
  if (!answers) routerFiles.set(tree, (answers = new Map()));
  const key = `${routerFile.source}\0${routerFile.flags}\0${router}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const name = router.replace(/[$]/g, '\\$&');
    answer = new RegExp(routerFile.source.replaceAll('{router}', name), routerFile.flags).test(tree.rootNode.text);
    answers.set(key, answer);
  }
  return answer;
}

/** Does a source apply in this file: one for a side of the application (`in: server`) only in code on that side. */
export function onThisSide(run: TaintRun, source: CompiledSource, file: ParsedFile): boolean {
  if (!source.in) return true;
  const side = codeSideOf(file.syntax, file.path, file.tree, run.fileText(file));
  return side === undefined || side === source.in;
}
