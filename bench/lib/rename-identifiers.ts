// Renames a code tree's own identifiers consistently, so that a rule which only
// works because of a name the tree happens to use shows up as a difference.
//
// What is renamed: names the tree itself declares — variables, parameters, functions,
// methods and classes — wherever the syntax tree has them as an identifier, in every
// source file of the tree (ERB views included). Strings and comments are left as they are:
// they are data (a MIME type, an SQL column) whose meaning a rename must not change. What is kept, because a framework or library gives it its
// meaning rather than the tree:
// - names that appear in import, require, using or package lines;
// - member names (`x.name`, `x->name`, `X::name`) that the tree does not declare as a
//   function or method of its own, and declared methods that are also called as members
//   and spelled in a rule file (`cursor.execute` beside a `def execute` of the tree's own);
// - keyword-argument and object/hash keys (`shell=True`, `{ shell: true }`, `shell: true`);
// - class names that are also a file's base name (Java/C#/PHP autoloading, Rails views);
// - names whose words carry security meaning to a human reader as much as to a rule
//   (`password`, `token`, `secret_key`, `DEBUG`, `salt`): renaming them changes what the
//   code says, not only how it spells it;
// - properties set inside an object initializer or literal (`new Options { Secure = true }`):
//   they belong to the constructed type;
// - methods that implement or override a library type's method (`@Override`, `override`,
//   the body of an anonymous class), and settings a framework reads by name (upper-case
//   names declared in a settings or config file);
// - methods the runtime or framework calls by name (constructors, servlet and handler
//   entry points, magic methods) and receiver names (`self`, `this`);
// - names shorter than three characters (they occur inside escapes such as `\n` and `%s`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { detectLanguage } from '../../src/engine/languages/index.ts';
import { loadLanguage, parseSync } from '../../src/engine/parse/parser.ts';

/** Called by the runtime or a framework through its name, never renamed. */
const ENTRY_POINTS = new Set([
  'self', 'cls', 'this', 'super', 'constructor', 'main', 'Main', 'init', 'initialize', 'new',
  'doGet', 'doPost', 'doPut', 'doDelete', 'service', 'ServeHTTP', 'Configure', 'ConfigureServices',
  'OnGet', 'OnPost', 'Page_Load', 'handle', 'handler', 'invoke', 'call', 'render', 'setup', 'dispatch',
  'to_s', 'to_param', 'toString', 'equals', 'hashCode', 'String', 'Error', 'ready', 'urlpatterns',
]);
const IMPORT_LINE = /^\s*(import|from|using|use|require|require_once|include|include_once|package|extern|@import)\b|\brequire(_relative)?\s*\(?\s*['"]|\bimport\s*\(/;
const DECLARING = /(function|method|class|struct|interface|enum|record|module|constructor)_(declaration|definition|item|signature)$|^(function|method|class|lambda|arrow_function|def|singleton_method)$|declarator$|^(assignment|assignment_expression|augmented_assignment|short_var_declaration|var_spec|const_spec|variable_declaration|local_variable_declaration|lexical_declaration)$|parameter$|parameter_declaration$|^(for_statement|for_in_statement|foreach_statement|range_clause)$/;
const PARAMETER_LIST = /parameters$|parameter_list$/;
const INITIALISATION_VECTOR = /(^|[a-z_])IV($|[A-Z_])|^iv($|[A-Z_])/;
const SETTINGS_FILE = /(^|[/_.-])(settings|config|configuration)[/_.-]/i;
const SECURITY_MEANING = /etag|checksum|cache|pass(word|wd)?|pwd|secret|token|key|salt|nonce|otp|session|cookie|auth|csrf|cred|debug|random|hash|crypt|cipher|sign|jwt|digest|seed|cert|tls|ssl|admin|user|role/i;
/** Assignments under these parents set a member of something else, not a name of the tree. */
const MEMBER_ASSIGNMENT_PARENT = /initializer|object|argument|annotation|pair|dictionary|hash/;
const WORD = /^\$?[A-Za-z_]\w*$/;
const TEXT_FILE_LIMIT = 2_000_000;
/** Leaves that spell a name in code (not in a string or comment). */
const IDENTIFIER_LEAF = /identifier|^name$|variable_name|^constant$|instance_variable|class_variable|global_variable/;

export interface Renaming {
  /** Old name → new name, in a stable order. */
  names: Map<string, string>;
  /** Files whose text changed, relative to the tree's root, with their new text. */
  files: Map<string, string>;
}

function walk(root: string, dir = root, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const info = statSync(full);
    if (info.isDirectory()) walk(root, full, out);
    else if (info.isFile() && info.size < TEXT_FILE_LIMIT) out.push(path.relative(root, full));
  }
  return out;
}

function bareName(node: Node | null): string | undefined {
  if (!node) return undefined;
  const text = node.text;
  // PHP's `$name` is a variable, `name` a function or constant: the sigil keeps them apart.
  return WORD.test(text) ? text : undefined;
}

/** A method that implements or overrides one of a library type: its name is the library's. */
function overrides(node: Node): boolean {
  if (!/method|function/.test(node.type)) return false;
  if (/@Override\b|\boverride\b/.test(node.text.slice(0, node.text.indexOf('(') >>> 0))) return true;
  for (let up = node.parent; up; up = up.parent) {
    if (/object_creation_expression|anonymous_class/.test(up.type)) return true;
    if (/class_declaration|class_definition|^class$/.test(up.type)) return false;
  }
  return false;
}

/** The names a declaring node introduces: its `name`, an assignment's simple targets, a parameter list's identifiers. */
function declaredBy(node: Node, declared: Set<string>, functions: Set<string>, kept: Set<string>): void {
  if (PARAMETER_LIST.test(node.type)) {
    for (const child of node.namedChildren) {
      if (child && /identifier|variable_name/.test(child.type)) {
        const name = bareName(child);
        if (name) declared.add(name);
      }
    }
    return;
  }
  if (!DECLARING.test(node.type)) return;
  if (/assignment/.test(node.type) && node.parent && MEMBER_ASSIGNMENT_PARENT.test(node.parent.type)) return;
  for (const field of ['name', 'left', 'pattern', 'value_name']) {
    const target = node.childForFieldName(field);
    if (!target) continue;
    const simple = bareName(target);
    if (simple && field === 'name' && overrides(node)) kept.add(simple);
    if (simple) {
      declared.add(simple);
      if (/function|method|def$|singleton_method/.test(node.type)) functions.add(simple);
      continue;
    }
    // `a, b = …`, `x, err := …`: the list's plain identifiers.
    if (/list|tuple|pattern/.test(target.type)) {
      for (const child of target.namedChildren) {
        const name = bareName(child);
        if (name && child && /identifier|variable_name/.test(child.type)) declared.add(name);
      }
    }
  }
  // C#/Java declarators keep the name as a plain child.
  if (/declarator$/.test(node.type)) {
    const first = node.namedChildren[0];
    const name = first && first.type === 'identifier' ? bareName(first) : undefined;
    if (name) declared.add(name);
  }
}

function visit(node: Node, declared: Set<string>, functions: Set<string>, kept: Set<string>, leaves: [number, number, string][]): void {
  declaredBy(node, declared, functions, kept);
  if (node.namedChildCount === 0 && IDENTIFIER_LEAF.test(node.type)) {
    // A PHP variable's name is a leaf under `variable_name`: it renames as `$name`.
    leaves.push([node.startIndex, node.endIndex, node.parent?.type === 'variable_name' && !node.text.startsWith('$') ? '$' : '']);
  }
  for (const child of node.namedChildren) if (child) visit(child, declared, functions, kept, leaves);
}

const words = (text: string) => text.match(/[A-Za-z_]\w*/g) ?? [];

function newName(old: string, index: number): string {
  if (/^[A-Z0-9_]+$/.test(old)) return `RENAMED${index}`;
  return /^[A-Z]/.test(old) ? `Renamed${index}` : `renamed${index}`;
}

/**
 * Computes the renaming of a tree. `ruleText` is the text of the rule files: a method the
 * tree declares but that is also called as a member and spelled there is library API.
 */
export async function renameIdentifiers(root: string, ruleText: string): Promise<Renaming> {
  const files = walk(root);
  const texts = new Map<string, string>();
  /** Per source file, where its identifiers are (character offsets). */
  const identifierLeaves = new Map<string, [number, number, string][]>();
  const declared = new Set<string>();
  const functions = new Set<string>();
  const kept = new Set<string>(ENTRY_POINTS);
  const members = new Set<string>();
  const ruleWords = new Set(words(ruleText));
  const comparable = (name: string) => name.replace(/[_-]/g, '').toLowerCase();
  const fileBases = new Set(files.map((f) => comparable(path.basename(f).replace(/\..*$/, ''))));

  for (const file of files) {
    const buffer = readFileSync(path.join(root, file));
    if (buffer.subarray(0, 8000).includes(0)) continue;
    const text = buffer.toString('utf8');
    texts.set(file, text);
    for (const line of text.split('\n')) if (IMPORT_LINE.test(line)) for (const w of words(line)) kept.add(w);
    for (const match of text.matchAll(/(?:\.|->|::|\?\.)\s*([A-Za-z_]\w*)/g)) members.add(match[1]!);
    for (const match of text.matchAll(/[(,{]\s*([A-Za-z_]\w*)\s*(?:=(?!=)|:(?!:))/g)) kept.add(match[1]!);
    for (const match of text.matchAll(/^\s*([A-Za-z_]\w*):\s/gm)) kept.add(match[1]!);
    const language = detectLanguage(file, text.slice(0, 200));
    if (!language) continue;
    await loadLanguage(language);
    const tree = parseSync(language, text);
    if (!tree) continue;
    const before = new Set(declared);
    const leaves: [number, number, string][] = [];
    visit(tree.rootNode, declared, functions, kept, leaves);
    identifierLeaves.set(file, leaves);
    tree.delete();
    if (SETTINGS_FILE.test(`/${file}`)) for (const name of declared) if (!before.has(name) && /^[A-Z][A-Z0-9_]+$/.test(name)) kept.add(name);
  }

  const names = new Map<string, string>();
  for (const declaredName of [...declared].sort()) {
    const sigil = declaredName.startsWith('$') ? '$' : '';
    const name = declaredName.slice(sigil.length);
    if (name.length < 3 || kept.has(name)) continue;
    // A PHP variable is never a member or a file's class; a plain name may be either.
    if (!sigil && members.has(name) && !functions.has(name)) continue;
    if (!sigil && members.has(name) && ruleWords.has(name)) continue;
    if ((!sigil && fileBases.has(comparable(name))) || SECURITY_MEANING.test(name) || INITIALISATION_VECTOR.test(name)) continue;
    names.set(declaredName, sigil + newName(name, names.size + 1));
  }

  const changed = new Map<string, string>();
  if (names.size === 0) return { names, files: changed };
  for (const [file, leaves] of identifierLeaves) {
    const text = texts.get(file)!;
    let renamed = '';
    let done = 0;
    for (const [start, end, implicitSigil] of leaves.sort((a, b) => a[0] - b[0])) {
      const spelled = text.slice(start, end);
      const replacement = names.get(implicitSigil + spelled);
      if (!replacement || start < done) continue;
      renamed += text.slice(done, start) + replacement.slice(implicitSigil.length);
      done = end;
    }
    if (done > 0) changed.set(file, renamed + text.slice(done));
  }
  return { names, files: changed };
}
