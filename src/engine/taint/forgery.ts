// Handlers a cross-site page cannot make a signed-in user's browser call: they answer only unsafe
// verbs (POST, PUT, …) and the framework rejects such a request without the anti-forgery token
// the application's own pages carry. What such a handler shows back unescaped (the form shown
// again with its errors, `return View(model)`) is what the signed-in user typed into the
// application's own form: script there runs for no one but that user. It still counts for
// everything that reaches beyond that user (SQL, commands, files, other users' pages through
// storage), and for redirects: a login form carries the `returnUrl` of the link that led to
// it, an attacker's, through the token check. The language's `forgeryProtected` vocabulary
// (rules/<language>/sources.yaml) names the attributes; they may sit on the handler, its class
// or any base class up the hierarchy.
import type { Node } from 'web-tree-sitter';
import { decoratorName, decoratorsOf } from '../parse/syntax.ts';
import type { ForgeryProtection } from '../rules/load.ts';
import { enclosingClass } from './receivers.ts';
import type { CallResolver, ParsedFile, TaintRun } from './run.ts';

/** What the signed-in user's own form submission cannot be used for against anyone else. */
export const SELF_TARGETED_TYPES = ['XSS'];

/** Per scan: whether each handler (by file and position) is forgery-protected, and the other files that answer depends on. */
const protectedHandlers = new WeakMap<CallResolver, Map<string, { found: boolean; files: string[] }>>();

/** The types a source read at this node is clean for: `SELF_TARGETED_TYPES` in a forgery-protected handler, else none. */
export function selfTargetedTypes(run: TaintRun, node: Node, file: ParsedFile): string[] {
  const vocabulary = run.engine.forgeryProtected;
  if (!vocabulary) return [];
  const syntax = file.syntax;
  let handler: Node | null = node.parent;
  while (handler && !syntax.functions[handler.type]) handler = handler.parent;
  const cls = handler ? enclosingClass(syntax, handler) : null;
  if (!handler || !cls) return [];
  let memo = protectedHandlers.get(run.resolver);
  if (!memo) protectedHandlers.set(run.resolver, (memo = new Map()));
  const key = `${file.path}:${handler.startIndex}`;
  let answer = memo.get(key);
  if (answer === undefined) {
    const files = new Set<string>();
    answer = { found: isProtected(run.resolver, vocabulary, file, handler, cls, files), files: [...files] };
    memo.set(key, answer);
  }
  // A base controller elsewhere that gains or loses its attribute changes what the handler reports.
  run.resolver.dependOn(answer.files);
  return answer.found ? SELF_TARGETED_TYPES : [];
}

/** The names of the attributes on a declaration (`[HttpPost("save"), ValidateAntiForgeryToken]` → HttpPost, ValidateAntiForgeryToken). */
function attributes(file: ParsedFile, node: Node): string[] {
  return decoratorsOf(file.syntax, node).map(decoratorName);
}

function isProtected(resolver: CallResolver, vocabulary: ForgeryProtection, file: ParsedFile, handler: Node, cls: Node, read: Set<string>): boolean {
  const own = attributes(file, handler);
  const onClass = attributes(file, cls);
  const has = (list: string[], re: RegExp) => list.some((name) => re.test(name));
  if (!has(own, vocabulary.unsafeVerbs) || has(own, vocabulary.safeVerbs)) return false;
  if (has(own, vocabulary.exempts) || has(onClass, vocabulary.exempts)) return false;
  if (has(own, vocabulary.protects) || has(onClass, vocabulary.protects)) return true;
  // The bases up the hierarchy (`NotesController : AdminController`, whose attribute turns the check on).
  for (const base of resolver.ancestorClasses(file, cls)) {
    read.add(base.file.path);
    if (has(attributes(base.file, base.node), vocabulary.protects)) return true;
  }
  return false;
}
