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
import type { CompiledRule, CompiledSink } from '../rules/load.ts';
import type { CallParts } from '../parse/syntax.ts';
import type { CallResolver, FunctionFrame, TaintRun } from '../taint/run.ts';
import type { Taint, Tainted } from '../taint/values.ts';
import type { TraceStep } from '../types.ts';
import { TemplateIndex } from './resolve.ts';
import { TEMPLATE_SYNTAXES } from './syntaxes.ts';
import type { ParsedTemplate, TemplateSyntax } from './types.ts';

export const MAX_TEMPLATES = 16;
export const MAX_DEPTH = 4;

export type RenderSink = NonNullable<CompiledSink['render']>;

/** Per scan (one Project): the file index and each template parsed once. */
interface ScanTemplates {
  index: TemplateIndex;
  parsed: Map<string, ParsedTemplate | null>;
}
const perScan = new WeakMap<CallResolver, ScanTemplates>();

function scanTemplates(resolver: CallResolver): ScanTemplates {
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
  return syntaxes.find((s) => s.extensions.some((e) => lower.endsWith(e)));
}

/** A string literal's value (`"page.html"`, `'page'`, a template literal without substitutions). */
function literalName(node: Node | undefined): string | undefined {
  const m = node && /^[rbu]?(['"`])([^'"`$\\{}]+)\1$/.exec(node.text.trim());
  return m?.[2];
}

/**
 * The hook from the taint engine's call sinks: `node` calls a render sink. Returns whether
 * something was reported. The context's taint is looked up per variable the template prints raw.
 */
export function checkRenderSink(
  run: TaintRun,
  rule: CompiledRule,
  render: RenderSink,
  node: Node,
  parts: CallParts,
  args: Tainted[],
  kwargs: Map<string, Tainted>,
  frame: FunctionFrame,
  reportable: (t: Tainted) => Taint | undefined,
): boolean {
  const name = literalName(parts.positional[render.template]);
  if (!name) return false;
  const context = render.context === undefined ? null : (args[render.context] ?? null);
  if (!context && !(render.keywords && kwargs.size)) return false;
  const taintOf = (variable: string): Taint | undefined => {
    if (render.keywords && kwargs.has(variable)) return reportable(kwargs.get(variable) ?? null);
    if (!context) return undefined;
    // A strand placed in the variable's key, or the whole context when it is request data itself
    // (`res.render('page', req.query)`); not the result of an unknown call that was given some.
    return reportable(context.filter((x) => (x.field === undefined ? !x.derived && !x.inLiteral : x.field === variable)));
  };
  const syntaxes = render.syntaxes.map((id) => TEMPLATE_SYNTAXES.get(id)!).filter(Boolean);
  const extensions = syntaxes.flatMap((s) => s.extensions);
  const scan = scanTemplates(run.resolver);
  const first = scan.index.resolve(name, frame.file.path, render.folders, extensions);
  if (!first) return false;
  const renderStep = run.step(frame, node, `renders ${name}`);
  let found = false;
  // Breadth-first through includes and extends, which see the same context.
  const queue: { file: string; depth: number; via: TraceStep[] }[] = [{ file: first, depth: 0, via: [] }];
  const seen = new Set<string>([first]);
  while (queue.length) {
    const { file, depth, via } = queue.shift()!;
    const syntax = syntaxOf(file, syntaxes);
    if (!syntax) continue;
    const template = parsedTemplate(scan, run.resolver, file, syntax);
    if (!template) continue;
    for (const out of template.raw) {
      const strand = out.roots.map(taintOf).find((t) => !!t);
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
      const next = scan.index.resolve(ref.name, file, render.folders, extensions);
      if (!next || seen.has(next)) continue;
      seen.add(next);
      queue.push({ file: next, depth: depth + 1, via: [...via, { kind: 'step', file, line: ref.line, column: 1, label: `includes ${ref.name}` }] });
    }
  }
  return found;
}

function parsedTemplate(scan: ScanTemplates, resolver: CallResolver, file: string, syntax: TemplateSyntax): ParsedTemplate | null {
  const key = `${syntax.id}\0${file}`;
  let parsed = scan.parsed.get(key);
  if (parsed === undefined) {
    const text = resolver.text(file);
    parsed = text === undefined ? null : syntax.parse(text);
    scan.parsed.set(key, parsed);
  }
  return parsed;
}

/** For tests and docs: the template languages by id. */
export function templateSyntax(id: string): TemplateSyntax | undefined {
  return TEMPLATE_SYNTAXES.get(id);
}

