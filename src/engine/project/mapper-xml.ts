// Reading a MyBatis mapper XML file as text: the interface it maps (its namespace) and the
// statements a line belongs to, for the whole-scan judgements on its `${…}` placeholders.
import type { Finding } from '../types.ts';

/** A `${…}` placeholder; group 1 is its expression. */
export const PLACEHOLDER = /\$\{\s*([^}]*?)\s*\}/g;

/**
 * `findings` without the mapper line rule's `${…}` findings that `leaveOut` judges harmless; the
 * same array when none is.
 */
export function withoutPlaceholders(findings: Finding[], leaveOut: (finding: Finding) => boolean): Finding[] {
  const dropped = new Set(findings.filter((f) => f.type === 'SQL_INJECTION' && f.file.endsWith('.xml') && f.snippet.includes('${') && leaveOut(f)));
  return dropped.size === 0 ? findings : findings.filter((f) => !dropped.has(f));
}

/** The mapper interface a mapper file maps: `<mapper namespace="com.acme.dao.OrderMapper">`. */
export function mapperNamespace(xml: string): { name: string; qualified: string } | undefined {
  const m = /<mapper\b[^>]*\bnamespace\s*=\s*"((?:[\w$]+\.)*([\w$]+))"/.exec(xml);
  return m ? { qualified: m[1]!, name: m[2]! } : undefined;
}

/** The `<select|insert|update|delete|sql id="…">` element the offset lies in, if it is not closed before it. */
function enclosingStatement(xml: string, at: number): { element: string; id: string } | undefined {
  const before = xml.slice(0, at);
  const opening = [...before.matchAll(/<(select|insert|update|delete|sql)\b[^>]*?\bid\s*=\s*"([\w.$-]+)"/g)].pop();
  if (!opening || before.lastIndexOf(`</${opening[1]}>`) > opening.index) return undefined;
  return { element: opening[1]!, id: opening[2]! };
}

/**
 * The ids of the mapper statements the offset lies in: its `<select|insert|update|delete id="…">`,
 * or for a `<sql id="…">` fragment the statements of the file that include it.
 */
export function statementsAt(xml: string, at: number): string[] {
  const statement = enclosingStatement(xml, at);
  if (!statement) return [];
  if (statement.element !== 'sql') return [statement.id];
  const ids: string[] = [];
  for (const include of xml.matchAll(new RegExp(`<include\\b[^>]*\\brefid\\s*=\\s*"${statement.id.replace(/[.$]/g, '\\$&')}"`, 'g'))) {
    ids.push(...statementsAt(xml, include.index));
  }
  return ids;
}

/**
 * Whether every placeholder on the line at `at` is a property that each `<include>` of its `<sql>`
 * fragment sets to fixed text: `<include refid="columns"><property name="alias" value="u"/></include>`
 * for `${alias}.id` in `<sql id="columns">`. MyBatis replaces those while it reads the mapper, before
 * any statement runs, so the text is the mapper's own. A fragment the file never includes, an include
 * without the property, or a value that is itself a placeholder keeps the finding.
 */
export function filledByIncludeProperties(xml: string, at: number): boolean {
  const lineStart = xml.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = xml.indexOf('\n', at);
  const names = [...xml.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) return false;
  const statement = enclosingStatement(xml, at);
  if (statement?.element !== 'sql') return false;
  const id = statement.id.replace(/[.$]/g, '\\$&');
  const includes = [...xml.matchAll(new RegExp(`<include\\b[^>]*\\brefid\\s*=\\s*"(?:[\\w$]+\\.)*${id}"[^>]*?(/?)>`, 'g'))];
  if (includes.length === 0) return false;
  return includes.every((include) => {
    if (include[1] === '/') return false;
    const start = include.index + include[0].length;
    const end = xml.indexOf('</include>', start);
    if (end < 0) return false;
    const fixed = new Set<string>();
    for (const property of xml.slice(start, end).matchAll(/<property\b([^>]*)>/g)) {
      const name = /\bname\s*=\s*"([\w$.]+)"/.exec(property[1]!)?.[1];
      const value = /\bvalue\s*=\s*"([^"]*)"/.exec(property[1]!)?.[1];
      if (name && value !== undefined && !value.includes('${')) fixed.add(name);
    }
    return names.every((n) => fixed.has(n));
  });
}

/** `findings` without the mapper placeholders that include properties fill (`filledByIncludeProperties`). */
export function withoutIncludeProperties(findings: Finding[], texts: ReadonlyMap<string, { text: string }>): Finding[] {
  return withoutPlaceholders(findings, (f) => {
    const xml = texts.get(f.file)?.text;
    if (!xml) return false;
    let at = 0;
    for (let line = 1; line < f.line && at >= 0; line++) at = xml.indexOf('\n', at) + 1 || -1;
    return at >= 0 && filledByIncludeProperties(xml, at);
  });
}
