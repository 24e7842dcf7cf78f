// Where a finding inside a thin wrapper belongs. A project's query helper (`def query_db(sql): cursor.execute(sql)`,
// Piwigo's `pwg_query($query)`) hands its parameter to the sink unchanged: the injection is written where a caller
// builds the text it passes, not in the helper every caller shares. A sink reached with such a parameter is reported
// at the call that passed it — climbing through helpers that pass it on unchanged too — with the helper's sink last
// in the trace. A helper that builds or changes the value itself keeps the finding.
import type { Node } from 'web-tree-sitter';
import { callParts, enclosingFunction, field } from '../parse/syntax.ts';
import { paramList } from './parameters.ts';
import type { FunctionFrame, TaintRun } from './run.ts';
import type { Scope } from './scope.ts';

/** How many helpers a value is followed back through. */
const MAX_HELPERS = 4;

export interface CallSite {
  frame: FunctionFrame;
  node: Node;
}

/**
 * The outermost call that passed `arg` (a parameter of the sink's function, never assigned there) into the helper
 * chain unchanged, or undefined when the sink's own function made the value.
 */
export function passedThroughFrom(run: TaintRun, arg: Node, scope: Scope, frame: FunctionFrame): CallSite | undefined {
  if (!run.syntax.identifiers.includes(arg.type) || scope.binding(arg.text) !== null) return undefined;
  let site: CallSite | undefined;
  let value = arg;
  let current = frame;
  for (let depth = 0; depth < MAX_HELPERS && current.caller; depth++) {
    const position = parameterPosition(run, current, value);
    if (!position) break;
    const caller = current.caller.frame;
    const call = enclosingCall(caller, current.caller.call);
    if (!call) break;
    const parts = callParts(caller.file.syntax, call);
    if (!parts) break;
    const offset = position.selfFirst && parts.receiver ? 1 : 0;
    const given = parts.keywords.get(position.name) ?? parts.positional[position.index - offset];
    if (!given) break;
    site = { frame: caller, node: call };
    // On up only while the caller, too, passes a parameter of its own as it was given.
    if (!caller.file.syntax.identifiers.includes(given.type) || assignedBefore(caller, given)) break;
    value = given;
    current = caller;
  }
  return site;
}

/** The position of the parameter `name` names in the function around it (and whether the function takes `self` first). */
function parameterPosition(run: TaintRun, frame: FunctionFrame, name: Node): { index: number; name: string; selfFirst: boolean } | undefined {
  const syntax = frame.file.syntax;
  const fn = enclosingFunction(syntax, name);
  const shape = fn ? syntax.functions[fn.type] : undefined;
  const paramsNode = fn && shape?.params ? field(fn, shape.params) : null;
  if (!paramsNode) return undefined;
  const params = paramList(run, syntax, paramsNode);
  const index = params.findIndex((p) => p.names.includes(name.text) && !p.rest);
  if (index < 0) return undefined;
  return { index, name: name.text, selfFirst: (syntax.selfNames ?? []).includes(params[0]?.names[0] ?? '') };
}

/** The call expression whose callee is `callee` (the node a frame records for the call that entered it). */
function enclosingCall(frame: FunctionFrame, callee: Node): Node | undefined {
  for (let n: Node | null = callee.parent; n; n = n.parent) {
    if (frame.file.syntax.calls[n.type]) return n;
    if (n.endIndex > callee.endIndex + 4096) break;
  }
  return undefined;
}

/** Is a parameter written to in its function before `use` (`$query = trim($query)`, `sql += " LIMIT 1"`)? Then the caller changed it. */
function assignedBefore(frame: FunctionFrame, use: Node): boolean {
  const fn = enclosingFunction(frame.file.syntax, use);
  if (!fn) return true;
  const before = fn.text.slice(0, use.startIndex - fn.startIndex);
  const name = use.text.replace(/[$]/g, '\\$');
  return new RegExp(`(?<![\\w$.])${name}\\s*(?:[-+.*/%|&^]|\\?\\?|<<|>>)?=(?!=)`).test(before);
}
