// Parameters of an analysed function: their names (patterns, rest parameters, Go's shared
// type), and which of them are sources by annotation, type, decorator or the handler-registering
// call the function is passed to (framework handlers whose parameters are the request by position).
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import { accessPath, callParts, decoratorName, decoratorsOf, field, patternNames, type CallParts } from '../parse/syntax.ts';
import type { FunctionFrame, ParsedFile, TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { merge, sanitize, type Taint, type Tainted } from './values.ts';
import { cannotCarry, onThisSide } from './sources.ts';
import { trustedInputTypes } from './privileged.ts';
import { classHeader, enclosingClass } from './receivers.ts';
import { validatedParameterGuards } from './validation.ts';

/** Per tree: names of functions passed by name to a handler-registering call (`http.createServer(handle)`). */
const handlersByName = new WeakMap<Tree, Set<string>>();

export function paramList(run: TaintRun, syntax: LanguageSyntax, paramsNode: Node): { node: Node; names: string[]; type: string; rest: boolean }[] {
  const out: { node: Node; names: string[]; type: string; rest: boolean }[] = [];
  const list = syntax.params[paramsNode.type] && paramsNode.namedChildCount === 0 ? [paramsNode] : paramsNode.namedChildren;
  for (const p of list) {
    if (!p || syntax.comments.includes(p.type) || syntax.decorators.includes(p.type)) continue;
    const shape = syntax.params[p.type];
    if (!shape) {
      if (syntax.identifiers.includes(p.type)) out.push({ node: p, names: [p.text], type: '', rest: false });
      continue;
    }
    const nameNode = shape.name ? field(p, shape.name) : p;
    const typeNode = shape.type ? field(p, shape.type) : null;
    let names = nameNode === p && !syntax.identifiers.includes(p.type) ? patternNames(syntax, p) : patternNames(syntax, nameNode);
    if (typeNode && names.length > 1) names = names.filter((n) => !typeNode.text.includes(n));
    const type = typeNode ? typeNode.text : '';
    // C#'s `params object[] args` takes the remaining arguments too (its keyword and type are the list's own children).
    const rest = /rest|splat|variadic|spread/.test(p.type) || p.text.startsWith('...') || isParamsArray(p);
    // Go: `a, b string` declares two parameters in one node, each taking its own argument.
    if (p.type === 'parameter_declaration') {
      const declared = p.namedChildren.filter((c) => c && c.type === 'identifier').map((c) => c!.text);
      if (declared.length > 1) {
        for (const n of declared) out.push({ node: p, names: [n], type, rest });
        continue;
      }
      names = declared;
    }
    out.push({ node: p, names, type, rest });
  }
  return out;
}

/**
 * The request object a declared type stands for (`HttpRequest request` → `Request`), unless the name is a type the
 * project declares where the file sees it (an HTTP client's own `HttpRequest` in a namespace the file uses).
 */
export function requestTypeAlias(run: TaintRun, typeText: string, file: ParsedFile): string | undefined {
  const alias = run.engine.requestAlias(typeText);
  return alias && !run.resolver.declaresVisibleType(file, typeText) ? alias : undefined;
}

/** Parameters that are sources by annotation/type (Spring @RequestParam, NestJS @Query, FastAPI handlers); `index`: the parameter's position. */
export function bindParamSources(run: TaintRun, p: { node: Node; names: string[]; type: string }, fn: Node, scope: Scope, frame: FunctionFrame, index?: number): void {
  const syntax = frame.file.syntax;
  if (p.type) {
    const alias = requestTypeAlias(run, p.type, frame.file);
    if (alias) for (const n of p.names) scope.aliases.set(n, alias);
    for (const n of p.names) scope.types.set(n, p.type);
  }
  const sources = run.engine.paramSources();
  if (sources.length === 0) return;
  const paramDecorators = decoratorsOf(syntax, p.node).map(decoratorName);
  let fnDecorators: string[] | undefined;
  let handlerCallee: string | undefined;
  const name = p.names[0] ?? '';
  const selfLike = (syntax.selfNames ?? []).includes(name);
  for (const { source, onlyRule } of sources) {
    if (!onThisSide(run, source, frame.file)) continue;
    if (selfLike || (source.exceptParams && (source.exceptParams.test(name) || source.exceptParams.test(p.node.text)))) continue;
    if (source.params && (index === undefined || !source.params.includes(index))) continue;
    let hit = false;
    if (source.paramAnnotation && paramDecorators.some((d) => source.paramAnnotation!.test(d))) hit = true;
    if (!hit && source.paramType && p.type && source.paramType.test(p.type)) hit = true;
    if (!hit && source.handlerDecorator) {
      fnDecorators ??= decoratorsOf(syntax, fn).map((d) => d.text.replace(/^@/, ''));
      if (fnDecorators.some((d) => source.handlerDecorator!.test(d))) {
        hit = true;
        // Route converters that only admit safe values (`<int:order_id>`).
        if (source.exceptInDecorator && declaredIn(source.exceptInDecorator, name, fnDecorators)) hit = false;
      }
    }
    if (!hit && source.handlerMethod && handlerMethodMatches(syntax, fn, source.handlerMethod, source.inClass, source.exceptMethods)) hit = true;
    if (!hit && source.handlerProperty) hit = source.handlerProperty.test(propertyPath(syntax, fn));
    if (!hit && source.handlerCall) {
      handlerCallee ??= enclosingCallee(run, fn);
      hit = source.handlerCall.test(handlerCallee);
    }
    if (!hit) continue;
    if (source.exceptTypes && p.type && source.exceptTypes.test(p.type)) continue;
    // An enum the project declares (`@RequestParam ExecuteType type`): the framework binds one of its constants or refuses.
    if (p.type && declaredEnum(run, frame.file, p.type)) continue;
    // What the framework keeps out of the value, unless the route declares the parameter otherwise (a catch-all path).
    let cannot = cannotCarry(run, source);
    if (cannot.length && source.clean?.exceptInDecorator) {
      fnDecorators ??= decoratorsOf(syntax, fn).map((d) => d.text.replace(/^@/, ''));
      if (declaredIn(source.clean.exceptInDecorator, name, fnDecorators)) cannot = [];
    }
    const validated = validatedParameterGuards(run, p.node, frame.file);
    for (const n of p.names) {
      // In a handler only administrators reach, what their role configures anyway is not an attack.
      const t: Taint = { trace: [run.step(frame, p.node, `parameter ${n}`, 'source')], clean: new Set([...trustedInputTypes(run, p.node, frame.file), ...cannot]), onlyRule, whole: source.exact };
      // What a constraint's validator checked before the handler ran.
      let checked: Tainted = [t];
      for (const g of validated) checked = sanitize(checked, g.types);
      if (checked) scope.vars.set(n, merge(scope.vars.get(n) ?? null, checked));
    }
  }
}

/** Is `type` (`ExecuteType`, `final Status`) the name of an enum the scan declares, and of nothing else? */
function declaredEnum(run: TaintRun, file: ParsedFile, type: string): boolean {
  const name = /^(?:final\s+)?([A-Z][\w$]*)$/.exec(type.trim())?.[1];
  if (!name) return false;
  const declarations = run.resolver.classDeclarations(file, name);
  return declarations.length > 0 && declarations.every((d) => d.node.type === 'enum_declaration');
}

/** Does a decorator of the handler match `template`, `{name}` standing for the parameter's name? */
function declaredIn(template: string, name: string, decorators: string[]): boolean {
  const declared = new RegExp(template.replace(/\{name\}/g, name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return decorators.some((d) => declared.test(d));
}

/**
 * Is `fn` a method of that name, in a class whose header (`class Chat implements MessageComponentInterface`) matches,
 * and not one whose own header (`protected IActionResult RedirectToReferrer(…)`) `exceptMethods` rules out?
 */
function handlerMethodMatches(syntax: LanguageSyntax, fn: Node, method: RegExp, inClass: RegExp | undefined, exceptMethods: RegExp | undefined): boolean {
  const nameField = syntax.functions[fn.type]?.name;
  const nameNode = nameField ? fn.childForFieldName(nameField) : null;
  const name = nameNode?.text;
  if (!name || !method.test(name)) return false;
  if (exceptMethods && exceptMethods.test(fn.text.slice(0, nameNode!.startIndex - fn.startIndex))) return false;
  const cls = enclosingClass(syntax, fn);
  if (!cls) return false;
  // A constructor is no handler: the container that builds the class fills its parameters with services.
  if (/constructor/.test(fn.type) || cls.childForFieldName('name')?.text === name) return false;
  return !inClass || inClass.test(classHeader(cls));
}

/** The names a framework gives a callback's parameters by position, when `fn` is registered as a handler. */
export function handlerParameterRoles(run: TaintRun, fn: Node, count: number): string[] | undefined {
  const spec = run.syntax.handlerParameters;
  const names = spec?.names[count];
  if (!spec || !names) return undefined;
  const call = fn.parent?.parent;
  const parts = call && run.syntax.calls[call.type] ? callParts(run.syntax, call) : null;
  if (parts?.positional.some((a) => a.equals(fn))) return registersHandler(run, call!, parts) ? names : undefined;
  // A function declared by name and registered elsewhere in its file: `http.createServer(handle)`.
  const shape = run.syntax.functions[fn.type];
  const name = shape?.name ? fn.childForFieldName(shape.name)?.text : undefined;
  return name && handlersPassedByName(run, fn.tree).has(name) ? names : undefined;
}

function registersHandler(run: TaintRun, call: Node, parts: CallParts): boolean {
  const spec = run.syntax.handlerParameters!;
  const callee = parts.callee ? accessPath(run.syntax, parts.callee) : (parts.name?.text ?? '');
  if (!spec.callee.test(callee)) return false;
  return !spec.routeCallee.test(callee) || spec.pathArgument.test(parts.positional[0]?.text ?? '');
}

function handlersPassedByName(run: TaintRun, tree: Tree): Set<string> {
  let names = handlersByName.get(tree);
  if (!names) {
    names = new Set();
    handlersByName.set(tree, names);
    for (const call of tree.rootNode.descendantsOfType(Object.keys(run.syntax.calls))) {
      const parts = call ? callParts(run.syntax, call) : null;
      if (!parts || !registersHandler(run, call!, parts)) continue;
      for (const arg of parts.positional) if (run.syntax.identifiers.includes(arg.type)) names.add(arg.text);
    }
  }
  return names;
}

/**
 * The keys of the object literals a function is the value of, outermost first (`Query.user` for
 * `{ Query: { user(parent, args) {…} } }`), or '' when it is no property's value.
 */
function propertyPath(syntax: LanguageSyntax, fn: Node): string {
  const keys: string[] = [];
  let value: Node = fn;
  for (let depth = 0; depth < 3; depth++) {
    // A method of an object literal (`user(parent, args) {…}`) is its own key; any other value is keyed by its pair.
    const nameField = depth === 0 ? syntax.functions[value.type]?.name : undefined;
    const ownName = nameField && value.parent && syntax.objects?.[value.parent.type] ? value.childForFieldName(nameField) : null;
    const pair = ownName ? null : value.parent;
    const object = ownName ? value.parent : pair?.parent;
    const shape = object ? syntax.objects?.[object.type] : undefined;
    const key = ownName ?? (shape && pair?.type === shape.pair ? pair.childForFieldName(shape.key) : null);
    if (!key || !object || !shape) break;
    keys.unshift(key.text.replace(/^["'`]|["'`]$/g, ''));
    value = object;
  }
  return keys.join('.');
}

/** The callee of the call whose argument list holds this function literal, or ''. */
function enclosingCallee(run: TaintRun, fn: Node): string {
  let n: Node | null = fn.parent;
  for (let i = 0; n && i < 3; i++, n = n.parent) {
    if (run.syntax.calls[n.type]) {
      const parts = callParts(run.syntax, n);
      if (!parts) return '';
      return parts.callee ? accessPath(run.syntax, parts.callee) : `${parts.receiver ? `${accessPath(run.syntax, parts.receiver)}.` : ''}${parts.name?.text ?? '?'}`;
    }
  }
  return '';
}

/** A C# parameter array's name: `params`, then its array type, then the name, in the parameter list itself. */
function isParamsArray(name: Node): boolean {
  let before = name.previousSibling;
  if (before?.isNamed) before = before.previousSibling;
  return before?.type === 'params';
}
