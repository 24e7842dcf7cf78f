// Templates as part of the flow. A render call (Flask `render_template("page.html", bio=v)`,
// Django `render(request, "page.html", {"bio": v})`, Express `res.render("page", { bio })`)
// hands context variables to a template file; this module resolves that file, reads where it
// prints a variable without escaping (`{{ bio|safe }}`, `<%- bio %>`), and reports each such
// output of a tainted variable on the template's line, with the handler's trace leading to it.
// Escaped outputs are no finding: that is the point of reading the template.
//
// Bounded: a template is parsed once per scan (per project), and a render follows at most
// MAX_TEMPLATES files through `include`/`extends`, MAX_DEPTH deep.
import type { Node } from 'web-tree-sitter';
import type { CompiledRule } from '../rules/load.ts';
import { callParts, enclosingFunction, field, type CallParts } from '../parse/syntax.ts';
import { enclosingClass } from '../taint/receivers.ts';
import type { FunctionFrame, TaintRun } from '../taint/run.ts';
import type { Scope } from '../taint/scope.ts';
import { merge, type Taint, type Tainted } from '../taint/values.ts';
import { visit } from '../taint/walk.ts';
import { checkRailsRender } from './rails.ts';
import { dotted, renderTemplate, scanTemplates, type RenderSink } from './render.ts';
import { TEMPLATE_SYNTAXES } from './syntaxes.ts';
import type { TemplateSyntax } from './types.ts';

export { MAX_DEPTH, MAX_TEMPLATES, type RenderSink } from './render.ts';
export { renderActionViews } from './rails.ts';

/** A string literal's value (`"page.html"`, `'page'`, a template literal without substitutions). */
function literalName(node: Node | undefined): string | undefined {
  const m = node && /^[rbu]?(['"`])([^'"`$\\{}]+)\1$/.exec(node.text.trim());
  return m?.[2];
}

/** What a render call came to: a finding reported, templates read that print nothing tainted raw, or no template file found. */
export type RenderOutcome = 'reported' | 'read' | 'unresolved';

/**
 * The hook from the taint engine's call sinks: `node` calls a render sink. The context's taint is
 * looked up per variable the template prints raw.
 */
export function checkRenderSink(
  run: TaintRun,
  rule: CompiledRule,
  render: RenderSink,
  node: Node,
  parts: CallParts,
  args: Tainted[],
  kwargs: Map<string, Tainted>,
  scope: Scope,
  frame: FunctionFrame,
  reportableData: (t: Tainted) => Taint | undefined,
): RenderOutcome {
  if (render.rails) return checkRailsRender(run, rule, render, node, parts, scope, frame, reportableData) ? 'reported' : 'read';
  // `model.put("bio", v)` on the handler's own model parameter, not on a map of its own.
  const receiver = parts.receiver;
  if (render.receiverParameter && !(receiver && run.syntax.identifiers.includes(receiver.type) && scope.binding(receiver.text) === null)) return 'read';
  // `View(model)`: a call that may leave the name out has its context first then (`View("Show", model)` otherwise).
  const unnamed = !!render.nameOptional && render.template !== undefined && !literalName(parts.positional[render.template]);
  const contextAt = unnamed ? render.template : render.context;
  // The context given by keyword (Django `render(request, "x.html", context={…})`).
  const byKeyword = render.contextKeyword ? parts.keywords.get(render.contextKeyword) : undefined;
  const contextNode = byKeyword ?? (contextAt === undefined ? undefined : parts.positional[contextAt]);
  const given = byKeyword ? (kwargs.get(render.contextKeyword!) ?? null) : contextAt === undefined ? null : (args[contextAt] ?? null);
  // A view model built with an initializer (`new PostViewModel { Body = body }`) holds the values
  // themselves, though the constructor call makes them look like its result.
  const context = (contextNode && initializedValues(run, contextNode, scope, frame)) || given;
  const fromScope = render.fromScope ? compiled(render.fromScope) : undefined;
  // One variable named by a literal (`model.addAttribute("bio", v)`): a context of one key.
  const single = render.key === undefined ? undefined : literalName(parts.positional[render.key]);
  if (render.key !== undefined && (!single || !context)) return 'read';
  // `compact('title')` carries no taint of its own: its names are looked up.
  const keyed = single ? new Map([[single, () => context]]) : keyedContext(run, contextNode, scope, frame);
  const prefixes = render.scopePrefixes ?? [];
  if (!context && !keyed && !fromScope && !prefixes.length && !(render.keywords && (kwargs.size || parts.positional.length > 1))) return 'read';
  // Only the data itself: not the result of an unknown call it went into (a paginator or the
  // records of a query filtered by the request hold the database's data, not the request's).
  const reportable = (t: Tainted) => reportableData(t ? t.filter((x) => !x.derived) : null);
  // Flask `render_template("page.html", **context)`: a dict unpacked into the keywords, read by its keys.
  const unpacked = render.keywords ? parts.positional.flatMap((p, i) => (/splat/.test(p.type) && args[i] ? [args[i]!] : [])) : [];
  const taintOf = (variable: string): Taint | undefined => {
    for (const t of unpacked) {
      const placed = reportable(t.filter((x) => x.field === variable));
      if (placed) return placed;
    }
    // What the handler stored where every view sees it (`ViewBag.Bio = v`, `ViewData["bio"] = v`).
    if (fromScope?.test(variable)) return reportable(scope.lookup(variable) ?? null);
    // Locals the handler set before rendering (Express `res.locals.title = v`).
    for (const prefix of prefixes) {
      const t = reportable(scope.lookup(prefix + variable) ?? null);
      if (t) return t;
    }
    // The context is one variable of the view (`Model`); a property of it (`Model.Bio`) is what the handler
    // placed there (`new ConsentVM { ReturnUrl = returnUrl }` holds nothing in `PrivacyUrl`), or all of it.
    if (render.contextName) {
      if (variable === render.contextName) return reportable(context);
      if (!variable.startsWith(`${render.contextName}.`)) return undefined;
      const property = variable.slice(render.contextName.length + 1);
      return reportable(context ? context.filter((x) => x.field === undefined || x.field === property) : null);
    }
    if (render.keywords && kwargs.has(variable)) return reportable(kwargs.get(variable) ?? null);
    if (keyed) return keyed.has(variable) ? reportable(keyed.get(variable)!()) : undefined;
    if (!context) return undefined;
    // A strand placed in the variable's key, or the whole context when it is request data itself
    // (`res.render('page', req.query)`); not the result of an unknown call that was given some.
    return reportable(context.filter((x) => (x.field === undefined ? !x.derived && !x.inLiteral : x.field === variable)));
  };
  const syntaxes = render.syntaxes.map((id) => TEMPLATE_SYNTAXES.get(id)!).filter(Boolean);
  const extensions = syntaxes.flatMap((s) => s.extensions);
  const scan = scanTemplates(run.resolver);
  let outcome: RenderOutcome = 'unresolved';
  for (const rawName of templateNames(run, render, node, parts, scope, frame, unnamed)) {
    const name = render.dottedNames ? dotted(rawName) : rawName;
    const first = scan.index.resolve(name, frame.file.path, render.folders, extensions);
    if (!first) continue;
    const renderStep = run.step(frame, node, `renders ${name}`);
    if (renderTemplate(run, rule, render, node, scan, first, syntaxes, extensions, renderStep, taintOf)) outcome = 'reported';
    else if (outcome === 'unresolved') outcome = 'read';
  }
  return outcome;
}

/** An action's name: its `[ActionName("Feed")]` attribute's, else the method's (`GetFeed`). */
function actionName(fn: Node): string | undefined {
  const name = field(fn, 'name');
  if (!name) return undefined;
  const attributes = fn.text.slice(0, name.startIndex - fn.startIndex);
  return /\bActionName\s*\(\s*"([^"]+)"\s*\)/.exec(attributes)?.[1] ?? name.text;
}

/** A template name written as a literal, or a parameter a caller gave one (a render helper's `name`). */
function nameOf(run: TaintRun, node: Node | undefined, scope: Scope): string | undefined {
  return literalName(node) ?? (node && run.syntax.identifiers.includes(node.type) ? scope.templateName(node.text) : undefined);
}

/** The template a call renders: its literal argument, or the view names the handler returns (Spring `return "posts/show"`). */
function templateNames(run: TaintRun, render: RenderSink, node: Node, parts: CallParts, scope: Scope, frame: FunctionFrame, unnamed: boolean): string[] {
  const fn = enclosingFunction(frame.file.syntax, node);
  if (render.controllerFolders) {
    // ASP.NET MVC: `View()` is Views/<Controller>/<Action>.cshtml, else Views/Shared/<Action>.cshtml.
    const name = (unnamed || render.template === undefined ? undefined : literalName(parts.positional[render.template])) ?? (fn && actionName(fn));
    if (!name) return [];
    if (name.includes('/')) return [name.replace(/^~?\/?(Views\/)?/, '')];
    const controller = enclosingClass(frame.file.syntax, node)?.childForFieldName('name')?.text.replace(/Controller$/, '');
    return controller ? [`${controller}/${name}`, `Shared/${name}`] : [`Shared/${name}`];
  }
  if (render.templateInReceiver) {
    // `view('posts.show')->with('title', $t)->with(…)`: the name is the first argument of the call the chain starts from.
    let inner = parts.receiver;
    for (let depth = 0; inner && depth < 8; depth++) {
      const p = frame.file.syntax.calls[inner.type] ? callParts(frame.file.syntax, inner) : null;
      if (!p) break;
      if (!p.receiver || !frame.file.syntax.calls[p.receiver.type]) {
        const name = literalName(p.positional[0]);
        return name ? [name] : [];
      }
      inner = p.receiver;
    }
    return [];
  }
  if (render.template !== undefined) {
    const name = nameOf(run, parts.positional[render.template], scope);
    return name ? [name] : [];
  }
  if (render.templateInReceiverInit) {
    // `t := template.Must(template.ParseFiles("views/page.html"))`, then `t.Execute(w, data)`.
    const receiver = parts.receiver;
    const made = receiver && (scope.init(receiver.text) ?? receiver);
    const name = made && compiled(render.templateInReceiverInit).exec(made.text)?.[1];
    return name ? [name] : [];
  }
  if (!fn) return [];
  const names = new Set<string>();
  for (const m of fn.text.matchAll(/\breturn\s+"([\w./-]+)"\s*;/g)) names.add(m[1]!);
  return [...names];
}

/** The values an object initializer sets (`new T { A = a, B = b }`), directly or through the variable holding it. */
function initializedValues(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  const created = run.syntax.identifiers.includes(node.type) ? scope.binding(node.text) : node;
  if (!created || !/object_creation/.test(created.type)) return null;
  const initializer = created.namedChildren.find((c) => c?.type === 'initializer_expression');
  let t: Tainted = null;
  for (const assignment of initializer?.namedChildren ?? []) {
    const value = assignment?.type === 'assignment_expression' ? assignment.childForFieldName('right') : null;
    if (!value) continue;
    // Each value stays in its property (`Model.ReturnUrl`), as an object literal keeps it.
    const property = assignment!.childForFieldName('left')?.text;
    const placed = visit(run, value, scope, frame);
    t = merge(t, placed && property && /^\w+$/.test(property) ? placed.map((x) => ({ ...x, field: property })) : placed);
  }
  return t;
}

const regexes = new Map<string, RegExp>();
function compiled(source: string): RegExp {
  return regexes.get(source) ?? regexes.set(source, new RegExp(source)).get(source)!;
}

/**
 * A context whose keys the language's object literals do not place (a PHP array `['title' => $t]`,
 * `compact('title')`): each key's value, evaluated when a template prints it raw. Undefined when
 * the context is any other expression (its taint's fields are used).
 */
function keyedContext(run: TaintRun, node: Node | undefined, scope: Scope, frame: FunctionFrame): Map<string, () => Tainted> | undefined {
  if (!node) return undefined;
  const out = new Map<string, () => Tainted>();
  if (node.type === 'array_creation_expression') {
    for (const element of node.namedChildren) {
      const [key, value] = element?.type === 'array_element_initializer' ? element.namedChildren : [];
      const k = key && literalName(key);
      if (!k || !value) return undefined;
      out.set(k, () => visit(run, value, scope, frame));
    }
    return out;
  }
  const compact = /^compact\s*\(([\s\S]*)\)$/.exec(node.text);
  if (compact && /^function_call/.test(node.type)) {
    for (const m of compact[1]!.matchAll(/['"](\w+)['"]/g)) out.set(m[1]!, () => scope.lookup(`$${m[1]}`) ?? null);
    return out;
  }
  return undefined;
}

/** For tests and docs: the template languages by id. */
export function templateSyntax(id: string): TemplateSyntax | undefined {
  return TEMPLATE_SYNTAXES.get(id);
}

