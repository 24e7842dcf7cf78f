// Rails: a controller action renders a view that reads the action's instance variables. An
// action (a public method of a controller class under app/controllers/) renders
// app/views/<controller path>/<action>.html.erb at its end unless it renders something else;
// `render :edit`, `render "posts/edit"`, `render template:`, `render action:` name another view,
// `render partial:` a partial (with `locals:`). The view sees the instance variables as the
// action left them — with the taint the action gave them (`params[:page].to_i` is clean) — and
// so does the layout it is rendered into (`layout "admin"` in the class, else
// layouts/<controller path> or layouts/application) and every partial it renders.
//
// Explicit render calls are sinks of the taint walk (checkRailsRender). The implicit render at
// an action's end has no call to hang on: renderActionViews walks each action of a controller
// file again after the file's analysis, its `before_action` callbacks first, and renders its
// view with the instance variables it ends with. It walks only actions that mention an instance
// variable their view, layout or partials print raw (or whose callbacks set one that a view they
// render explicitly prints raw), and keeps only this rule's findings from that walk: the
// callbacks' data reaching other sinks is left to the engine's own analysis.
import type { Node } from 'web-tree-sitter';
import type { CompiledRule } from '../rules/load.ts';
import { callParts, enclosingFunction, field, type CallParts } from '../parse/syntax.ts';
import { enclosingClass } from '../taint/receivers.ts';
import type { CallResolver, FunctionFrame, ParsedFile, TaintRun } from '../taint/run.ts';
import { Scope } from '../taint/scope.ts';
import type { Taint, Tainted } from '../taint/values.ts';
import { reportable } from '../taint/sinks.ts';
import { fileScope, visit } from '../taint/walk.ts';
import type { TraceStep } from '../types.ts';
import { MAX_DEPTH, MAX_TEMPLATES, parsedTemplate, renderTemplate, resolveReference, scanTemplates, type RenderSink, type ScanTemplates } from './render.ts';
import { TEMPLATE_SYNTAXES } from './syntaxes.ts';
import type { TemplateSyntax } from './types.ts';

/** `app/controllers/admin/users_controller.rb` → `admin/users`. */
export function controllerPath(file: string): string | undefined {
  return /(?:^|\/)app\/controllers\/(.+)_controller\.rb$/.exec(file)?.[1];
}

/** A class that is a Rails controller rendering views (not `ActionController::API`). */
function isController(cls: Node): boolean {
  const base = cls.childForFieldName('superclass')?.text.replace(/^<\s*/, '').trim() ?? '';
  return /(Controller|ActionController::Base)$/.test(base) && !/ActionController::API$/.test(base);
}

/** A symbol's or string's value (`:edit`, `"posts/edit"`, `'edit'`). */
function nameOf(node: Node | undefined | null): string | undefined {
  const m = node && /^(?::(\w+[?!]?)|:?(['"])([\w/.-]+)\2)$/.exec(node.text.trim());
  return m ? (m[1] ?? m[3]) : undefined;
}

/** A view name as Rails reads it in a controller: `edit` is the controller's own, `posts/edit` from the views folder. */
function viewName(name: string, controller: string): string {
  const clean = name.replace(/^\//, '').replace(/\.html(\.erb)?$/, '');
  return clean.includes('/') ? clean : `${controller}/${clean}`;
}

function partialName(name: string, controller: string): string {
  const full = viewName(name, controller);
  const slash = full.lastIndexOf('/');
  return `${full.slice(0, slash)}/_${full.slice(slash + 1)}`;
}

function keyword(parts: CallParts, name: string): Node | undefined {
  for (const [k, v] of parts.keywords) if (k.replace(/^:|:$/g, '') === name) return v;
  return undefined;
}

interface RailsRender {
  syntaxes: TemplateSyntax[];
  extensions: string[];
}

function syntaxesOf(render: RenderSink): RailsRender {
  const syntaxes = render.syntaxes.map((id) => TEMPLATE_SYNTAXES.get(id)!).filter(Boolean);
  return { syntaxes, extensions: syntaxes.flatMap((s) => s.extensions) };
}

/** Only the data itself: not the result of an unknown call it went into (a record built or found from it). */
function dataOnly(t: Tainted | undefined): Tainted {
  const own = t ? t.filter((x) => !x.derived) : null;
  return own && own.length ? own : null;
}

/** An explicit `render` in a controller: the view or partial it names, read with the instance variables as they are here. */
export function checkRailsRender(
  run: TaintRun,
  rule: CompiledRule,
  render: RenderSink,
  node: Node,
  parts: CallParts,
  scope: Scope,
  frame: FunctionFrame,
  reportableData: (t: Tainted) => Taint | undefined,
): boolean {
  const controller = controllerPath(frame.file.path);
  if (!controller || parts.receiver) return false;
  const cls = enclosingClass(frame.file.syntax, node);
  if (!cls || !isController(cls)) return false;
  const named = explicitView(frame.file, node, parts, controller);
  if (!named) return false;
  const { view, partial } = named;
  // `locals: { q: params[:q] }`: bare names in the view, by key.
  const locals = new Map<string, Tainted>();
  const hash = keyword(parts, 'locals');
  for (const pair of hash?.type === 'hash' ? hash.namedChildren : []) {
    const key = pair?.type === 'pair' ? pair.childForFieldName('key')?.text.replace(/^:|:$/g, '').replace(/^['"]|['"]$/g, '') : undefined;
    const value = pair?.childForFieldName('value');
    if (key && value) locals.set(key, visit(run, value, scope, frame));
  }
  const taintOf = (variable: string): Taint | undefined =>
    reportableData(dataOnly(variable.startsWith('@') ? scope.lookup(variable) : locals.get(variable)));
  const withLayout = !partial && keyword(parts, 'layout')?.text !== 'false';
  return renderView(run, rule, render, node, frame, view, cls, controller, withLayout, run.step(frame, node, `renders ${view}`), taintOf);
}

/** The view or partial an explicit `render` in a controller names (`render :edit`, `render partial: "row"`, `render` alone: the action's). */
function explicitView(file: ParsedFile, node: Node, parts: CallParts, controller: string): { view: string; partial: boolean } | undefined {
  const partial = nameOf(keyword(parts, 'partial'));
  if (partial) return { view: partialName(partial, controller), partial: true };
  const named = nameOf(keyword(parts, 'template')) ?? nameOf(keyword(parts, 'action')) ?? nameOf(parts.positional[0]);
  if (named) return { view: viewName(named, controller), partial: false };
  // `render` alone (or with only options such as `status:`) renders the action's own view.
  const bare = !parts.positional.length && ![...parts.keywords.keys()].some((k) => !/^:?(status|layout|formats|locals|content_type)\b/.test(k));
  const fn = bare ? enclosingFunction(file.syntax, node) : null;
  const action = fn ? field(fn, 'name')?.text : undefined;
  return action ? { view: `${controller}/${action}`, partial: false } : undefined;
}

/** Renders a view (and the layout it goes into) with a lookup of the template's variables. */
function renderView(
  run: TaintRun,
  rule: CompiledRule,
  render: RenderSink,
  node: Node,
  frame: FunctionFrame,
  view: string,
  cls: Node,
  controller: string,
  withLayout: boolean,
  renderStep: TraceStep,
  taintOf: (variable: string) => Taint | undefined,
): boolean {
  const { syntaxes, extensions } = syntaxesOf(render);
  const scan = scanTemplates(run.resolver);
  const file = scan.index.resolve(view, frame.file.path, render.folders, extensions);
  if (!file) return false;
  let found = renderTemplate(run, rule, render, node, scan, file, syntaxes, extensions, renderStep, taintOf);
  const layout = withLayout ? layoutOf(scan, render, cls, controller, frame.file.path, extensions) : undefined;
  if (layout) {
    const step: TraceStep = { kind: 'step', file, line: 1, column: 1, label: `in layout ${layout.name}` };
    if (renderTemplate(run, rule, render, node, scan, layout.file, syntaxes, extensions, renderStep, taintOf, [step])) found = true;
  }
  return found;
}

/** The layout a controller's views are rendered into: `layout "admin"`, else layouts/<controller path>, else layouts/application. */
function layoutOf(scan: ScanTemplates, render: RenderSink, cls: Node, controller: string, from: string, extensions: string[]): { name: string; file: string } | undefined {
  const declared = /^\s*layout\s*\(?\s*(false|nil|:\w+|["'][\w/.-]+["'])/m.exec(cls.text)?.[1];
  // `layout false`, or a method choosing it at run time (`layout :pick_layout`).
  if (declared && !/^["']/.test(declared)) return undefined;
  const names = declared ? [`layouts/${declared.slice(1, -1).replace(/^layouts\//, '')}`] : [`layouts/${controller}`, 'layouts/application'];
  for (const name of names) {
    const file = scan.index.resolve(name, from, render.folders, extensions);
    if (file) return { name, file };
  }
  return undefined;
}

const rawRootsPerScan = new WeakMap<ScanTemplates, Map<string, Set<string>>>();

/**
 * The names a template, or a partial it renders, prints raw, in this template's terms: instance
 * variables, and locals it was given (a partial's local printed raw is what the including view
 * passed for it). An action that sets none of the instance variables needs no second walk. Each
 * template is parsed once per scan either way.
 */
function rawRoots(run: TaintRun, scan: ScanTemplates, render: RenderSink, file: string | undefined, langs: RailsRender, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!file) return out;
  let cache = rawRootsPerScan.get(scan);
  if (!cache) rawRootsPerScan.set(scan, (cache = new Map()));
  const known = cache.get(file);
  if (known) return known;
  // Set before reading includes: a partial that renders itself ends there.
  cache.set(file, out);
  const syntax = langs.syntaxes.find((s) => s.extensions.some((e) => file.toLowerCase().endsWith(e)));
  const parsed = syntax ? parsedTemplate(scan, run.resolver, file, syntax) : null;
  if (!parsed) return out;
  for (const r of parsed.raw) for (const root of r.roots) out.add(root);
  if (depth >= MAX_DEPTH) return out;
  for (const ref of parsed.references.slice(0, MAX_TEMPLATES)) {
    const next = resolveReference(scan, render, ref.name, file, langs.extensions);
    for (const name of rawRoots(run, scan, render, next, langs, depth + 1)) {
      for (const n of ref.bindings && Object.hasOwn(ref.bindings, name) ? ref.bindings[name]! : [name]) out.add(n);
    }
  }
  return out;
}

/**
 * The callbacks a class declares (`before_action :set_post, only: [:show]`) that run before
 * `action`, after `inherited` (its parent's, which a `skip_before_action` takes out).
 */
function callbacksBefore(classText: string, action: string, inherited: string[] = []): string[] {
  const out: string[] = [...inherited];
  for (const m of classText.matchAll(/^\s*(skip_)?(?:prepend_|append_)?before_(?:action|filter)\b\s*\(?([^\n]*)$/gm)) {
    const args = m[2]!;
    const optionAt = args.search(/\b(only|except|if|unless):|:(only|except|if|unless)\s*=>/);
    const names = [...(optionAt < 0 ? args : args.slice(0, optionAt)).matchAll(/(?<![\w:]):(\w+[?!]?)/g)].map((x) => x[1]!);
    const list = (option: string) => {
      const at = new RegExp(`\\b${option}:|:${option}\\s*=>`).exec(args);
      if (!at) return undefined;
      const rest = args.slice(at.index + at[0].length).trim();
      const value = rest.startsWith('[') || rest.startsWith('%') ? rest.slice(0, rest.search(/[\])]/) + 1) : rest.split(',')[0]!;
      return [...value.matchAll(/:?(\w+[?!]?)/g)].map((x) => x[1]!).filter((x) => !/^[iw]$/.test(x));
    };
    const only = list('only');
    const except = list('except');
    if (only && !only.includes(action)) continue;
    if (except?.includes(action)) continue;
    if (m[1]) {
      const rest = out.filter((x) => !names.includes(x));
      out.splice(0, out.length, ...rest);
    } else out.push(...names);
  }
  return out;
}

/**
 * The `before_action` callbacks a controller inherits that run before `action`, parents first:
 * the parent class's file by Rails' naming (`Admin::BaseController` in
 * app/controllers/admin/base_controller.rb, beside this app's controllers), up to three levels.
 */
function inheritedCallbacks(run: TaintRun, file: ParsedFile, cls: Node, action: string): { names: string[]; bodies: Map<string, { file: ParsedFile; body: Node }> } {
  const root = file.path.slice(0, file.path.lastIndexOf('app/controllers/'));
  const chain: { base: string; text: string }[] = [];
  let base = cls.childForFieldName('superclass')?.text.replace(/^<\s*/, '').trim() ?? '';
  for (let level = 0; level < 3 && /Controller$/.test(base) && !/^ActionController::/.test(base); level++) {
    const snake = base.split('::').map((part) => part.replace(/([a-z\d])([A-Z])/g, '$1_$2').toLowerCase()).join('/');
    const text = run.resolver.text(`${root}app/controllers/${snake}.rb`);
    if (text === undefined) break;
    chain.unshift({ base, text });
    const last = base.split('::').pop()!;
    base = new RegExp(`^\\s*class\\s+(?:\\w+::)*${last}\\s*<\\s*([\\w:]+)`, 'm').exec(text)?.[1] ?? '';
  }
  let names: string[] = [];
  const owner = new Map<string, string>();
  for (const { base: b, text } of chain) {
    const before = new Set(names);
    names = callbacksBefore(text, action, names);
    for (const n of names) if (!before.has(n)) owner.set(n, b);
  }
  const bodies = new Map<string, { file: ParsedFile; body: Node }>();
  for (const name of names) {
    const target = run.resolver.resolve(file, name, { kind: 'type', name: owner.get(name)! })[0];
    const body = target && target.node.childForFieldName('body');
    if (target && body) bodies.set(name, { file: target.file, body });
  }
  return { names, bodies };
}

/** The public methods of a class body and all its methods by name. */
function methodsOf(cls: Node): { actions: Node[]; byName: Map<string, Node> } {
  const actions: Node[] = [];
  const byName = new Map<string, Node>();
  const hidden = new Set<string>();
  let visible = true;
  for (const child of cls.childForFieldName('body')?.namedChildren ?? []) {
    if (!child) continue;
    if (child.type === 'identifier' && /^(private|protected|public)$/.test(child.text)) visible = child.text === 'public';
    else if (child.type === 'method') {
      const name = child.childForFieldName('name')?.text;
      if (!name) continue;
      byName.set(name, child);
      if (visible) actions.push(child);
    } else if (child.type === 'call' && /^(private|protected)\b/.test(child.text)) {
      // `private def load_post`, `private :load_post`.
      for (const arg of child.childForFieldName('arguments')?.namedChildren ?? []) {
        if (arg?.type === 'method') {
          const name = arg.childForFieldName('name')?.text;
          if (name) byName.set(name, arg);
          if (name) hidden.add(name);
        } else if (arg) for (const s of arg.text.matchAll(/:(\w+[?!]?)/g)) hidden.add(s[1]!);
      }
    }
  }
  return { actions: actions.filter((a) => !hidden.has(a.childForFieldName('name')?.text ?? '')), byName };
}

const callbacksPerScan = new WeakMap<CallResolver, Map<string, Map<string, Tainted>>>();

/**
 * The hook after a file's taint analysis: each action of each controller class of a file under
 * app/controllers/ renders its own view at its end (Rails' implicit render).
 */
export function renderActionViews(run: TaintRun, file: ParsedFile): void {
  const controller = controllerPath(file.path);
  if (!controller) return;
  const sinks = run.engine.ruleViews.flatMap(({ rule, sinks: list }) => list.filter((s) => s.render?.rails).map((s) => ({ rule, render: s.render! })));
  if (!sinks.length) return;
  const scan = scanTemplates(run.resolver);
  const classes = file.tree.rootNode.descendantsOfType('class').filter((c): c is Node => !!c && isController(c));
  const kept = new Set(sinks.map((w) => w.rule.id));
  // A walk here only adds what the rendered views print; the rest was the file analysis's to find.
  const walk = (body: Node, scope: Scope, frame: FunctionFrame) => {
    const before = run.hits.length;
    visit(run, body, scope, frame);
    const mine = run.hits.splice(before).filter((h) => kept.has(h.rule.id));
    run.hits.push(...mine);
  };
  const tainted = (scope: Scope, v: string) => (scope.lookup(v)?.length ?? 0) > 0;
  // What the callbacks leave, walked once per scan and list of callbacks (the controllers of an app share their parent's).
  let afterCallbacks = callbacksPerScan.get(run.resolver);
  if (!afterCallbacks) callbacksPerScan.set(run.resolver, (afterCallbacks = new Map()));
  for (const cls of classes) {
    const { actions, byName } = methodsOf(cls);
    for (const action of actions) {
      const name = action.childForFieldName('name')!.text;
      const view = `${controller}/${name}`;
      const inherited = inheritedCallbacks(run, file, cls, name);
      // The class's own method of a callback's name runs, also where it overrides the parent's.
      const callbacks = callbacksBefore(cls.text, name, inherited.names).flatMap((c) => {
        const body = byName.get(c)?.childForFieldName('body');
        const parent = inherited.bodies.get(c);
        return body ? [{ file, body }] : parent ? [parent] : [];
      });
      const printsRaw = (files: (string | undefined)[], render: RenderSink, langs: RailsRender, matters: (v: string) => boolean) =>
        files.some((t) => [...rawRoots(run, scan, render, t, langs)].some(matters));
      const implicitViews = respondsItself(action)
        ? []
        : sinks.flatMap(({ rule, render }) => {
            const langs = syntaxesOf(render);
            const viewFile = scan.index.resolve(view, file.path, render.folders, langs.extensions);
            const layout = viewFile ? layoutOf(scan, render, cls, controller, file.path, langs.extensions)?.file : undefined;
            return viewFile ? [{ rule, render, langs, files: [viewFile, layout] }] : [];
          });
      const explicitViews = action.descendantsOfType('call').flatMap((call) => {
        const parts = call && call.childForFieldName('method')?.text === 'render' && !call.childForFieldName('receiver') ? callParts(file.syntax, call) : null;
        const named = parts ? explicitView(file, call!, parts, controller) : undefined;
        return !named
          ? []
          : sinks.map(({ render }) => {
              const langs = syntaxesOf(render);
              const viewFile = scan.index.resolve(named.view, file.path, render.folders, langs.extensions);
              const layout = viewFile && !named.partial ? layoutOf(scan, render, cls, controller, file.path, langs.extensions)?.file : undefined;
              return { render, langs, files: [viewFile, layout] };
            });
      });
      const anyIvar = (v: string) => v.startsWith('@');
      // No view this action renders prints an instance variable raw: nothing to walk.
      if (![...implicitViews, ...explicitViews].some((x) => printsRaw(x.files, x.render, x.langs, anyIvar))) continue;
      const key = callbacks.map((c) => `${c.file.path}:${c.body.startIndex}`).join('|');
      let left = afterCallbacks.get(key);
      if (!left) {
        const scope = new Scope(fileScope(run, file));
        for (const c of callbacks) walk(c.body, scope, { file: c.file, returns: null, depth: 0 });
        afterCallbacks.set(key, (left = scope.vars));
      }
      const fromCallbacks = new Scope(fileScope(run, file));
      for (const [k, v] of left) fromCallbacks.vars.set(k, v);
      const own = new Set(action.text.match(/@\w+/g) ?? []);
      // The action's own view, where it or its callbacks left something its view (or layout) prints raw.
      const wanted = implicitViews.filter((x) => printsRaw(x.files, x.render, x.langs, (v) => own.has(v) || tainted(fromCallbacks, v)));
      // Its explicit renders were seen by the file's analysis, without what the callbacks set: again
      // with it, where a rendered view prints raw what they tainted.
      const rendersWithCallbacks = callbacks.length > 0 && explicitViews.some((x) => printsRaw(x.files, x.render, x.langs, (v) => tainted(fromCallbacks, v)));
      if (!wanted.length && !rendersWithCallbacks) continue;
      const scope = new Scope(fromCallbacks, true);
      const frame: FunctionFrame = { file, returns: null, depth: 0 };
      const body = action.childForFieldName('body');
      if (body) walk(body, scope, frame);
      const at = action.childForFieldName('name') ?? action;
      const step = run.step(frame, at, `renders ${view} (at the end of ${name})`);
      for (const { rule, render } of wanted) {
        const taintOf = (variable: string): Taint | undefined => (variable.startsWith('@') ? reportable(rule, dataOnly(scope.lookup(variable))) : undefined);
        renderView(run, rule, render, action, frame, view, cls, controller, true, step, taintOf);
      }
    }
  }
}

/** Does the action always answer by itself (`render :edit` or `redirect_to` as one of its statements, not in a branch)? */
function respondsItself(action: Node): boolean {
  return (action.childForFieldName('body')?.namedChildren ?? []).some(
    (s) => s?.type === 'call' && !s.childForFieldName('receiver') && /^(render|redirect_to|redirect_back|redirect_back_or_to|head|send_data|send_file)$/.test(s.childForFieldName('method')?.text ?? ''),
  );
}

