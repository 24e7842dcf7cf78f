// Sources that exist only inside a listener of one kind of event. A cross-window message reaches a
// function registered for `message` events (`window.addEventListener('message', (e) => …)`,
// `window.onmessage = handle`); the same `evt.data` in a socket's handler is what the application's
// own server sent. A source spec's `inListener` is a regex on the text that registers the function,
// up to the function itself: the call before a function literal, the left side of an assignment, or
// the text before the name of a declared function wherever the file registers it by name.
import type { Node } from 'web-tree-sitter';
import { field } from '../parse/syntax.ts';
import type { ParsedFile, TaintRun } from './run.ts';

/** How much of the text before a function's name is read for its registration (`window.addEventListener('message', `). */
const REGISTRATION_WINDOW = 80;

/** Is the node inside a function registered the way `registration` says (any function around it, nearest first)? */
export function inRegisteredListener(run: TaintRun, node: Node, file: ParsedFile, registration: RegExp): boolean {
  const syntax = file.syntax;
  for (let fn: Node | null = node.parent; fn; fn = fn.parent) {
    if (!syntax.functions[fn.type]) continue;
    if (registeredAs(run, fn, file, registration)) return true;
  }
  return false;
}

function registeredAs(run: TaintRun, fn: Node, file: ParsedFile, registration: RegExp): boolean {
  const syntax = file.syntax;
  const parent = fn.parent;
  // A function literal given to a call: the callee and the arguments before it.
  const call = parent && /argument/.test(parent.type) ? parent.parent : parent;
  if (call && syntax.calls[call.type] && call.startIndex < fn.startIndex) {
    if (registration.test(call.text.slice(0, fn.startIndex - call.startIndex))) return true;
  }
  // Assigned: `window.onmessage = (e) => …`.
  const assignment = parent ? syntax.assignments[parent.type] : undefined;
  if (assignment) {
    const left = field(parent!, assignment.left);
    if (left && registration.test(`${left.text} =`)) return true;
  }
  // Declared by name (`function onMessage(e) {…}`, `const onMessage = (e) => …`) and registered by that name.
  const name = declaredName(fn, file);
  if (!name) return false;
  const text = run.fileText(file);
  const uses = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
  for (const use of text.matchAll(uses)) {
    const before = text.slice(Math.max(0, use.index! - REGISTRATION_WINDOW), use.index);
    if (registration.test(before)) return true;
  }
  return false;
}

/** The name a function is declared under: its own name, or the variable it initialises. */
function declaredName(fn: Node, file: ParsedFile): string | undefined {
  const shape = file.syntax.functions[fn.type];
  const own = shape?.name ? fn.childForFieldName(shape.name)?.text : undefined;
  if (own) return own;
  const parent = fn.parent;
  if (parent && /variable_declarator/.test(parent.type)) return parent.childForFieldName('name')?.text;
  return undefined;
}
