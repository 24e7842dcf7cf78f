// Where untrusted data enters: an access path (`req.query.id`, `request.GET`) read through what
// its root variable was bound to, matched against the rules' sources on the right side of the
// application (server or browser code).
import type { Node } from 'web-tree-sitter';
import type { CompiledSource } from '../rules/load.ts';
import { codeSideOf } from './code-sides.ts';
import { field, type CallParts } from '../parse/syntax.ts';
import type { FunctionFrame, ParsedFile, TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import type { Tainted } from './values.ts';
import { conditionHolds } from './conditions.ts';

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
  const parent = node.parent;
  const shape = parent ? (run.syntax.members[parent.type] ?? run.syntax.subscripts[parent.type]) : undefined;
  const partOfLarger = prefix || !!(shape && field(parent!, shape.object)?.equals(node));
  let matches = run.engine.matchSource(path, partOfLarger);
  if (matches.length === 0) return null;
  matches = matches.filter(
    (m) => onThisSide(run, m.source, frame.file) && (m.source.where.length === 0 || (call && m.source.where.every((c) => conditionHolds(run, c, call.parts, call.scope)))),
  );
  if (matches.length === 0) return null;
  return matches.map((m) => ({ trace: [run.step(frame, node, m.label, 'source')], clean: new Set<string>(), onlyRule: m.onlyRule, whole: m.whole }));
}

/** Does a source apply in this file: one for a side of the application (`in: server`) only in code on that side. */
export function onThisSide(run: TaintRun, source: CompiledSource, file: ParsedFile): boolean {
  if (!source.in) return true;
  const side = codeSideOf(file.syntax, file.path, file.tree, run.fileText(file));
  return side === undefined || side === source.in;
}
