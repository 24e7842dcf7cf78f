// Go's text/template: nothing it prints is escaped, so every action that prints a value
// (`{{.Bio}}`, `{{printf "%s" .Bio}}`, `{{$b}}`) is raw output, unless the pipeline ends in one of the
// package's escapers (`{{.Bio | html}}`, `{{html .Bio}}`, `js`, `urlquery`) or prints no text of the
// data (`{{len .Items}}`, `{{if eq .A .B}}`). (html/template escapes by context: its sink is the
// `template.HTML(v)` conversion in Go code, not a template line.)
//
// The data a template is executed with is `$`; `.` is `$` until `range`/`with` move it to what they
// iterate or test, which is then what `.Field` reads. A root is `$` (the whole data) or `$.Field`
// (one field of it): the render sink's `contextName: $` looks the field up in the data's taint.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { Positions, splitTopLevel } from './text.ts';

const ACTION = /\{\{(-\s+)?([\s\S]*?)(\s+-)?\}\}/g;
const STRING = /"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'/g;
/** Functions whose result is none of the data's text (a count, a comparison), and the escapers. */
const NO_TEXT = new Set(['len', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'not']);
const ESCAPERS = new Set(['html', 'js', 'urlquery']);

/** The context roots a pipeline reads, given what `.` stands for and the template's variables. */
function pipelineRoots(pipeline: string, dot: string[], variables: Map<string, string[]>): string[] {
  const code = pipeline.replace(STRING, '""');
  const out = new Set<string>();
  for (const m of code.matchAll(/(?<![\w)\]])(\$\w*|\.)((?:\.\w+)*)/g)) {
    const [, head, chain] = m as unknown as [string, string, string];
    const first = /^\.(\w+)/.exec(chain)?.[1];
    if (head === '$') out.add(first ? `$.${first}` : '$');
    else if (head === '.') {
      // `.` alone, or `.Field` of what `.` stands for: a field of the data when `.` is the data itself.
      const field = /^(\w+)/.exec(code.slice(m.index! + 1))?.[1];
      for (const d of dot) out.add(d === '$' && field ? `$.${field}` : d);
    } else for (const r of variables.get(head) ?? []) out.add(r);
  }
  return [...out];
}

/** Does the pipeline print the data's text as it is? Not when its last command escapes it or it computes no text. */
function printsRaw(pipeline: string): boolean {
  // The commands of the pipeline (`a | b c`), split at top-level `|`.
  const parts = splitTopLevel(pipeline, '|').map((c) => c.trim());
  const last = /^\w+/.exec(parts.at(-1)!)?.[0];
  if (last && ESCAPERS.has(last)) return false;
  const first = /^\w+/.exec(parts[0]!)?.[0];
  return !(parts.length === 1 && first && NO_TEXT.has(first));
}

function parseGoTemplate(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const variables = new Map<string, string[]>();
  // What `.` stands for in each open block; `end` closes the innermost.
  const dots: string[][] = [['$']];
  const dot = () => dots.at(-1)!;
  for (const m of text.matchAll(ACTION)) {
    const action = m[2]!.trim();
    if (!action || action.startsWith('/*')) continue;
    const keyword = /^(if|else if|else with|else|range|with|end|define|block|template|break|continue)\b/.exec(action)?.[1];
    const rest = keyword ? action.slice(keyword.length).trim() : action;
    if (keyword === 'end') {
      if (dots.length > 1) dots.pop();
      continue;
    }
    if (keyword === 'break' || keyword === 'continue') continue;
    if (keyword === 'else') {
      // The else branch of `range`/`with` runs with the enclosing block's `.`.
      if (dots.length > 1) dots[dots.length - 1] = dots.at(-2)!;
      continue;
    }
    if (keyword === 'if' || keyword === 'else if' || keyword === 'define') {
      // A new block of the same `.` (a `define` body is executed with what its caller passes: taken as the data).
      if (keyword !== 'else if') dots.push(keyword === 'define' ? ['$'] : dot());
      continue;
    }
    // `range $i, $e := .Items`, `with $u := .User`: the variables and `.` stand for what is iterated or tested.
    const declared = /^((?:\$\w+\s*,\s*)?\$\w+)\s*:?=\s*([\s\S]*)$/.exec(rest);
    const pipeline = declared ? declared[2]! : rest;
    if (keyword === 'range' || keyword === 'with' || keyword === 'else with') {
      // `else with` tests its pipeline with the enclosing block's `.`.
      const base = keyword === 'else with' && dots.length > 1 ? dots.at(-2)! : dot();
      const roots = pipelineRoots(pipeline, base, variables);
      // `range $i, $e := …`: the index is a number; the element (the only variable, when one is declared) is the data.
      const names = declared?.[1]!.match(/\$\w+/g) ?? [];
      names.forEach((v, i) => variables.set(v, i === names.length - 1 ? roots : []));
      if (keyword === 'else with') dots[dots.length - 1] = roots;
      else dots.push(roots);
      continue;
    }
    if (keyword === 'template' || keyword === 'block') {
      // `{{template "row" .}}`: the named template sees what this passes as its data.
      const named = /^"([^"]+)"\s*([\s\S]*)$/.exec(rest);
      if (named) {
        const given = named[2]!.trim();
        const roots = given ? pipelineRoots(given, dot(), variables) : [];
        const same = roots.length === 1 && roots[0] === '$';
        references.push({ name: named[1]!, line: positions.at(m.index!).line, ...(same ? {} : { bindings: { $: roots } }) });
      }
      if (keyword === 'block') dots.push(dot());
      continue;
    }
    if (declared) {
      variables.set(declared[1]!.match(/\$\w+/g)!.at(-1)!, pipelineRoots(pipeline, dot(), variables));
      continue;
    }
    if (!printsRaw(pipeline)) continue;
    const roots = pipelineRoots(pipeline, dot(), variables);
    if (roots.length) raw.push({ roots, ...positions.span(m.index!, m.index! + m[0].length), text: m[0] });
  }
  return { raw, references };
}

export const goText: TemplateSyntax = {
  id: 'gotext',
  extensions: ['.html', '.tmpl', '.gohtml', '.gotmpl', '.tpl', '.htm'],
  anyName: true,
  parse: parseGoTemplate,
};
