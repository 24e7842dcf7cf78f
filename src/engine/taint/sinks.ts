// Sinks and reporting: a tainted value reaching a sink call, an assigned property, a returned
// value of a decorated view or a sink node (PHP backticks, JSX attributes) is reported once per
// rule and line, with its trace.
import type { Node } from 'web-tree-sitter';
import type { CompiledRule, CompiledSink } from '../rules/load.ts';
import type { TraceStep } from '../types.ts';
import { callParts, decoratorsOf, enclosingFunction, type CallParts } from '../parse/syntax.ts';
import { CALLABLE_NAME, MAX_CALL_TARGETS, type FunctionFrame, type TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { classHeader, enclosingClass } from './receivers.ts';
import { merge, sanitize, type Taint, type Tainted } from './values.ts';
import { conditionHolds } from './conditions.ts';
import { isWholeContainer, REPR_CLEAN_TYPES, visit } from './walk.ts';
import { checkRenderSink } from '../templates/index.ts';

// ---- sinks ----

function report(run: TaintRun, rule: CompiledRule, node: Node, taint: Taint, frame: FunctionFrame, label: string, place?: Node): void {
  const trace = [...taint.trace, run.step(frame, node, label, 'sink')];
  const at = place ?? ((rule.taint!.reportAtSource && sourceNode(frame, taint)) || node);
  const key = `${rule.id}:${frame.file.path}:${at.startPosition.row + 1}`;
  if (run.reported.has(key)) return;
  run.reported.add(key);
  run.hits.push({ rule, file: frame.file.path, node: at, trace });
}

/**
 * Where a taint started, when that is in the sink's file: the largest expression starting at its source step.
 * A source outside any function (a shared generator in a field) is placed at the first step inside one, where
 * it is used (`RANDOM.nextLong()`).
 */
function sourceNode(frame: FunctionFrame, taint: Taint): Node | undefined {
  if (taint.trace[0]?.kind !== 'source') return undefined;
  for (const step of taint.trace) {
    if (step.file !== frame.file.path) return undefined;
    let node = nodeAt(frame, step);
    while (node?.parent && node.parent.startIndex === node.startIndex && node.parent.endPosition.row === node.startPosition.row) node = node.parent;
    if (node && enclosingFunction(frame.file.syntax, node)) return node;
  }
  return undefined;
}

/** The smallest node at a trace step of the frame's file. */
function nodeAt(frame: FunctionFrame, step: TraceStep): Node | null {
  return frame.file.tree.rootNode.descendantForPosition({ row: step.line - 1, column: step.column - 1 });
}

/** What the receiver variable of a call was given in this function (`md = MessageDigest.getInstance("MD5")` for `md.digest(…)`). */
function receiverDefinition(run: TaintRun, parts: CallParts, scope: Scope): Node | undefined {
  const receiver = parts.receiver;
  if (!receiver || !run.syntax.identifiers.includes(receiver.type)) return undefined;
  return scope.init(receiver.text) ?? undefined;
}

/**
 * The strands of a value a function made itself: their source is in it, or is a generator kept outside
 * every function (a field, a module constant) and drawn from here. A function that only transforms what
 * it was given (`generateSecretKey(password)`) is not the generator.
 */
function madeIn(frame: FunctionFrame, fn: Node | null, value: Tainted): Tainted {
  if (!fn || !value) return null;
  const first = fn.startPosition.row + 1;
  const last = fn.endPosition.row + 1;
  const own = value.filter((x) => {
    const source = x.trace[0];
    if (source?.kind !== 'source' || source.file !== frame.file.path) return false;
    if (source.line >= first && source.line <= last) return true;
    const at = nodeAt(frame, source);
    return !!at && !enclosingFunction(frame.file.syntax, at);
  });
  return own.length ? own : null;
}

/** The name a function is declared with (none for lambdas). */
function functionName(frame: FunctionFrame, fn: Node): string {
  const nameField = frame.file.syntax.functions[fn.type]?.name;
  return (nameField && fn.childForFieldName(nameField)?.text) || '';
}

/** The first taint that reaches this rule's sinks: not cleaned for its type or a mark it takes (`cleanedBy`), from a source it takes. */
export function reportable(rule: CompiledRule, t: Tainted): Taint | undefined {
  if (!t) return undefined;
  const { cleanedBy, onlyTheseSources, direct } = rule.taint!;
  return t.find(
    (x) =>
      !x.clean.has(rule.type) &&
      !cleanedBy.some((mark) => x.clean.has(mark)) &&
      (x.onlyRule ? x.onlyRule === rule.id : !onlyTheseSources) &&
      (!x.stored || x.stored.includes(rule.type)) &&
      !(direct && (x.derived || x.placed)),
  );
}

export function checkCallSinks(
  run: TaintRun,
  node: Node,
  parts: CallParts,
  calleePath: string,
  receiver: Tainted,
  args: Tainted[],
  kwargs: Map<string, Tainted>,
  scope: Scope,
  frame: FunctionFrame,
): void {
  // With nothing untrusted in the call, a sink that reads only its arguments or receiver reports nothing, and
  // its conditions (which only read) need not be asked: most calls of a walk are such calls.
  const nothingIn = !receiver && args.every((a) => !a) && [...kwargs.values()].every((v) => !v);
  for (const { rule, sinks } of run.engine.callSinks(calleePath)) {
    for (const sink of sinks) {
      if (nothingIn && !sink.render && !sink.computedKey) continue;
      if (sink.unlessFile && run.fileText(frame.file).search(sink.unlessFile) >= 0) continue;
      if (!projectAllows(run, sink)) continue;
      if (!sink.where.every((c) => conditionHolds(run, c, parts, scope, frame.file))) continue;
      if (sink.unless.some((c) => conditionHolds(run, c, parts, scope, frame.file))) continue;
      if (!sinkContextHolds(run, sink, node, frame)) continue;
      if (sink.render) {
        const outcome = checkRenderSink(run, rule, sink.render, node, parts, args, kwargs, scope, frame, (v) => reportable(rule, v));
        if (outcome === 'reported') break;
        // No template file found: where the engine escapes nothing, the call prints its context (the sink's `args`).
        if (outcome === 'read' || !sink.render.orAtCall) continue;
      }
      let t: Tainted = null;
      const positions = sink.args ?? (sink.keywords || sink.receiver ? [] : args.map((_, i) => i));
      for (const i of positions) {
        let a = args[i] ?? null;
        // An options object passed as the argument: only some of its properties reach the sink.
        if (a && sink.argFields) a = a.filter((x) => x.field === undefined || sink.argFields!.includes(x.field));
        // A query filter: only data placed as a property value, which may be an object of operators, not text.
        if (a && sink.inObject) a = a.filter((x) => x.inLiteral && !x.text);
        // An expression language: only data built into the application's own expression.
        if (a && sink.built) a = a.filter((x) => x.text || x.derived || x.part);
        // A page: only data the code itself built into the text, not what a call it went into returned.
        if (a && sink.composed) a = composedText(a);
        // A logger prints an argument that is not a string through its repr (Python's str() of a list, Ruby's
        // inspect), which writes the line breaks of the strings inside it escaped.
        const arg = parts.positional[i];
        if (a && rule.type === 'LOG_INJECTION' && arg && isWholeContainer(run, arg, scope)) a = sanitize(a, REPR_CLEAN_TYPES);
        t = merge(t, a && a.length ? a : null);
      }
      for (const k of sink.keywords ?? []) t = merge(t, kwargs.get(k) ?? null);
      if (!sink.args && !sink.keywords && !sink.receiver) for (const v of kwargs.values()) t = merge(t, v);
      // C#'s `File.ReadAllText(path: p)`: a named argument may stand for any position the sink lists, and the
      // library's parameter names are out of sight.
      else if (sink.args && !sink.keywords && namedArgumentsTakePositions(run)) for (const v of kwargs.values()) t = merge(t, v);
      if (sink.receiver) t = merge(t, receiver);
      if (sink.computedKey) {
        const callee = parts.callee;
        const sub = callee ? run.syntax.subscripts[callee.type] : undefined;
        const key = sub ? callee!.childForFieldName(sub.property) : null;
        t = key ? visit(run, key, scope, frame) : null;
      }
      // A sink's own sanitisers (rule-level) may apply to the argument call expressions.
      const hit = reportable(rule, t);
      if (hit) {
        report(run, rule, node, hit, frame, `${calleePath}()`, sink.atReceiverDefinition ? receiverDefinition(run, parts, scope) : undefined);
        break;
      }
    }
  }
}

export function checkAssignSink(run: TaintRun, node: Node, left: Node, lhsPath: string, value: Tainted, scope: Scope, frame: FunctionFrame): void {
  if (!value) return;
  for (const { rule, sinks } of run.engine.assignSinks(lhsPath)) {
    for (const sink of sinks) {
      if (!sinkContextHolds(run, sink, node, frame)) continue;
      if (sink.computedKey) {
        const sub = run.syntax.subscripts[left.type];
        const key = sub ? left.childForFieldName(sub.property) : null;
        if (!key || !reportable(rule, visit(run, key, scope, frame))) continue;
      }
      // Assignment sinks have no arguments: their conditions test the assigned expression's text.
      const rhs = node.childForFieldName(run.syntax.assignments[node.type]?.right ?? '')?.text ?? '';
      if (!sink.where.every((c) => !c.value || c.value.test(rhs) !== !!c.absent)) continue;
      if (sink.unless.some((c) => c.value && c.value.test(rhs) !== !!c.absent)) continue;
      const hit = reportable(rule, value);
      if (hit) {
        report(run, rule, node, hit, frame, `${lhsPath} = …`);
        break;
      }
    }
  }
}

/**
 * A tainted value returned from a function whose decorator marks it as a sink (a view returning HTML), or
 * whose name does (a token generator). `node` is the return statement, or a method's last expression where
 * the language returns it implicitly.
 */
export function checkReturnSink(run: TaintRun, node: Node, value: Tainted, frame: FunctionFrame): void {
  let decorators: string[] | undefined;
  let name: string | undefined;
  const fn = () => enclosingFunction(frame.file.syntax, node);
  const returned = node.namedChildren.find((c) => !!c && !run.syntax.comments.includes(c.type));
  for (const { rule, sinks } of run.engine.ruleViews) {
    for (const sink of sinks) {
      if (!sink.returnFrom && !sink.returnFromFunction) continue;
      if (sink.unlessFile && run.fileText(frame.file).search(sink.unlessFile) >= 0) continue;
      if (!projectAllows(run, sink)) continue;
      if (sink.valueNode && !(returned && sink.valueNode.test(returned.type))) continue;
      if (!sinkContextHolds(run, sink, node, frame)) continue;
      if (sink.returnFrom) {
        if (!decorators) {
          const f = fn();
          decorators = f ? decoratorsOf(frame.file.syntax, f).map((d) => d.text.replace(/^@/, '')) : [];
        }
        if (!decorators.some((d) => sink.returnFrom!.test(d))) continue;
      }
      if (sink.returnFromFunction) {
        if (name === undefined) {
          const f = fn();
          name = f ? functionName(frame, f) : '';
        }
        if (!sink.returnFromFunction.test(name)) continue;
      }
      let strands = sink.returnFromFunction ? madeIn(frame, fn(), value) : value;
      // Only the properties named for what the function makes: a token object's `Name` is no token.
      if (strands && sink.returnedFields) strands = strands.filter((x) => x.field === undefined || sink.returnedFields!.test(x.field));
      const hit = reportable(rule, strands);
      if (hit) {
        report(run, rule, node, hit, frame, sink.returnFrom ? 'returned as the response' : `returned by ${name}()`);
        break;
      }
    }
  }
}

/** The data the code built into text itself (concatenated, interpolated, formatted, appended), not a call's result. */
function composedText(value: Tainted): Tainted {
  const composed = value?.filter((x) => (x.text || x.part) && !x.derived);
  return composed?.length ? composed : null;
}

export function checkNodeSink(run: TaintRun, node: Node, value: Tainted, frame: FunctionFrame): void {
  // Each read of a node's type is a call into the parser: once, not once per sink of every rule.
  const type = node.type;
  for (const { rule, sinks } of run.engine.ruleViews) {
    for (const sink of sinks) {
      if (sink.node !== type) continue;
      if (sink.unlessFile && run.fileText(frame.file).search(sink.unlessFile) >= 0) continue;
      if (!projectAllows(run, sink)) continue;
      if (sink.precededBy && !sink.precededBy.test(node.previousSibling?.text ?? '')) continue;
      if (!sinkContextHolds(run, sink, node, frame)) continue;
      if (sink.inFunction && !enclosingDecorators(run, node, frame).some((d) => sink.inFunction!.test(d))) continue;
      // Node sinks have no arguments: their conditions test the node's own text (`dangerouslySetInnerHTML={…}`).
      if (!sink.where.every((c) => !c.value || c.value.test(node.text) !== !!c.absent)) continue;
      if (sink.unless.some((c) => c.value && c.value.test(node.text) !== !!c.absent)) continue;
      const hit = reportable(rule, sink.composed ? composedText(value) : value);
      if (hit) {
        report(run, rule, node, hit, frame, type.replace(/_/g, ' '));
        break;
      }
    }
  }
}

/** What the project's dependency manifests say of the sink: a library version that made it safe, or no library it needs. */
function projectAllows(run: TaintRun, sink: CompiledSink): boolean {
  if (sink.unlessProjectUses && run.resolver.projectUses(sink.unlessProjectUses)) return false;
  const needs = sink.ifProjectUses;
  return !needs || run.resolver.projectUses(needs.uses) || !run.resolver.projectUses(needs.manifests);
}

function sinkContextHolds(run: TaintRun, sink: CompiledSink, node: Node, frame: FunctionFrame): boolean {
  if (sink.matches && !sink.matches.test(node.text)) return false;
  if (sink.notInParent && node.parent && sink.notInParent.test(node.parent.text.slice(0, 200))) return false;
  if (sink.inClass) {
    const cls = enclosingClass(run.syntax, node);
    if (!cls || !sink.inClass.test(classHeader(cls))) return false;
  }
  if (!sink.inside && !sink.notInside) return true;
  const text = enclosingScope(run, node).text;
  if (sink.inside && !sink.inside.test(text)) return false;
  if (sink.notInside && sink.notInside.test(text)) return false;
  if (sink.notInside && sink.notInsideCallers) {
    for (let c = frame.caller; c; c = c.frame.caller) {
      const caller = enclosingScope(run, c.call);
      if (sink.notInside.test(caller.text) || callsFunctionMatching(run, caller, c.frame, sink.notInside)) return false;
    }
  }
  return true;
}

/**
 * Does a function call, by a bare name (`getUserForJWT(token)`, imported or declared beside it), a function whose
 * text matches: a caller that decodes a token to reject early, then hands it to the helper that verifies it.
 */
function callsFunctionMatching(run: TaintRun, fn: Node, frame: FunctionFrame, text: RegExp): boolean {
  const s = frame.file.syntax;
  for (const call of fn.descendantsOfType(Object.keys(s.calls))) {
    if (!call) continue;
    const parts = callParts(s, call);
    const name = parts?.name?.text;
    if (!parts || parts.receiver || !name || !CALLABLE_NAME.test(name)) continue;
    const targets = run.resolver.resolve(frame.file, name, { kind: 'none' }, undefined, run.followedEnough());
    if (targets.length <= MAX_CALL_TARGETS && targets.some((t) => t.node !== fn && text.test(t.node.text))) return true;
  }
  return false;
}

/**
 * The function around a node, for `inside` / `notInside`: the nearest named function (a callback within a
 * method reads the method, where the factory it uses was hardened), else the outermost function literal (an
 * Express handler registered at the top of a file reads itself, not its neighbours), else the file.
 */
function enclosingScope(run: TaintRun, node: Node): Node {
  let p: Node | null = node.parent;
  let last: Node = node;
  let outermostLiteral: Node | null = null;
  for (; p; p = p.parent) {
    last = p;
    if (!run.syntax.functions[p.type]) continue;
    if (!/lambda|arrow|func_literal/.test(p.type)) return p;
    outermostLiteral = p;
  }
  return outermostLiteral ?? last;
}

function enclosingDecorators(run: TaintRun, node: Node, frame: FunctionFrame): string[] {
  const syntax = frame.file.syntax;
  for (let p = node.parent; p; p = p.parent) {
    if (syntax.functions[p.type]) return decoratorsOf(syntax, p).map((d) => d.text);
  }
  return [];
}

/** Named arguments written in place of positional ones (C#'s `name: value`, a keyword node without a value field). */
function namedArgumentsTakePositions(run: TaintRun): boolean {
  return Object.values(run.syntax.keywordArguments ?? {}).some((k) => !k.value);
}
