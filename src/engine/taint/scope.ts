// What the taint engine knows about names while it walks a body: the strands each
// variable carries, import aliases, declared types, the expressions names were bound to
// and the validations boolean variables hold. Scopes nest (file, function, branch).
import type { Node } from 'web-tree-sitter';
import type { Tainted } from './values.ts';

/** The names of one function body, branch or file, and what they hold. */
export class Scope {
  readonly vars = new Map<string, Tainted>();
  readonly aliases = new Map<string, string>();
  /** The file scope (module bindings, import aliases): shared by every analysis of a tree, never written to. */
  shared = false;
  /** The expression a name was last bound to (`ctx = ssl.create_default_context()`), for conditions that look through variables. */
  readonly defs = new Map<string, Node>();
  /** Names a value was computed from by a call (`parsed = urlparse(url)`): validating the result validates them. */
  readonly derived = new Map<string, string[]>();
  /** For names holding the result of a call: the callee path of that call (`tpl = Handlebars.compile(…)`). */
  readonly origins = new Map<string, string | null>();
  /** Declared types of parameters and typed locals. */
  readonly types = new Map<string, string>();
  /** The expression each variable was last given (for `init` conditions). */
  readonly inits = new Map<string, Node>();
  /** The constant start of a name's text after appends (`url += next`), each appended computed part as `${}` (walk.ts knownStart). */
  readonly appended = new Map<string, string>();
  /** Boolean variables that hold a validation (`boolean ok = next.startsWith("/")`): `if (ok)` is that guard. */
  readonly conditions = new Map<string, Node>();
  /** The names the code assigned in this scope itself (not values the analysis set, such as a check's cleaning). */
  readonly assigned = new Set<string>();
  /** Parameters a call gave a boolean literal (`fetch(url, false)`): what the callee's checks of them answer in that call. */
  readonly flags = new Map<string, boolean>();
  /** Parameters a call gave a template file's name (`render(w, "feed.html", data)`): the template a render call given the parameter renders. */
  readonly templateNames = new Map<string, string>();
  /** `isolated`: a branch of an `if`; assignments stay here until the branches are merged. */
  constructor(
    readonly parent?: Scope,
    readonly isolated = false,
  ) {}

  /** The first answer `read` finds, from this scope outwards. */
  private nearest<T>(read: (s: Scope) => T | undefined): T | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const found = read(s);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  definition(name: string): Node | undefined {
    return this.nearest((s) => s.defs.get(name));
  }

  /**
   * What a name is bound to where it is read: the expression of its nearest assignment, `null` for a
   * parameter or a declaration without a value (nearer than any assignment), undefined for a name the
   * code does not bind (a global, an import).
   */
  binding(name: string): Node | null | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const def = s.defs.get(name);
      if (def) return def;
      if (s.vars.has(name)) return null;
    }
    return undefined;
  }

  typeOf(name: string): string | undefined {
    return this.nearest((s) => s.types.get(name));
  }

  init(name: string): Node | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.vars.has(name) || s.inits.has(name)) return s.inits.get(name);
    }
    return undefined;
  }

  /** The start of a name's text as appends left it, where the name was appended to since it was last assigned. */
  appendedText(name: string): string | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.appended.has(name)) return s.appended.get(name);
      if (s.vars.has(name) || s.inits.has(name)) return undefined;
    }
    return undefined;
  }

  flag(name: string): boolean | undefined {
    return this.givenByCall(name, (s) => s.flags);
  }

  templateName(name: string): string | undefined {
    return this.givenByCall(name, (s) => s.templateNames);
  }

  /** What the call that entered the function gave a parameter (`flags`, `templateNames`), unless the name is bound nearer. */
  private givenByCall<T>(name: string, given: (s: Scope) => Map<string, T>): T | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (given(s).has(name)) return given(s).get(name);
      if (s.vars.has(name)) return undefined;
    }
    return undefined;
  }

  condition(name: string): Node | undefined {
    return this.nearest((s) => s.conditions.get(name));
  }

  origin(name: string): string | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.origins.has(name)) return s.origins.get(name) ?? undefined;
    }
    return undefined;
  }

  inputsOf(name: string): string[] {
    return this.nearest((s) => s.derived.get(name)) ?? [];
  }

  lookup(name: string): Tainted | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.vars.has(name)) return s.vars.get(name);
    }
    return undefined;
  }

  /**
   * What the code stored in the fields of a local object since it was declared (`opts.url = req.query.u`), each strand
   * placed in its field as an object literal's property is (`{ url: … }`): the object passed on carries them. Read from
   * this scope out to the one that declares the name; null when no field holds anything.
   */
  storedMembers(name: string): Tainted {
    let out: Tainted = null;
    const prefix = `${name}.`;
    for (let s: Scope | undefined = this; s && !s.shared; s = s.parent) {
      for (const [key, value] of s.vars) {
        if (!value || !key.startsWith(prefix)) continue;
        const field = key.slice(prefix.length).split('.')[0]!;
        if (field && !field.includes('[')) out = [...(out ?? []), ...value.map((x) => ({ ...x, field }))];
      }
      if (s.vars.has(name)) break;
    }
    return out;
  }

  alias(name: string): string | undefined {
    return this.nearest((s) => s.aliases.get(name) || undefined);
  }

  assign(name: string, value: Tainted): void {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.vars.has(name) && s !== this && !name.includes('.')) {
        s.vars.set(name, value);
        s.assigned.add(name);
        return;
      }
      if (s.isolated) break;
    }
    this.vars.set(name, value);
    this.assigned.add(name);
    // A new value for `a` replaces what was known about `a.b`.
    if (!name.includes('.')) {
      for (const key of this.vars.keys()) if (key.startsWith(`${name}.`)) this.vars.delete(key);
    }
  }
}
