// What the template module reads out of a template file: the places that print a value
// without escaping it, and the other templates it pulls in with the same context.

/** A value printed without HTML escaping: `{{ bio|safe }}`, `<%- bio %>`, `{!! $bio !!}`. */
export interface RawOutput {
  /** The context variables the printed expression reads (`user` in `user.profile.bio`), after loop and `set` aliases. */
  roots: string[];
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The output's own text, for the trace (`{{ bio|safe }}`). */
  text: string;
}

/** A template included or extended with the same context (`{% include "row.html" %}`). */
export interface TemplateReference {
  name: string;
  line: number;
  /**
   * Names the included template sees that stand for variables of this one's context: its loop
   * variables at the include (`{% for c in comments %}{% include "row.html" %}`), and what the
   * include passes (`with item=c`, `include('row', { item: c })`, `['item' => $c]`, a partial's model).
   */
  bindings?: Record<string, string[]>;
}

export interface ParsedTemplate {
  raw: RawOutput[];
  references: TemplateReference[];
  /** Names of this template that stand for its own variables (a macro's parameter bound by a call in the same file). */
  bindings?: Record<string, string[]>;
}

/** One template language: the file names it claims and how its raw outputs are found. */
export interface TemplateSyntax {
  id: string;
  /** File name endings it reads (`.html`, `.html.twig`), tried in order when a render call names a template without one. */
  extensions: string[];
  /** Reads a file of any other name too when a render names it whole (Go programs name template files freely: `views/top.gtpl`). */
  anyName?: boolean;
  parse(text: string): ParsedTemplate;
}
