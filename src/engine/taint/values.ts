// The values the taint engine computes: the strands of untrusted data a value carries,
// each with its trace, the sanitisers it went through and where in an object it sits,
// and how they combine (branches merge, a field read picks its strands, a step extends
// every trace).
import type { TraceStep } from '../types.ts';

/** A trace keeps its first steps and its last ones: what a reader needs of a long flow. */
const MAX_TRACE = 12;

/** One strand of untrusted data. */
export interface Taint {
  trace: TraceStep[];
  /** Types for which a sanitiser already made this data safe. */
  clean: Set<string>;
  /** Data from a rule's own source counts only for that rule. */
  onlyRule?: string;
  /** The data went into an unknown call as an argument and this is its result (not the data itself). */
  derived?: boolean;
  /**
   * The data went as an argument into a method of an object the code holds (`repo.update(page, input)`,
   * `users.login(creds)`) and this is what came back: a record that object built or fetched. Its fields
   * and methods (`page.url`, `page.getUrl()`) give the record's own data, not the argument.
   */
  record?: boolean;
  /** Data the application stored and read back: untrusted only for these kinds of attack (a source with `stored`). */
  stored?: string[];
  /** Untrusted only as a whole (a source with `exact`): a field read from it is clean. */
  whole?: boolean;
  /** The data sits only in this property of an object literal (`{ text, values: [x] }` has x in `values`). */
  field?: string;
  /** The data went into a string built around it (a template, a concatenation): it is text, never an object. */
  text?: boolean;
  /** The data was placed in a property of an object the code builds (`new Blab { Content = text }`): that property's data, not a bound object. */
  placed?: boolean;
  /** The data was appended to a builder or container (`sb.append(x)`, `parts.push(x)`): part of a larger value. */
  part?: boolean;
  /** The data sits inside an object/dict literal (a property value or a spread), as a query filter holds it. */
  inLiteral?: boolean;
}
export type Tainted = Taint[] | null;

/**
 * The strands of either value (where branches meet); a strand in both stays clean only for what both were cleaned for.
 * The data itself and a value derived from it stay apart: joined, the data would lose what it was cleaned for to
 * the derived value's clean set (a cleaned URL beside the JSON of the parameters is neither uncleaned nor the data).
 */
export function merge(a: Tainted, b: Tainted): Tainted {
  if (!a || a.length === 0) return b && b.length ? b : null;
  if (!b || b.length === 0) return a;
  const out = [...a];
  for (const t of b) {
    const i = out.findIndex((o) => o.onlyRule === t.onlyRule && !!o.whole === !!t.whole && o.field === t.field && !!o.derived === !!t.derived && !!o.stored === !!t.stored);
    if (i < 0) out.push(t);
    else {
      const existing = out[i]!;
      const clean = new Set([...existing.clean].filter((c) => t.clean.has(c)));
      // The data itself on either side stays the data itself (not only a record or a part of one).
      const merged = { ...existing, clean };
      if (existing.record && !t.record) merged.record = undefined;
      if (existing.part && !t.part) merged.part = undefined;
      if (existing.placed && !t.placed) merged.placed = undefined;
      out[i] = merged;
    }
  }
  return out;
}

export function addStep(t: Tainted, step: TraceStep): Tainted {
  if (!t) return null;
  return t.map((x) => {
    const last = x.trace[x.trace.length - 1];
    if (last && last.line === step.line && last.file === step.file) return x;
    const trace = x.trace.length >= MAX_TRACE ? [...x.trace.slice(0, 2), ...x.trace.slice(-(MAX_TRACE - 3)), step] : [...x.trace, step];
    return { ...x, trace };
  });
}

/** What a field of a value carries: everything but whole-value taint. */
export function fieldOf(t: Tainted): Tainted {
  if (!t) return null;
  const out = t.filter((x) => !x.whole);
  return out.length ? out : null;
}

/** What reading property `name` of a value carries: its unplaced taint and the taint placed in that property. */
export function readField(t: Tainted, name: string | undefined): Tainted {
  if (!t) return null;
  if (name === undefined) return fieldOf(t);
  const out: Taint[] = [];
  for (const x of t) {
    if (x.whole || x.record || (x.field !== undefined && x.field !== name)) continue;
    // The property read back is the data placed there, whole.
    out.push(x.field === undefined ? x : { ...x, field: undefined, placed: undefined });
  }
  return out.length ? out : null;
}

/** The strands of a value that are not a record's: what a method called on it can still carry. */
export function withoutRecords(t: Tainted): Tainted {
  const out = t?.filter((x) => !x.record);
  return out && out.length ? out : null;
}

/** A new value computed from tainted parts (a call result, a string): where the data sat no longer matters. */
export function asNewValue(t: Tainted): Tainted {
  if (!t || t.every((x) => x.field === undefined)) return t;
  return t.reduce<Tainted>((acc, x) => merge(acc, [{ ...x, field: undefined }]), null);
}

/** The strands after a sanitiser for `types`; one without types makes the value safe for every use. */
export function sanitize(t: Tainted, types: string[] | undefined): Tainted {
  if (!t) return null;
  if (!types) return null;
  const out = t.map((x) => ({ ...x, clean: new Set([...x.clean, ...types]) }));
  return out;
}

/**
 * The strands after a sanitiser on the call that read them, which leaves stored data (a source with `stored`: the rows
 * a query returns) as it is: the query method keeps its arguments out of SQL, the rows it returns are what was stored.
 */
export function sanitizeUnlessStored(t: Tainted, types: string[] | undefined): Tainted {
  const stored = t?.filter((x) => x.stored);
  if (!stored?.length) return sanitize(t, types);
  return merge(sanitize(t!.filter((x) => !x.stored), types), stored);
}
