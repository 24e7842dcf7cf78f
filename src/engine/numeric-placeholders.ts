// MyBatis placeholders bound to a number. `${…}` pastes a parameter's text into the statement, and
// the mapper line rule reports each one; but where the mapper interface's method declares that
// parameter as a number, boolean, date or id (`@Param("productId") Long productId`, for a table
// name such as `product_property_${productId}`), MyBatis is handed a value of that type, whose text
// cannot carry SQL: the Java compiler lets nothing else through.
//
// This needs the mapper's Java interface, so it is judged per scan, after the files' results: a
// `${…}` finding in a mapper XML is left out when every placeholder on its line names a parameter
// of its statement's method (by `@Param` name, or the only parameter of a method that has one) whose
// declared type is one of Java's scalar types (`java.scalarParameters`, the list the taint analysis
// uses for the same reason). A placeholder reading a property of a parameter (`${query.sort}`), a
// method the scan does not find, or one of several methods of that name keeps the finding.
import { java } from './languages/java.ts';
import { declaredFieldType, offsetOf } from './project/declarations.ts';
import { mapperNamespace, PLACEHOLDER, statementsAt, withoutPlaceholders } from './project/mapper-xml.ts';
import type { Finding } from './types.ts';


const isScalarType = (type: string) => !!java.scalarParameters?.test(type.trim());

export class NumericPlaceholders {
  /** Per mapper interface (qualified name) or class (`class Name`), its file's text; null when the scan holds none or several. */
  private readonly files = new Map<string, string | null>();

  constructor(private readonly texts: ReadonlyMap<string, { text: string }>) {}

  /** `findings` without the mapper placeholders bound to scalar parameters; the same array when none is. */
  filter(findings: Finding[]): Finding[] {
    return withoutPlaceholders(findings, (f) => this.boundToScalars(f));
  }

  private boundToScalars(finding: Finding): boolean {
    const xml = this.texts.get(finding.file)?.text;
    const namespace = xml === undefined ? undefined : mapperNamespace(xml);
    if (!xml || !namespace) return false;
    const names = [...(xml.split(/\r?\n/)[finding.line - 1] ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]!);
    if (names.length === 0 || !names.every((n) => /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(n))) return false;
    // A `<foreach item="x">`, `index="x"` or `<bind name="x">` of the file may shadow a parameter of that name.
    const local = new Set([...xml.matchAll(/\b(?:item|index)\s*=\s*"([\w$]+)"|<bind\b[^>]*\bname\s*=\s*"([\w$]+)"/g)].map((m) => m[1] ?? m[2]));
    if (names.some((n) => local.has(n.split('.')[0]))) return false;
    const source = this.interfaceText(namespace.qualified, namespace.name);
    const statements = statementsAt(xml, offsetOf(xml, finding.line, 1));
    if (!source || statements.length === 0) return false;
    return statements.every((id) => {
      const parameters = parametersOf(source, id);
      return !!parameters && names.every((name) => this.isScalar(name.split('.'), parameters));
    });
  }

  /**
   * Whether placeholder path `path` (`productId`, `device.id`) reads a scalar: a parameter bound by
   * that name, or a field of a parameter's class (of the only parameter, for a path naming no
   * parameter), declared with a scalar type in the class or a class it extends.
   */
  private isScalar(path: string[], parameters: { bound?: string; type: string }[]): boolean {
    const named = parameters.find((p) => p.bound === path[0]);
    const only = parameters.length === 1 && parameters[0]!.bound === undefined ? parameters[0] : undefined;
    let type: string | undefined;
    let rest: string[];
    if (named) [type, rest] = [named.type, path.slice(1)];
    else if (only && path.length === 1 && isScalarType(only.type)) [type, rest] = [only.type, []];
    else if (only) [type, rest] = [only.type, path];
    else return false;
    for (const field of rest) {
      type = type === undefined ? undefined : this.fieldType(type, field);
      if (type === undefined) return false;
    }
    return type !== undefined && isScalarType(type);
  }

  /** The declared type of field `field` of class `type` (or of the classes it extends, three deep), if the scan declares it once. */
  private fieldType(type: string, field: string, depth = 0): string | undefined {
    const name = /^(?:[\w$]+\.)*([\w$]+)$/.exec(type.trim())?.[1];
    const text = name ? this.classText(name) : undefined;
    if (!text) return undefined;
    const declared = declaredFieldType(text, field);
    if (declared) return declared;
    const parent = new RegExp(`\\bclass\\s+${name!.replace(/\$/g, '\\$')}\\b[^{]*?\\bextends\\s+([\\w$.]+)`).exec(text)?.[1];
    return parent && depth < 3 ? this.fieldType(parent, field, depth + 1) : undefined;
  }

  /** The text of the one Java file declaring `class name`. */
  private classText(name: string): string | undefined {
    const key = `class ${name}`;
    let known = this.files.get(key);
    if (known === undefined) {
      const declares = new RegExp(`\\bclass\\s+${name.replace(/\$/g, '\\$')}\\b`);
      const found = [...this.texts].filter(([path, { text }]) => path.endsWith('.java') && text.includes(name) && declares.test(text));
      known = found.length === 1 ? found[0]![1].text : null;
      this.files.set(key, known);
    }
    return known ?? undefined;
  }

  /** The Java interface `qualified` (`com.acme.dao.OrderMapper`): the one file declaring `interface OrderMapper` in that package. */
  private interfaceText(qualified: string, name: string): string | undefined {
    let known = this.files.get(qualified);
    if (known === undefined) {
      const pkg = qualified.slice(0, qualified.length - name.length - 1);
      const declares = new RegExp(`\\binterface\\s+${name.replace(/\$/g, '\\$')}\\b`);
      const found = [...this.texts].filter(([path, { text }]) => path.endsWith('.java') && declares.test(text) && (pkg === '' || new RegExp(`^\\s*package\\s+${pkg.replace(/\./g, '\\.')}\\s*;`, 'm').test(text)));
      known = found.length === 1 ? found[0]![1].text : null;
      this.files.set(qualified, known);
    }
    return known ?? undefined;
  }
}

/** The parameters of the one method `id` the interface text declares (`@Param` name and type), or undefined. */
function parametersOf(source: string, id: string): { bound?: string; type: string }[] | undefined {
  // A return type before the name (`void x(`, `List<Row> x(`), not a lambda's arrow (`f -> x(`) or a call.
  const declarations = [...source.matchAll(new RegExp(`(?:[\\w$\\]]|(?<!-)>)\\s+${id.replace(/\$/g, '\\$')}\\s*\\(`, 'g'))];
  if (declarations.length !== 1) return undefined;
  const open = declarations[0]!.index + declarations[0]![0].length;
  let depth = 1;
  let end = open;
  while (end < source.length && depth > 0) {
    const c = source[end++];
    if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  if (depth > 0) return undefined;
  const list = source.slice(open, end - 1).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
  return splitTopLevel(list)
    .filter((p) => p.trim())
    .map((p) => {
      const bound = /@Param\s*\(\s*(?:value\s*=\s*)?"([\w$]+)"\s*\)/.exec(p)?.[1];
      // Without its annotations and its name, the parameter's type (`final Long`, `List<Long>`).
      const declared = p.replace(/@[\w$.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?/g, ' ').trim();
      const type = declared.replace(/\s+[\w$]+$/, '').trim();
      return { bound, type };
    });
}

/** `a, Map<K, V> b, c` → its three parts: commas inside `<…>` and `(…)` do not split. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}
