// Thymeleaf (Spring MVC): `th:text` and `[[${x}]]` escape, `th:utext` and `[(${x})]` do not.
// `th:each` and `th:with` names are followed back to the model attribute they read; fragments
// pulled in with `th:insert` / `th:replace` / `th:include` / `layout:decorate` share the model.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { Positions, resolveAliases, rootsOf } from './text.ts';

const TOKEN = /<!--[\s\S]*?-->|\bth:(utext|each|with|insert|replace|include)\s*=\s*("[^"]*"|'[^']*')|\blayout:decorate\s*=\s*("[^"]*"|'[^']*')|\[\(([\s\S]*?)\)\]/g;
/** Expression utilities that escape what they are given. */
const ESCAPED = /#(strings\.escape\w+|uris\.escape\w+)\s*\(/;

function expressionsIn(value: string): string[] {
  return [...value.matchAll(/[$*]\{([^}]*)\}/g)].map((m) => m[1]!);
}

function parse(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const aliases = new Map<string, string[]>();
  const resolved = (names: string[]) => resolveAliases(aliases, names);
  const rootsIn = (value: string) => resolved(expressionsIn(value).flatMap((e) => (ESCAPED.test(e) ? [] : rootsOf(e.replace(/#\w+(\.\w+)*/g, '')))));
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index!;
    if (m[0].startsWith('<!--')) continue;
    const attribute = m[1];
    const value = (m[2] ?? m[3])?.slice(1, -1);
    if (m[4] !== undefined) {
      const roots = rootsIn(m[4]);
      if (roots.length) raw.push({ roots, ...positions.span(at, at + m[0].length), text: m[0] });
    } else if (attribute === 'utext') {
      const roots = rootsIn(value!);
      if (roots.length) raw.push({ roots, ...positions.span(at, at + m[0].length), text: m[0] });
    } else if (attribute === 'each') {
      const loop = /^\s*(\w+)\s*(?:,\s*(\w+)\s*)?:\s*(.+)$/.exec(value!);
      if (loop) {
        const from = rootsIn(loop[3]!);
        aliases.set(loop[1]!, from);
        if (loop[2]) aliases.set(loop[2], from);
      }
    } else if (attribute === 'with') {
      for (const pair of value!.matchAll(/(\w+)\s*=\s*([$*]\{[^}]*\})/g)) aliases.set(pair[1]!, rootsIn(pair[2]!));
    } else {
      // `~{fragments/footer :: footer}`, `fragments/footer :: footer`, `~{layout}`.
      const name = /^\s*(?:~\{)?\s*([\w./-]+)/.exec(value!)?.[1];
      if (name) references.push({ name, line: positions.at(at).line });
    }
  }
  return { raw, references };
}

export const thymeleaf: TemplateSyntax = { id: 'thymeleaf', extensions: ['.html'], parse };
