// Rendering one template with a context: the template and the files it includes are read
// (each parsed once per scan), and every raw output of a tainted variable is reported on its
// line, with the handler's trace, the render step and the includes leading to it. Bounded by
// MAX_TEMPLATES files per render and MAX_DEPTH levels of includes.
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { CompiledRule, CompiledSink } from '../rules/load.ts';
import type { CallResolver, TaintRun } from '../taint/run.ts';
import type { Taint } from '../taint/values.ts';
import type { TraceStep } from '../types.ts';
import { TemplateIndex } from './resolve.ts';
import type { ParsedTemplate, TemplateSyntax } from './types.ts';

export const MAX_TEMPLATES = 16;
export const MAX_DEPTH = 4;

export type RenderSink = NonNullable<CompiledSink['render']>;

/** Per scan (one Project): the file index and each template parsed once. */
export interface ScanTemplates {
  index: TemplateIndex;
  parsed: Map<string, ParsedTemplate | null>;
}
const perScan = new WeakMap<CallResolver, ScanTemplates>();

export function scanTemplates(resolver: CallResolver): ScanTemplates {
  let s = perScan.get(resolver);
  if (!s) {
    s = { index: new TemplateIndex(resolver.paths()), parsed: new Map() };
    perScan.set(resolver, s);
  }
  return s;
}

/** The syntax a file is read with: the first of the sink's languages that claims its name. */
function syntaxOf(file: string, syntaxes: TemplateSyntax[]): TemplateSyntax | undefined {
  const lower = file.toLowerCase();
  return syntaxes.find((s) => s.extensions.some((e) => lower.endsWith(e))) ?? syntaxes.find((s) => s.anyName);
}


export function renderTemplate(
  run: TaintRun,
  rule: CompiledRule,
  render: RenderSink,
  node: Node,
  scan: ScanTemplates,
  first: string,
  syntaxes: TemplateSyntax[],
  extensions: string[],
  renderStep: TraceStep,
  taintOf: (variable: string) => Taint | undefined,
  /** Steps between the render call and this template (a Rails layout the view is rendered into). */
  before: TraceStep[] = [],
): boolean {
  let found = false;
  // Breadth-first through includes and extends, which see the same context.
  type Lookup = (variable: string) => Taint | undefined;
  const queue: { file: string; depth: number; via: TraceStep[]; taintOf: Lookup }[] = [{ file: first, depth: 0, via: before, taintOf }];
  const seen = new Set<string>([first]);
  while (queue.length) {
    const { file, depth, via, taintOf: lookup } = queue.shift()!;
    const syntax = syntaxOf(file, syntaxes);
    if (!syntax) continue;
    const template = parsedTemplate(scan, run.resolver, file, syntax);
    if (!template) continue;
    const read = bound(template.bindings, lookup);
    for (const out of template.raw) {
      const strand = out.roots.map(read).find((t) => !!t);
      if (!strand) continue;
      const key = `${rule.id}:${file}:${out.line}`;
      if (run.reported.has(key)) continue;
      run.reported.add(key);
      const sink: TraceStep = { kind: 'sink', file, line: out.line, column: out.column, label: out.text.length > 120 ? `${out.text.slice(0, 117)}...` : out.text };
      run.hits.push({ rule, file, node, at: { line: out.line, column: out.column, endLine: out.endLine, endColumn: out.endColumn }, trace: [...strand.trace, renderStep, ...via, sink] });
      found = true;
    }
    if (depth >= MAX_DEPTH) continue;
    for (const ref of template.references) {
      if (seen.size >= MAX_TEMPLATES) break;
      const next = resolveReference(scan, render, ref.name, file, extensions);
      if (!next || seen.has(next)) continue;
      seen.add(next);
      // The included template's names that stand for this one's variables (loop variables, `with item=c`).
      const child = bound(ref.bindings, lookup);
      queue.push({ file: next, depth: depth + 1, via: [...via, { kind: 'step', file, line: ref.line, column: 1, label: `includes ${ref.name}` }], taintOf: child });
    }
  }
  return found;
}


/**
 * A lookup through names that stand for other variables: a bound name reads what it stands for, and so
 * does a property of it (`Model.Name` in a partial given `c` reads `c`, whatever `c`'s own fields).
 */
function bound(bindings: Record<string, string[]> | undefined, lookup: (variable: string) => Taint | undefined): (variable: string) => Taint | undefined {
  if (!bindings || Object.keys(bindings).length === 0) return lookup;
  return (variable) => {
    const root = Object.hasOwn(bindings, variable) ? variable : variable.slice(0, Math.max(0, variable.indexOf('.')));
    return root && Object.hasOwn(bindings, root) ? bindings[root]!.map(lookup).find((t) => !!t) : lookup(variable);
  };
}

/** An included template: by the sink's folders, beside the including file (EJS, Razor), or in Views/Shared (ASP.NET). */
export function resolveReference(scan: ScanTemplates, render: RenderSink, name: string, from: string, extensions: string[]): string | undefined {
  const wanted = render.dottedNames ? dotted(name) : name;
  const here = path.posix.dirname(from);
  const folders = [...render.folders, ...(render.controllerFolders ? render.folders.map((f) => `${f}/Shared`) : [])];
  return scan.index.resolve(wanted, from, folders, extensions) ?? scan.index.exact(path.posix.normalize(`${here}/${wanted}`), extensions);
}

/** Laravel's `posts.show` is `posts/show` (a name with a file extension is left alone). */
export function dotted(name: string): string {
  return /\.(php|html|twig)$/.test(name) ? name : name.replace(/\./g, '/');
}


export function parsedTemplate(scan: ScanTemplates, resolver: CallResolver, file: string, syntax: TemplateSyntax): ParsedTemplate | null {
  const key = `${syntax.id}\0${file}`;
  let parsed = scan.parsed.get(key);
  if (parsed === undefined) {
    const text = resolver.text(file);
    parsed = text === undefined ? null : syntax.parse(text);
    scan.parsed.set(key, parsed);
  }
  return parsed;
}

