// Rails route constraints. A path parameter that every route to an action constrains (`:size => /\d+/`,
// `constraints: { id: /\d+/ }`, or a constraint object whose `matches?` tests the parameter) reaches the
// action only as the router let it through: `params[:size]` there holds digits. The language's `routeFiles`
// names the route files; they are read as text, line by line, the way the routing DSL is written.
import type { Node } from 'web-tree-sitter';
import type { CallResolver, ParsedFile, TaintRun } from './run.ts';

/** What a parameter every route constrains cannot carry: the constraint admits no separator, quote or line break. */
export const ROUTE_CONSTRAINED_TYPES = [
  'SQL_INJECTION', 'NOSQL_INJECTION', 'COMMAND_INJECTION', 'CODE_INJECTION', 'TEMPLATE_INJECTION', 'XSS', 'PATH_TRAVERSAL',
  'SSRF', 'OPEN_REDIRECT', 'LDAP_INJECTION', 'XPATH_INJECTION', 'LOG_INJECTION', 'HEADER_INJECTION', 'UNSAFE_REFLECTION',
  'UNSAFE_FILE_UPLOAD', 'REDOS',
];

interface Route {
  /** `admin/users`, or `*` when the route may reach any controller (`:controller` in its path, or not understood). */
  controller: string;
  /** The action, or `*`. */
  action: string;
  /** The path parameters (`:id`, `*path`), those of enclosing scopes included. */
  params: string[];
  /** The route's own text and the texts of the `constraints` blocks around it. */
  constraints: string[];
}

const DEFAULT_ACTIONS = { resources: ['index', 'show', 'new', 'create', 'edit', 'update', 'destroy'], resource: ['show', 'new', 'create', 'edit', 'update', 'destroy'] };
const ROUTE_CALL = /^(get|post|put|patch|delete|match|root)\b\s*\(?\s*(.*)$/;
const TARGET = /(?:\bto:\s*|:to\s*=>\s*|^['"][^'"]*['"]\s*=>\s*)['"]([\w/]+)#(\w+)['"]/;

interface Frame { module?: string; controller?: string; params?: string[]; constraint?: string }

/** The routes of one routes file. */
export function parseRoutes(text: string): Route[] {
  const lines: string[] = [];
  // A statement continues on the next line after a trailing comma, an open bracket or `=>`.
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (lines.length && /(,|\(|\[|\{|=>)$/.test(lines[lines.length - 1]!)) lines[lines.length - 1] += ` ${line}`;
    else lines.push(line);
  }
  const routes: Route[] = [];
  const frames: Frame[] = [];
  const prefix = () => frames.map((f) => f.module).filter(Boolean).join('/');
  const scopeParams = () => frames.flatMap((f) => f.params ?? []);
  const constraints = () => frames.map((f) => f.constraint).filter((c): c is string => !!c);
  const resourceOf = () => [...frames].reverse().find((f) => f.controller)?.controller;
  for (const line of lines) {
    if (!line) continue;
    if (/^end\b/.test(line)) {
      frames.pop();
      continue;
    }
    const opens = /\bdo(\s*\|[^|]*\|)?$/.test(line);
    let frame: Frame | undefined;
    const route = ROUTE_CALL.exec(line);
    const resources = /^(resources|resource)\s*\(?\s*:(\w+)(.*)$/.exec(line);
    if (route) routes.push(routeOf(route[1]!, route[2]!, line, prefix(), resourceOf(), scopeParams(), constraints()));
    else if (resources) {
      const kind = resources[1] as 'resources' | 'resource';
      const name = resources[2]!;
      const rest = resources[3]!;
      const named = /(?:\bcontroller:\s*|:controller\s*=>\s*)['":](\w[\w/]*)/.exec(rest)?.[1];
      const controller = [prefix(), named ?? name].filter(Boolean).join('/');
      const only = listOption(rest, 'only');
      const except = listOption(rest, 'except') ?? [];
      const actions = (only ?? DEFAULT_ACTIONS[kind]).filter((a) => !except.includes(a));
      const params = [...scopeParams(), 'id'];
      for (const action of actions) routes.push({ controller, action, params, constraints: [...constraints(), line] });
      frame = { controller, params: [`${name.replace(/s$/, '')}_id`] };
    } else if (/^constraints\b/.test(line)) frame = { constraint: line };
    else if (/^namespace\b/.test(line)) frame = { module: /^namespace\s*\(?\s*[:'"](\w+)/.exec(line)?.[1] ?? '*' };
    else if (/^scope\b/.test(line)) {
      const module = /(?:\bmodule:\s*|:module\s*=>\s*)['":](\w[\w/]*)/.exec(line)?.[1];
      const path = /^scope\s*\(?\s*(?:path:\s*)?['"]([^'"]*)['"]/.exec(line)?.[1] ?? '';
      frame = { module, params: [...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!), constraint: /constraints/.test(line) ? line : undefined };
    } else if (/^controller\b/.test(line)) frame = { controller: [prefix(), /^controller\s*\(?\s*[:'"](\w[\w/]*)/.exec(line)?.[1] ?? '*'].filter(Boolean).join('/') };
    if (opens) frames.push(frame ?? {});
  }
  return routes;
}

function routeOf(verb: string, rest: string, line: string, prefix: string, resource: string | undefined, scopeParams: string[], constraints: string[]): Route {
  const path = /^['"]([^'"]*)['"]/.exec(rest)?.[1] ?? /^:(\w+)/.exec(rest)?.[1] ?? '';
  const params = [...scopeParams, ...[...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!)];
  let controller: string | undefined;
  let action: string | undefined;
  const target = TARGET.exec(rest) ?? (verb === 'root' ? /^['"]([\w/]+)#(\w+)['"]/.exec(rest) : null);
  if (target) [controller, action] = [target[1]!, target[2]!];
  else {
    controller = /(?:\bcontroller:\s*|:controller\s*=>\s*)['":](\w[\w/]*)/.exec(rest)?.[1];
    action = /(?:\baction:\s*|:action\s*=>\s*)['":](\w+)/.exec(rest)?.[1];
    // `get 'preview'` inside `resources :pages do … member do`: the resource's controller, the action named.
    if (!controller && resource && /^\w+$/.test(path)) [controller, action] = [resource, action ?? path];
  }
  // A redirect or a Rack app answers without a controller.
  if (!controller && /\bto:\s*(redirect|[A-Z])|:to\s*=>\s*(redirect|[A-Z])/.test(rest)) return { controller: '', action: '', params, constraints: [] };
  const wild = params.includes('controller');
  return {
    controller: wild || !controller ? '*' : controller.includes('/') || !prefix ? controller : `${prefix}/${controller}`,
    action: params.includes('action') || !action ? '*' : action,
    params,
    constraints: [...constraints, line],
  };
}

/** `only: [:a, :b]`, `:only => %i[a b]`, `only: :a` */
function listOption(text: string, name: string): string[] | undefined {
  const m = new RegExp(String.raw`(?:\b${name}:\s*|:${name}\s*=>\s*)(\[[^\]]*\]|%[iw]\[[^\]]*\]|:\w+|['"]\w+['"])`).exec(text);
  if (!m) return undefined;
  return [...m[1]!.replace(/^%[iw]/, '').matchAll(/\w+/g)].map((x) => x[0]);
}

/** A regex constraint that admits no separator, dot, quote or line break (`/\d+/`, `/[a-z_]+/`, `/issues|news/`). */
function narrowRegex(source: string): boolean {
  return !/(^|[^\\])\.|\\[SWDsbB]|\[\^|\\[.\/]/.test(source);
}

/** Does this route text or constraints block constrain `param`: a narrow regex for it, or an object or lambda that tests it? */
function constrains(run: TaintRun, text: string, param: string, files: Set<string>): boolean {
  const regex = new RegExp(String.raw`(?:\b${param}:\s*|:${param}\s*=>\s*)\/((?:[^/\\]|\\.)*)\/`).exec(text);
  if (regex) return narrowRegex(regex[1]!);
  const object = /^constraints\s*\(?\s*((?:[A-Z]\w*::)*[A-Z]\w*)(\.new\b[^)]*)?\)?\s*do\b/.exec(text);
  if (object) return objectTests(run.resolver, object[1]!, param, files);
  const lambda = /^constraints\s*\(?\s*(->|lambda)/.test(text);
  return lambda && testsParam(text, param);
}

/** A predicate on the request's path parameter: `request.path_parameters[:p] =~ …`, `….include?(req.path_parameters[:p])`. */
function testsParam(text: string, param: string): boolean {
  const read = String.raw`path_parameters\[\s*(?::${param}|['"]${param}['"])\s*\]`;
  return new RegExp(String.raw`${read}\s*(=~|\.match\?|\.in\?|==)|(include\?|member\?|match\?)\(\s*\w+\.${read}`).test(text);
}

/** Per scan, by class name: the file declaring a constraint class with `matches?`, and its text. */
const constraintClasses = new WeakMap<CallResolver, Map<string, { path: string; text: string } | null>>();

/** Does the constraint class define `matches?` testing the parameter? */
function objectTests(resolver: CallResolver, name: string, param: string, files: Set<string>): boolean {
  const simple = name.split('::').pop()!;
  let byName = constraintClasses.get(resolver);
  if (!byName) constraintClasses.set(resolver, (byName = new Map()));
  let found = byName.get(simple);
  if (found === undefined) {
    found = null;
    const declared = new RegExp(String.raw`\bclass\s+(?:\w+::)*${simple}\b`);
    for (const path of resolver.paths()) {
      if (!path.endsWith('.rb')) continue;
      const text = resolver.text(path);
      if (!text || !declared.test(text) || !/\bdef\s+(self\.)?matches\?/.test(text)) continue;
      found = { path, text };
      break;
    }
    byName.set(simple, found);
  }
  if (!found) return false;
  files.add(found.path);
  return testsParam(found.text, param);
}

/** Per scan: the routes of its route files, and those files. */
const routeTables = new WeakMap<CallResolver, { routes: Route[]; files: string[] }>();

function routesOf(run: TaintRun, files: RegExp): { routes: Route[]; files: string[] } {
  let table = routeTables.get(run.resolver);
  if (table) return table;
  table = { routes: [], files: [] };
  for (const path of run.resolver.paths()) {
    if (!files.test(path)) continue;
    const text = run.resolver.text(path);
    if (text === undefined) continue;
    table.files.push(path);
    table.routes.push(...parseRoutes(text));
  }
  routeTables.set(run.resolver, table);
  return table;
}

/**
 * The types a request parameter read at `node` (`params[:size]`) is clean for: those of `ROUTE_CONSTRAINED_TYPES`
 * when every route to the actions that run the code around it has the parameter in its path and constrains it.
 */
export function routeConstrainedTypes(run: TaintRun, node: Node, file: ParsedFile): string[] {
  const spec = file.syntax.routeFiles;
  if (!spec) return [];
  const param = /^params\s*\[\s*(?::(\w+)|['"](\w+)['"])\s*\]/.exec(node.text);
  const name = param?.[1] ?? param?.[2];
  if (!name) return [];
  const syntax = file.syntax;
  let method: Node | null = node.parent;
  while (method && !(syntax.functions[method.type] && method.type === 'method')) method = method.parent;
  let cls: Node | null = method?.parent ?? null;
  while (cls && cls.type !== 'class') cls = cls.parent;
  const methodName = method?.childForFieldName('name')?.text;
  const className = cls?.childForFieldName('name')?.text;
  if (!method || !cls || !methodName || !className?.endsWith('Controller')) return [];
  const modules: string[] = [];
  for (let p = cls.parent; p; p = p.parent) if (p.type === 'module') modules.unshift(p.childForFieldName('name')?.text ?? '');
  const controller = [...modules, ...className.replace(/Controller$/, '').split('::')].filter(Boolean).map(underscore).join('/');
  const actions = actionsRunning(cls, methodName);
  if (!actions) return [];
  const { routes, files } = routesOf(run, spec);
  const read = new Set(files);
  let ok = true;
  for (const action of actions) {
    const reaching = routes.filter((r) => (r.controller === '*' || r.controller === controller) && (r.action === '*' || r.action === action));
    if (reaching.length === 0 || !reaching.every((r) => r.params.includes(name) && r.constraints.some((c) => constrains(run, c, name, read)))) {
      ok = false;
      break;
    }
  }
  run.resolver.dependOn(read);
  return ok ? ROUTE_CONSTRAINED_TYPES : [];
}

/** The actions that run `method`: itself, or those a `before_action` naming it lists with `only:`; none known otherwise. */
function actionsRunning(cls: Node, method: string): string[] | undefined {
  const body = cls.text;
  const filter = new RegExp(String.raw`^\s*(?:prepend_|append_)?before_(?:action|filter)\b([^\n]*)$`, 'gm');
  let actions: string[] | undefined;
  for (const m of body.matchAll(filter)) {
    const names = [...m[1]!.split(/\b(?:only|except|if|unless):|:(?:only|except|if|unless)\s*=>/)[0]!.matchAll(/:(\w+[?!]?)/g)].map((x) => x[1]);
    if (!names.includes(method)) continue;
    const only = listOption(m[1]!, 'only');
    if (!only) return undefined;
    actions = [...(actions ?? []), ...only];
  }
  return actions ?? [method];
}

function underscore(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();
}
