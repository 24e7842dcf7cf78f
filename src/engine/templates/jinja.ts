// Jinja2, Django templates, Twig and Nunjucks: `{{ … }}` escapes unless a filter marks the value
// safe (`|safe`, `|raw`) or an `{% autoescape off %}` block is around it. Loop variables, `set`
// and `with` names are followed back to the context variable they come from.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { Positions, blankTags, inScriptCode, rootsOf, scriptBodies, splitTopLevel } from './text.ts';

/** Filters whose output is escaped or cannot hold markup, whatever comes after them. */
const ESCAPING = new Set([
  'e', 'escape', 'force_escape', 'escapejs', 'urlencode', 'url_encode', 'length', 'count', 'int', 'float', 'abs',
  'round', 'wordcount', 'filesizeformat', 'date', 'time', 'timesince', 'timeuntil', 'yesno', 'tojson', 'json_script',
  'json_encode', 'pluralize', 'slugify', 'add_class', 'naturaltime', 'intcomma',
]);

/**
 * Route URL builders (Flask's `url_for`, Twig's `path` and `url`): the URL they print percent-encodes every
 * argument, so a quote or a tag cannot come out of it, in an attribute, a script or an event handler.
 */
const URL_BUILDER = /^\s*(?:url_for|path|url)\s*\(([\s\S]*)\)\s*$/;

const TAG = /\{\{-?([\s\S]*?)-?\}\}|\{%-?\s*([\s\S]*?)\s*-?%\}|\{#[\s\S]*?#\}/g;

function jinjaFamily(id: string, extensions: string[], rawFilters: string[]): TemplateSyntax {
  const raw = new Set(rawFilters);
  return { id, extensions, parse: (text) => parse(text, raw) };
}

function parse(text: string, rawFilters: Set<string>): ParsedTemplate {
  const positions = new Positions(text);
  const out: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const autoescape: boolean[] = [true];
  /** Names bound by `for`/`with`/`set`, innermost last; each maps to the context variables it reads. */
  const scopes: { closer?: string; names: Map<string, string[]> }[] = [{ names: new Map() }];
  let skipUntil: RegExp | undefined;
  const scripts = scriptBodies(text);
  const code = blankTags(text, /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g);
  const resolve = (names: string[]): string[] => {
    const out = new Set<string>();
    for (const n of names) {
      let found: string[] | undefined;
      for (let i = scopes.length - 1; i >= 0 && !found; i--) found = scopes[i]!.names.get(n);
      for (const r of found ?? [n]) out.add(r);
    }
    return [...out];
  };
  /** The loop, `with` and `set` names in force, for a template included here. */
  const visible = (): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const scope of scopes) for (const [k, v] of scope.names) out[k] = v;
    return out;
  };
  // Macros: a parameter printed raw inside `{% macro field(value) %}` reads `field(#0)` / `field(value)`,
  // which each call binds to its argument (`{{ field(q) }}` here, `{{ forms.field(q) }}` after an import).
  const local: Record<string, string[]> = {};
  const imported = new Map<string, { file: string; macro?: string }>();
  const importRefs = new Map<string, TemplateReference>();
  const bindCall = (callee: string, args: string, line: number) => {
    const dot = callee.indexOf('.');
    const via = imported.get(dot < 0 ? callee : callee.slice(0, dot));
    const macro = dot < 0 ? (via?.macro ?? callee) : callee.slice(dot + 1);
    const bindings = via ? (importRefs.get(via.file) ?? importRefs.set(via.file, { name: via.file, line, bindings: {} }).get(via.file)!).bindings! : local;
    splitTopLevel(args, ',').forEach((arg, i) => {
      const named = /^\s*(\w+)\s*=(?!=)\s*([\s\S]*)$/.exec(arg);
      const key = named ? `${macro}(${named[1]})` : `${macro}(#${i})`;
      const roots = resolve(rootsOf(named ? named[2]! : arg));
      if (roots.length) bindings[key] = [...new Set([...(bindings[key] ?? []), ...roots])];
    });
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
    const statement = m[2];
    if (skipUntil) {
      if (statement !== undefined && skipUntil.test(statement)) skipUntil = undefined;
      continue;
    }
    if (m[1] !== undefined) {
      const filters = splitTopLevel(m[1], '|');
      const expression = filters.shift()!;
      for (const call of expression.matchAll(/\b([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\s*\(([^()]*)\)/g)) bindCall(call[1]!, call[2]!, positions.at(m.index).line);
      const names = filters.map((f) => /^\s*(\w+)/.exec(f)?.[1] ?? '');
      if (names.some((f) => ESCAPING.has(f))) continue;
      if (isUrlBuilderCall(expression)) continue;
      const marked = names.some((f) => rawFilters.has(f));
      // HTML escaping does not protect a value printed as script code (outside a JS string) or
      // into an event handler attribute, whose entities are decoded before the script runs.
      if (!marked && autoescape[autoescape.length - 1] && !inScriptCode(code, m.index, scripts)) continue;
      // Twig's `{{ include('row.html') }}` prints another template, not a value.
      const include = /^\s*(?:include|source)\(\s*['"]([^'"]+)['"]/.exec(expression);
      if (include) {
        references.push({ name: include[1]!, line: positions.at(m.index).line, bindings: visible() });
        continue;
      }
      const roots = resolve(rootsOf(expression));
      if (roots.length) out.push({ roots, ...positions.span(m.index, m.index + m[0].length), text: m[0] });
      continue;
    }
    if (statement === undefined) continue;
    const word = /^(\w+)/.exec(statement)?.[1] ?? '';
    switch (word) {
      case 'comment':
        skipUntil = /^endcomment\b/;
        break;
      case 'raw':
      case 'verbatim':
        skipUntil = new RegExp(`^end${word}\\b`);
        break;
      case 'autoescape': {
        const setting = statement.slice(word.length).trim();
        autoescape.push(!/^(off|false)\b/i.test(setting));
        break;
      }
      case 'endautoescape':
        if (autoescape.length > 1) autoescape.pop();
        break;
      case 'filter':
        // `{% filter safe %}…{% endfilter %}`: treated like a block with autoescaping off.
        autoescape.push(!/\b(safe|raw)\b/.test(statement));
        break;
      case 'endfilter':
        if (autoescape.length > 1) autoescape.pop();
        break;
      case 'for': {
        const loop = /^for\s+([\w\s,()]+?)\s+in\s+([\s\S]+?)(?:\s+if\s[\s\S]*)?(?:\s+recursive)?$/.exec(statement);
        const names = new Map<string, string[]>();
        if (loop) {
          const from = resolve(rootsOf(loop[2]!));
          for (const n of loop[1]!.split(/[\s,()]+/)) if (n) names.set(n, from);
        }
        scopes.push({ closer: 'endfor', names });
        break;
      }
      case 'with': {
        const names = new Map<string, string[]>();
        const rest = statement.slice(4);
        // Django's old form `{% with expr as name %}`, and `name=expr` pairs.
        const old = /^\s*([\s\S]+?)\s+as\s+(\w+)\s*$/.exec(rest);
        if (old) names.set(old[2]!, resolve(rootsOf(old[1]!)));
        else for (const pair of rest.matchAll(/(\w+)\s*=\s*((?:"[^"]*"|'[^']*'|[^\s=])+)/g)) names.set(pair[1]!, resolve(rootsOf(pair[2]!)));
        scopes.push({ closer: 'endwith', names });
        break;
      }
      case 'endfor':
      case 'endwith':
        if (scopes.length > 1 && scopes[scopes.length - 1]!.closer === word) scopes.pop();
        break;
      case 'macro': {
        const macro = /^macro\s+(\w+)\s*\(([^)]*)\)/.exec(statement);
        const names = new Map<string, string[]>();
        splitTopLevel(macro?.[2] ?? '', ',').forEach((param, i) => {
          const name = /^\s*(\w+)/.exec(param)?.[1];
          if (name && macro) names.set(name, [`${macro[1]}(#${i})`, `${macro[1]}(${name})`]);
        });
        scopes.push({ closer: 'endmacro', names });
        break;
      }
      case 'endmacro':
        if (scopes.length > 1 && scopes[scopes.length - 1]!.closer === word) scopes.pop();
        break;
      case 'call': {
        const call = /^call(?:\([^)]*\))?\s+([\w.]+)\s*\(([^()]*)\)/.exec(statement);
        if (call) bindCall(call[1]!, call[2]!, positions.at(m.index).line);
        break;
      }
      case 'import':
      case 'from': {
        // `{% import "forms.html" as forms %}`, `{% from "forms.html" import field, other as o %}`.
        const whole = /^import\s+['"]([^'"]+)['"]\s+as\s+(\w+)/.exec(statement);
        if (whole) imported.set(whole[2]!, { file: whole[1]! });
        const some = /^from\s+['"]([^'"]+)['"]\s+import\s+([\s\S]+?)(?:\s+with(?:out)?\s+context)?$/.exec(statement);
        for (const item of some ? some[2]!.split(',') : []) {
          const [name, alias] = item.trim().split(/\s+as\s+/);
          if (name) imported.set(alias ?? name, { file: some![1]!, macro: name });
        }
        break;
      }
      case 'set': {
        const assignment = /^set\s+(\w+)\s*=\s*([\s\S]+)$/.exec(statement);
        if (assignment) scopes[scopes.length - 1]!.names.set(assignment[1]!, resolve(rootsOf(assignment[2]!)));
        break;
      }
      case 'include':
      case 'extends':
      case 'embed': {
        const name = /^\w+\s+['"]([^'"]+)['"]/.exec(statement)?.[1];
        if (!name) break;
        const bindings = visible();
        // Django `with item=c`, Twig `with {'item': c}`.
        const given = /\swith\s+([\s\S]*?)(?:\s+only)?$/.exec(statement)?.[1] ?? '';
        for (const pair of given.matchAll(/['"]?(\w+)['"]?\s*[=:]\s*((?:"[^"]*"|'[^']*'|[^\s,}=])+)/g)) bindings[pair[1]!] = resolve(rootsOf(pair[2]!));
        references.push({ name, line: positions.at(m.index).line, bindings });
        break;
      }
    }
  }
  references.push(...importRefs.values());
  return { raw: out, references, bindings: local };
}

/** Jinja2 (Flask) and Django templates: `|safe`, `|safeseq`, `{% autoescape off %}` / `{% autoescape false %}`. */
export const jinja = jinjaFamily('jinja', ['.html', '.htm', '.jinja', '.jinja2', '.j2', '.djhtml', '.xml', '.svg'], ['safe', 'safeseq']);
/** Twig (Symfony): `|raw`, `{% autoescape false %}`. */
export const twig = jinjaFamily('twig', ['.html.twig', '.twig'], ['raw']);
/** Nunjucks (Express): `|safe`, `{% autoescape false %}`. */
export const nunjucks = jinjaFamily('nunjucks', ['.njk', '.nunjucks', '.html'], ['safe']);

/** Whether the whole expression is one call of a URL builder (`url_for('edit', name=user.name)`, not `url_for('a') ~ name`). */
function isUrlBuilderCall(expression: string): boolean {
  const args = URL_BUILDER.exec(expression.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '""'))?.[1];
  if (args === undefined) return false;
  let depth = 0;
  for (const c of args) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
