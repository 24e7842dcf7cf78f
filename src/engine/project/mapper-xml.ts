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

/**
 * The ids of the mapper statements the offset lies in: its `<select|insert|update|delete id="…">`,
 * or for a `<sql id="…">` fragment the statements of the file that include it.
 */
export function statementsAt(xml: string, at: number): string[] {
  const before = xml.slice(0, at);
  const opening = [...before.matchAll(/<(select|insert|update|delete|sql)\b[^>]*?\bid\s*=\s*"([\w.$-]+)"/g)].pop();
  if (!opening) return [];
  // Closed before the offset: the line is not inside it.
  if (before.lastIndexOf(`</${opening[1]}>`) > opening.index) return [];
  if (opening[1] !== 'sql') return [opening[2]!];
  const ids: string[] = [];
  for (const include of xml.matchAll(new RegExp(`<include\\b[^>]*\\brefid\\s*=\\s*"${opening[2]!.replace(/[.$]/g, '\\$&')}"`, 'g'))) {
    ids.push(...statementsAt(xml, include.index));
  }
  return ids;
}
