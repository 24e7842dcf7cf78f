// Blade (Laravel): `{{ $x }}` escapes, `{!! $x !!}` does not. `@foreach ($items as $item)` and
// `@php $x = $y; @endphp` are followed back to the view data they read; `@include`, `@extends`,
// `@component` and `@each` pull in other views with the same data.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { blankTags, inScriptCode, Positions, resolveAliases, rootsOf, scriptBodies } from './text.ts';

const TOKEN = /\{\{--[\s\S]*?--\}\}|\{!!([\s\S]*?)!!\}|@?\{\{([\s\S]*?)\}\}|@(foreach|forelse|include|includeIf|includeWhen|extends|component|each|php)\b\s*(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?|@endphp\b/g;

function parse(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const aliases = new Map<string, string[]>();
  const resolved = (names: string[]) => resolveAliases(aliases, names);
  let phpFrom = -1;
  const scripts = scriptBodies(text);
  const blanked = blankTags(text, /\{\{[\s\S]*?\}\}|\{!![\s\S]*?!!\}|@\w+\s*(\((?:[^()]|\([^()]*\))*\))?/g);
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index!;
    if (m[0].startsWith('{{--')) continue;
    // `{{ $x }}` escapes for HTML, which does not protect script code (text.ts inScriptCode); `@{{ }}` is literal text.
    if (m[2] !== undefined && (m[0].startsWith('@') || !inScriptCode(blanked, at, scripts))) continue;
    if (m[1] !== undefined || m[2] !== undefined) {
      const roots = resolved(rootsOf((m[1] ?? m[2])!, '$'));
      if (roots.length) raw.push({ roots, ...positions.span(at, at + m[0].length), text: m[0] });
      continue;
    }
    const directive = m[3];
    const args = m[4]?.slice(1, -1) ?? '';
    if (m[0] === '@endphp') {
      if (phpFrom >= 0) bindAssignments(text.slice(phpFrom, at), aliases, resolved);
      phpFrom = -1;
    } else if (directive === 'php') {
      if (args) bindAssignments(args, aliases, resolved);
      else phpFrom = at + m[0].length;
    } else if (directive === 'foreach' || directive === 'forelse') {
      const loop = /^\s*([\s\S]+?)\s+as\s+(?:\$(\w+)\s*=>\s*)?\$(\w+)\s*$/.exec(args);
      if (loop) {
        const from = resolved(rootsOf(loop[1]!, '$'));
        aliases.set(loop[3]!, from);
        if (loop[2]) aliases.set(loop[2], from);
      }
    } else if (directive) {
      // `@include('partials.row')`, `@each('row', $items, 'item')`, `@includeWhen($c, 'x')`.
      const name = /['"]([\w./-]+)['"]/.exec(args)?.[1];
      if (!name) continue;
      // The view sees the names bound here and what it is given (`['item' => $c]`; `@each('row', $items, 'item')`).
      const bindings: Record<string, string[]> = Object.fromEntries(aliases);
      for (const pair of args.matchAll(/['"](\w+)['"]\s*=>\s*([^,\]]+)/g)) bindings[pair[1]!] = resolved(rootsOf(pair[2]!, '$'));
      const each = directive === 'each' ? /^\s*['"][^'"]+['"]\s*,\s*([^,]+),\s*['"](\w+)['"]/.exec(args) : null;
      if (each) bindings[each[2]!] = resolved(rootsOf(each[1]!, '$'));
      references.push({ name, line: positions.at(at).line, bindings });
    }
  }
  return { raw, references };
}

function bindAssignments(code: string, aliases: Map<string, string[]>, resolved: (n: string[]) => string[]): void {
  for (const a of code.matchAll(/\$(\w+)\s*=(?!=)\s*([^;]+)/g)) aliases.set(a[1]!, resolved(rootsOf(a[2]!, '$')));
}

export const blade: TemplateSyntax = { id: 'blade', extensions: ['.blade.php'], parse };
