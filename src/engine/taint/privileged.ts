// Handlers only the application's administrators reach. What they read is the operator's input,
// not an attacker's, for what an administrator configures anyway: a directory typed into a settings
// page is the feature, not a path traversal. It still counts where it reaches beyond the role (a shell
// command, SQL, code, a deserialiser run with it: the server itself, not the application's settings).
// The language's `privileged` vocabulary (rules/<language>/sources.yaml) says how such a handler
// declares itself: an admin-only attribute on it or on its class, an admin-only middleware where it
// is registered (or where the router it is registered on is mounted), a permission check among its
// statements or its class's, or an admin-only base class.
import type { Node } from 'web-tree-sitter';
import type { LanguageSyntax } from '../languages/types.ts';
import { callParts, decoratorsOf } from '../parse/syntax.ts';
import { sameRuleLanguage } from '../project/imports.ts';
import { classHeader } from './receivers.ts';
import type { CallResolver, ParsedFile, TaintRun } from './run.ts';
import { selfTargetedTypes } from './forgery.ts';
import { routeConstrainedTypes } from './rails-routes.ts';

/** Per analysis: whether each function or class seen so far (by file and position) is admin-only. */
const privilegedScopes = new WeakMap<TaintRun, Map<string, boolean>>();

/**
 * What an administrator's input is trusted for: the places, addresses, patterns and messages the role configures,
 * and the fields of the records it edits (a form that binds a whole record is the feature: the role sets every field).
 */
export const OPERATOR_INPUT_TYPES = ['PATH_TRAVERSAL', 'UNSAFE_FILE_UPLOAD', 'SSRF', 'OPEN_REDIRECT', 'LOG_INJECTION', 'REDOS', 'MASS_ASSIGNMENT'];

/**
 * The types a source read at this node is clean for: what an administrator configures anyway, in an admin-only
 * handler, what targets only the signed-in user, in a handler a cross-site page cannot call (forgery.ts), and what
 * the router admits, in a path parameter every route to the action constrains (rails-routes.ts).
 */
export function trustedInputTypes(run: TaintRun, node: Node, file: ParsedFile): string[] {
  const own = selfTargetedTypes(run, node, file);
  const operator = operatorInputTypes(run, node, file);
  // A path parameter every route to the action constrains (rails-routes.ts) holds only what the router let through.
  const routed = routeConstrainedTypes(run, node, file);
  return own.length || routed.length ? [...new Set([...operator, ...own, ...routed])] : operator;
}

/** The types a source read at this node is clean for: `OPERATOR_INPUT_TYPES` inside an admin-only handler, else none. */
function operatorInputTypes(run: TaintRun, node: Node, file: ParsedFile): string[] {
  return inPrivilegedHandler(run, node, file) ? OPERATOR_INPUT_TYPES : [];
}

/** Is this node inside a function or class that only administrators reach? */
function inPrivilegedHandler(run: TaintRun, node: Node, file: ParsedFile): boolean {
  const rules = run.engine.privileged;
  if (rules.decorator.length + rules.registration.length + rules.check.length + rules.base.length === 0) return false;
  const syntax = file.syntax;
  let memo = privilegedScopes.get(run);
  if (!memo) privilegedScopes.set(run, (memo = new Map()));
  for (let p = node.parent; p; p = p.parent) {
    if (!syntax.functions[p.type] && !(syntax.classes ?? []).includes(p.type)) continue;
    const key = `${file.path}:${p.startIndex}:${p.endIndex}`;
    let privileged = memo.get(key);
    if (privileged === undefined) memo.set(key, (privileged = declaresPrivileged(run, p, file)));
    if (privileged) return true;
  }
  return false;
}

function declaresPrivileged(run: TaintRun, scope: Node, file: ParsedFile): boolean {
  const rules = run.engine.privileged;
  const syntax = file.syntax;
  const decorators = decoratorsOf(syntax, scope).map((d) => d.text.replace(/^@/, ''));
  if (rules.decorator.some((re) => decorators.some((d) => re.test(d)))) return true;
  if (rules.base.length > 0 && (syntax.classes ?? []).includes(scope.type)) {
    // What the class's header says after its name: `< Admin::BaseController`, `(BaseAdminView)`, `extends AdminController`.
    const name = scope.childForFieldName('name');
    const bases = name ? classHeader(scope).slice(name.endIndex - scope.startIndex) : '';
    if (rules.base.some((re) => re.test(bases))) return true;
  }
  const shape = syntax.functions[scope.type];
  if (shape && rules.registration.length > 0 && registeredBehindAdminCheck(run, scope, file, rules.registration)) return true;
  if (rules.check.length === 0) return false;
  const body = (shape?.body ? scope.childForFieldName(shape.body) : scope.childForFieldName('body')) ?? scope;
  return statementsOf(body, syntax).some((statement) => rules.check.some((re) => re.test(statement.text.slice(0, 400))));
}

/**
 * A function literal passed to a registration call with an admin-only part (`router.post('/x', requireAdmin, (req, res) => …)`),
 * or registered as a route of a module whose router is mounted only behind one (`adminOnlyModules`).
 */
function registeredBehindAdminCheck(run: TaintRun, fn: Node, file: ParsedFile, patterns: RegExp[]): boolean {
  const syntax = file.syntax;
  const call = fn.parent?.parent;
  const parts = call && syntax.calls[call.type] ? callParts(syntax, call) : null;
  if (!parts?.positional.some((a) => a.equals(fn))) return false;
  const callee = parts.callee?.text ?? `${parts.receiver?.text ?? ''}.${parts.name?.text ?? ''}`;
  const others = [callee, ...parts.positional.filter((a) => !a.equals(fn)).map((a) => a.text)];
  if (patterns.some((re) => others.some((text) => re.test(text)))) return true;
  if (!parts.receiver || !ROUTE_METHODS.test(parts.name?.text ?? '')) return false;
  const mounts = adminOnlyModules(run.resolver, file, patterns).get(file.path);
  if (mounts) run.resolver.dependOn(mounts);
  return !!mounts;
}

/** The methods that register a route on an Express-style router (`router.post(path, …handlers)`, `router.route(p).get(h)`). */
const ROUTE_METHODS = /^(get|post|put|patch|delete|del|all|head|options)$/;

/** A mount of a router module: `parent.use('/settings', isAuthenticated(Permission.ADMIN), settingsRoutes)`. */
interface Mount {
  /** The file the mount is in. */
  in: string;
  /** Whether a middleware of the mount itself is admin-only. */
  behindAdmin: boolean;
}

/** Per scan and language: the router modules mounted only behind admin-only middleware, with the files that mount them. */
const adminOnlyByScan = new WeakMap<CallResolver, Map<string, Map<string, string[]>>>();

/**
 * The modules of the scan (of `from`'s language) whose routers are reachable only through admin-only middleware,
 * each with the files whose mounts say so. A module is mounted where another file passes what it imports from it to
 * `.use(…)` as the router (the last argument); it is admin-only when it is mounted at least once and every mount
 * either has an admin-only middleware among its arguments or is on the router of a module that is itself admin-only
 * (`settingsRoutes.use('/notifications', notificationRoutes)` inside the settings module). A module mounted anywhere
 * without such a middleware is reachable by every user who reaches that mount. Only the files that mount something
 * (their text calls `.use(` with an argument) are parsed.
 */
function adminOnlyModules(resolver: CallResolver, from: ParsedFile, patterns: RegExp[]): Map<string, string[]> {
  const language = from.syntax.id;
  let byLanguage = adminOnlyByScan.get(resolver);
  if (!byLanguage) adminOnlyByScan.set(resolver, (byLanguage = new Map()));
  const known = byLanguage.get(language);
  if (known) return known;
  const mountsOf = new Map<string, Mount[]>();
  for (const path of resolver.paths()) {
    if (!sameRuleLanguage(from, path) || !/\.use\(\s*[^)\s]/.test(resolver.text(path) ?? '')) continue;
    const parsed = resolver.parsed(path);
    if (!parsed) continue;
    for (const call of parsed.tree.rootNode.descendantsOfType(Object.keys(parsed.syntax.calls))) {
      const parts = call ? callParts(parsed.syntax, call) : null;
      const router = parts?.positional.at(-1);
      if (!parts?.receiver || parts.name?.text !== 'use' || !router || !parsed.syntax.identifiers.includes(router.type)) continue;
      const middleware = parts.positional.slice(0, -1).filter((a) => !parsed.syntax.literals.includes(a.type));
      const behindAdmin = middleware.some((m) => patterns.some((re) => re.test(m.text)));
      for (const module of resolver.importedFrom(parsed, router.text)) {
        if (module !== path) (mountsOf.get(module) ?? mountsOf.set(module, []).get(module)!).push({ in: path, behindAdmin });
      }
    }
  }
  const adminOnly = new Map<string, string[]>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [module, mounts] of mountsOf) {
      if (adminOnly.has(module) || !mounts.every((m) => m.behindAdmin || adminOnly.has(m.in))) continue;
      adminOnly.set(module, [...new Set(mounts.flatMap((m) => [m.in, ...(adminOnly.get(m.in) ?? [])]))]);
      grew = true;
    }
  }
  byLanguage.set(language, adminOnly);
  return adminOnly;
}

/** The statements directly in a body (through one wrapping block), without nested function or class declarations. */
function statementsOf(body: Node, syntax: LanguageSyntax): Node[] {
  const out: Node[] = [];
  const take = (n: Node, depth: number) => {
    for (const c of n.namedChildren) {
      if (!c || syntax.comments.includes(c.type) || syntax.functions[c.type] || (syntax.classes ?? []).includes(c.type)) continue;
      if (depth === 0 && /^(block|body_statement|statement_list|compound_statement|declaration_list|class_body|body)$/.test(c.type)) take(c, 1);
      else out.push(c);
    }
  };
  take(body, 0);
  return out;
}
