// Inline suppressions: a `scanner-ignore` comment on the finding's line or on the
// line above it. `scanner-ignore: SQL_INJECTION, XSS -- reason` limits it to types.
const MARKER = /scanner-ignore(?:\s*:\s*([A-Z0-9_,\s]+?))?(?:\s*(?:--|—|:)\s*(.*))?\s*(?:\*\/|-->|%>|#\})?\s*$/;

export interface Suppression {
  /** undefined = every type. */
  types?: Set<string>;
  reason?: string;
}

/** line number (1-based) → suppression that applies to it. */
export function suppressionsOf(lines: string[]): Map<number, Suppression> {
  const out = new Map<number, Suppression>();
  lines.forEach((text, i) => {
    if (!text.includes('scanner-ignore')) return;
    const m = MARKER.exec(text.slice(text.indexOf('scanner-ignore')));
    if (!m) return;
    const types = m[1]
      ? new Set(m[1].split(/[\s,]+/).filter((t) => /^[A-Z][A-Z0-9_]+$/.test(t)))
      : undefined;
    const s: Suppression = { types: types && types.size ? types : undefined, reason: m[2]?.trim() || undefined };
    out.set(i + 1, s);
    // A comment alone on its line speaks about the next code line.
    if (/^\s*(\/\/|#|\/\*|\*|<!--|<%#|--|\{#)/.test(text)) {
      let next = i + 1;
      while (next < lines.length && lines[next]!.trim() === '') next++;
      out.set(next + 1, s);
    }
  });
  return out;
}

export function isSuppressed(map: Map<number, Suppression>, line: number, type: string): boolean {
  const s = map.get(line);
  return !!s && (!s.types || s.types.has(type));
}
