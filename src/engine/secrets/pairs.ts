// Credentials written as separate name and value fields, where the line holding the
// value does not say what it is: a Kubernetes or Helm `env` entry (`- name: DD_API_KEY`
// then `value: "…"`), an ECS task definition, Render blueprint or ARM app setting
// (`{"name": "API_TOKEN", "value": "…"}`, `- key: X` / `value: …`), Terraform's
// `env { name = "…" value = "…" }`, and docker-compose `environment:` lists written as
// quoted strings (`- "API_TOKEN=…"`). The generic rule judges the name and the value as it
// does for an assignment; this module only finds the pairs.

/** A name field and the value field of the same entry. `line`/`at`: where the value starts. */
export interface PairCandidate {
  name: string;
  value: string;
  line: number;
  at: number;
}

interface Lines {
  readonly count: number;
  lineText(line: number): string;
}

/**
 * An entry's name field: `- name: X`, `name: X`, `"name": "X",`, `{ name: X, …`, `name = "X"`,
 * `- key: X` (Render), `- Name: X` (CloudFormation). The name must read as an identifier:
 * an Ansible task's `- name: Set the password` is a description.
 */
const NAME_FIELD = /^([ \t]*)(?:-[ \t]+)?(?:\{[ \t]*)?(["']?)(?:name|Name|NAME|key|Key)\2[ \t]*[:=][ \t]*(["']?)([A-Za-z_][\w.-]*)\3[ \t]*/;
/** A value field where an entry's next field starts (`value: …`, `"Value": …`, `value = …`). */
const VALUE_FIELD = /^(["']?)(?:value|Value|VALUE)\1[ \t]*[:=](?![:=])[ \t]*/;
/** A docker-compose environment entry written as one quoted string: `- "API_TOKEN=…"`. */
const QUOTED_ENV_ENTRY = /^[ \t]*-[ \t]+(["'])([A-Za-z_][\w.]*)=((?:(?!\1).)*)\1[ \t]*(?:#.*)?$/;
/** A name field followed on the same line by more fields of its entry: `{"name": "X", "value": "…"}`. */
const INLINE_NAME_FIELD = /(?:^|[{,\s])(["']?)(?:name|Name|NAME|key|Key)\1[ \t]*[:=][ \t]*(["']?)([A-Za-z_][\w.-]*)\2[ \t]*,/g;
const INLINE_VALUE_FIELD = /[{,\s](["']?)(?:value|Value|VALUE)\1[ \t]*[:=](?![:=])[ \t]*/;
/** A trailing comment saying the value is to be replaced. */
const STAND_IN_COMMENT = /(?:#|\/\/).*\b(?:replace|your|change\s*(?:me|this|it)|example|dummy|fake)\b/i;
/** How far below its name an entry's value may stand (other fields of the entry in between). */
const MAX_ENTRY_LINES = 8;

/**
 * Pairs whose name field is on `lineNumber`, for names `wanted` accepts. `unquoted`: the file's
 * format takes a bare value as a literal (YAML); elsewhere a bare value is an expression
 * (`value = var.db_password` in Terraform) or a number.
 */
export function pairsAt(lines: Lines, lineNumber: number, unquoted: boolean, wanted: (name: string) => boolean): PairCandidate[] {
  const line = lines.lineText(lineNumber);
  const env = QUOTED_ENV_ENTRY.exec(line);
  if (env && unquoted) {
    if (!wanted(env[2])) return [];
    const at = line.indexOf('=', line.indexOf(env[1]) + 1) + 1;
    return [{ name: env[2], value: env[3], line: lineNumber, at }];
  }
  const inline = inlinePairs(line, lineNumber, unquoted, wanted);
  if (inline.length) return inline;
  const field = NAME_FIELD.exec(line);
  if (!field || !wanted(field[4])) return [];
  const name = field[4];
  const rest = line.slice(field[0].length);
  // Nothing but the name on this line: the value is a later field of the entry, written at the
  // column where this entry's fields start. A line left of it ends the entry (the next list item,
  // the closing brace); lines right of it belong to a field in between.
  if (!/^[ \t]*(?:,[ \t]*)?(?:#.*|\/\/.*)?$/.test(rest)) return [];
  // `- name: ACCESS_KEY   # replace with your access key`: the value below is a stand-in.
  if (STAND_IN_COMMENT.test(rest)) return [];
  const column = field[0].search(/["']?(?:name|Name|NAME|key|Key)["']?[ \t]*[:=]/);
  for (let next = lineNumber + 1; next < lines.count && next <= lineNumber + MAX_ENTRY_LINES; next++) {
    const text = lines.lineText(next);
    const indent = text.search(/\S/);
    if (indent < 0 || /^(#|\/\/)/.test(text.slice(indent))) continue;
    if (indent < column) break;
    if (indent > column) continue;
    const valueField = VALUE_FIELD.exec(text.slice(indent));
    if (!valueField) continue;
    const value = readValue(text, indent + valueField[0].length, unquoted);
    if (STAND_IN_COMMENT.test(text.slice(indent + valueField[0].length))) return [];
    return value ? [{ name, value: value.text, line: next, at: value.at }] : [];
  }
  return [];
}

/** Entries written on one line: `- { name: API_TOKEN, value: "…" }`, ECS's `{"name": "X", "value": "…"}`. */
function inlinePairs(line: string, lineNumber: number, unquoted: boolean, wanted: (name: string) => boolean): PairCandidate[] {
  const out: PairCandidate[] = [];
  INLINE_NAME_FIELD.lastIndex = 0;
  for (let m = INLINE_NAME_FIELD.exec(line); m; m = INLINE_NAME_FIELD.exec(line)) {
    if (!wanted(m[3])) continue;
    const from = m.index + m[0].length - 1;
    // The value field of the same entry: before the entry's closing brace.
    const close = line.indexOf('}', from);
    const entry = line.slice(from, close < 0 ? line.length : close);
    const field = INLINE_VALUE_FIELD.exec(entry);
    if (!field) continue;
    const value = readValue(line, from + field.index + field[0].length, unquoted);
    if (value) out.push({ name: m[3], value: value.text, line: lineNumber, at: value.at });
  }
  return out;
}

/**
 * The literal that starts at `from`: a quoted string, or (where bare values are literals) one
 * bare word up to a separator. Expressions, block scalars, flow collections and words with
 * spaces are not literals.
 */
function readValue(line: string, from: number, unquoted: boolean): { text: string; at: number } | undefined {
  const quote = line[from];
  if (quote === '"' || quote === "'") {
    const end = line.indexOf(quote, from + 1);
    if (end < 0) return undefined;
    const text = line.slice(from + 1, end);
    // ARM template expressions (`"[parameters('dbPassword')]"`) are evaluated at deployment.
    if (/^\[.*\]$/.test(text)) return undefined;
    return { text, at: from + 1 };
  }
  if (!unquoted) return undefined;
  const bare = /^[^\s,}\]#'"`|>{[*&!]+/.exec(line.slice(from));
  if (!bare) return undefined;
  // `value: Updated by the deploy job` (words) or `{{ .Values.x | quote }}` (a template): not one literal.
  const after = line.slice(from + bare[0].length).replace(/[ \t]+#.*$/, '');
  if (!/^[ \t]*[,}\]]?[ \t]*$/.test(after)) return undefined;
  return { text: bare[0], at: from };
}
