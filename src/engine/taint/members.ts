// Member reads and assignments: field-sensitive lookups (`a.b.c` is tainted if `a.b` or `a` is),
// what an assignment stores where (variables, containers, tuples, positional returns,
// destructuring) and the fields of `self`/`this` that a class's methods share.
import type { Node } from 'web-tree-sitter';
import { callParts, decoratorsOf, field, patternNames } from '../parse/syntax.ts';
import type { FunctionFrame, ParsedFile, TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { addStep, fieldOf, merge, readField, sanitize, type Tainted } from './values.ts';
import { checkAssignSink } from './sinks.ts';
import { conditionGuards, vettedParams } from './guards.ts';
import { sourceTaint } from './sources.ts';
import { classifyReceiver, enclosingClass } from './receivers.ts';
import type { CompiledSanitizer } from '../rules/load.ts';
import { declaredFieldType } from '../project/declarations.ts';

/** Node types of an expression that may compute a boolean check: operators and comparisons of any grammar. */
const BOOLEAN_SHAPE = /binary|unary|comparison|boolean|not_operator|parenthesized|instanceof|prefix|infix/;
import { joinedText, knownStart, sanitizeByPrefix, visit } from './walk.ts';

/** Calls that parse a URL: checking the parts of the result checks the URL given to them. */
const URL_PARSERS = /(^|\.)(urlparse|urlsplit|parse_url|urlParse|URL|parse)$/;
/** The folder a path is in: a check that it lies under a root holds for the path too (`dir = Path.GetDirectoryName(file)`). */
const PATH_PARENTS = /(^|\.)(dirname|GetDirectoryName|getParent|getParentFile)$|^(filepath|path)\.Dir$/;

export function visitMember(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  const value = memberValue(run, node, scope, frame);
  // `names.length`, C#'s `items.Count`: a count is a number, whatever it counts (guessable if what it counts is).
  const counts = run.syntax.countMembers;
  const member = counts && value ? run.syntax.members[node.type] : undefined;
  if (member && counts!.test(node.childForFieldName(member.property)?.text ?? '')) return weakRandomStrands(run, value);
  return value;
}

function memberValue(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  // `serializer.Meta.model._meta.verbose_name`: past a metadata member, the chain reads the type, not the data.
  const metadata = run.syntax.metadataMembers;
  for (let n: Node | null = metadata ? node : null; n && run.syntax.members[n.type]; ) {
    const shape = run.syntax.members[n.type]!;
    const object = field(n, shape.object);
    if (metadata!.test(n.childForFieldName(shape.property)?.text ?? '')) {
      if (object) visit(run, object, scope, frame);
      return null;
    }
    n = object;
  }
  const path = run.path(node, scope);
  // A value stored at exactly this path (also a source path a guard has vetted) wins over the source.
  const stored = scope.lookup(path);
  if (stored !== undefined) return stored;
  const source = sourceTaint(run, frame, node, path, scope);
  // A rule's own source (`upload.filename`) does not hide what the variable already carries.
  if (source && source.every((t) => !t.onlyRule)) return source;
  // Field-sensitive lookup: `a.b.c` is tainted if `a.b` or `a` is (or a field of this object another method set).
  let p = path;
  const selfField = classField(run, node, p);
  if (selfField) return merge(source, selfField);
  while (p.includes('.') || p.endsWith('[]')) {
    const cut = Math.max(p.lastIndexOf('.'), p.endsWith('[]') ? p.length - 2 : -1);
    if (cut <= 0) break;
    p = p.slice(0, cut);
    const known = scope.lookup(p) ?? classField(run, node, p);
    if (known) {
      let read = readField(known, /^\.([^.[]+)/.exec(path.slice(p.length))?.[1]);
      if (read && scalarMemberOfDeclaredClass(run, node, scope, frame)) read = weakRandomStrands(run, read);
      if (read) for (const guard of fieldValidatorGuards(run, node, scope, frame)) read = sanitize(read, guard.types);
      return merge(source, read);
    }
    // `e.data.html` in a handler whose parameter `e` is otherwise unknown: the source prefix still counts —
    // unless a call stands between (`cookies.signed[:k]`), whose result the object's evaluation gives.
    const prefixSource = path.slice(p.length).includes('()') ? null : sourceTaint(run, frame, node, p, scope, true);
    if (prefixSource) return merge(source, fieldOf(prefixSource));
    if (known === null) return source;
  }
  const member = run.syntax.members[node.type];
  const shape = member ?? run.syntax.subscripts[node.type]!;
  const object = field(node, shape.object);
  const t = object ? visit(run, object, scope, frame) : null;
  // `obj[key]` is a value stored in obj: the key is evaluated for its effects, its taint does not flow —
  // except weak randomness: an entry picked by a guessable index (`ALPHABET[rand() % n]`) is as guessable.
  if (!member) {
    const key = field(node, shape.property);
    const index = key ? visit(run, key, scope, frame) : null;
    return merge(merge(source, fieldOf(t)), weakRandomStrands(run, index));
  }
  return merge(source, readField(t, node.childForFieldName(shape.property)?.text));
}

/**
 * Is the node a member the object's declared class declares with a type that holds no text (`file.FolderId` of a
 * `FileModel file` whose class says `public int FolderId { get; set; }`, the language's `scalarParameters`)? A bound
 * model's number is a number, as its typed getter's is (calls.ts). The file's findings then depend on the class's file.
 */
export function scalarMemberOfDeclaredClass(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): boolean {
  const scalar = run.syntax.scalarParameters;
  const declared = scalar && declaredClassOfMember(run, node, scope, frame);
  if (!declared) return false;
  return declared.classes.some((d) => {
    const type = declaredFieldType(d.node.text, declared.member, run.syntax.namesBeforeTypes);
    return type !== undefined && scalar.test(type);
  });
}

/**
 * The guards the object's declared class runs on this member before the code sees the value: the opening guard
 * clauses of each of its methods a field-validator decorator names the member in (Pydantic's
 * `@validator("id") def check_id(cls, v): if not re.fullmatch(SNAKE, v): raise ValueError(…)` vets `data.id` of
 * a `data: PluginData`). The file's findings then depend on the class's file.
 */
function fieldValidatorGuards(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): CompiledSanitizer[] {
  const s = run.syntax;
  const declared = s.fieldValidators && declaredClassOfMember(run, node, scope, frame);
  if (!declared) return [];
  const guards: CompiledSanitizer[] = [];
  const quoted = new RegExp(`^["']${declared.member}["']$`);
  for (const { file, node: cls } of declared.classes) {
    for (const method of cls.descendantsOfType(Object.keys(s.functions))) {
      if (!method || enclosingClass(s, method)?.equals(cls) !== true) continue;
      const validator = decoratorsOf(s, method).find((d) => s.fieldValidators!.test(d.text));
      const names = validator?.descendantsOfType('argument_list')[0]?.namedChildren ?? [];
      if (!names.some((n) => !!n && quoted.test(n.text))) continue;
      guards.push(...(vettedParams(run, { file, node: method }, true).get(0) ?? []));
    }
  }
  return guards;
}

/** The member a node reads (`data.id`) and the declarations of its object's declared class, when the code says it. */
function declaredClassOfMember(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): { member: string; classes: { file: ParsedFile; node: Node }[] } | undefined {
  const s = run.syntax;
  const shape = s.members[node.type];
  const object = shape && field(node, shape.object);
  const member = shape && node.childForFieldName(shape.property)?.text;
  if (!object || !member || !/^\w+$/.test(member) || !s.identifiers.includes(object.type)) return undefined;
  const known = classifyReceiver(s, object, scope, (n) => run.resolver.bindsImport(frame.file, n));
  if (known.kind !== 'type') return undefined;
  const classes = run.resolver.classDeclarations(frame.file, known.name);
  run.resolver.dependOn(classes.map((d) => d.file.path));
  return { member, classes };
}

/** The first operand of a string concatenation (`$url . '&a=' . $b` is `($url . '&a=') . $b`), if the node is one. */
function leftmostConcatOperand(run: TaintRun, node: Node): Node | undefined {
  const s = run.syntax;
  let n: Node | null = node;
  let depth = 0;
  while (n && s.concatenations?.includes(n.type) && n.childForFieldName('operator')?.text === (s.concatOperator ?? '+') && depth++ < 50) {
    n = n.childForFieldName('left') ?? n.namedChildren[0] ?? null;
  }
  return n && depth > 0 ? n : undefined;
}

/**
 * The strands of a number that stay untrusted in what is computed from it: a weak random number's
 * (an entry picked by it, `ALPHABET[rand() % n]`, or its digits, `format("%06d", rand(n))`, are as guessable).
 */
export function weakRandomStrands(run: TaintRun, index: Tainted): Tainted {
  if (!index) return null;
  const random = index.filter((x) => x.onlyRule && run.engine.ruleViews.some(({ rule }) => rule.id === x.onlyRule && rule.type === 'WEAK_RANDOM'));
  return random.length ? random : null;
}

export function visitAssignment(run: TaintRun, node: Node, leftField: string, rightField: string | undefined, scope: Scope, frame: FunctionFrame): Tainted {
  const left = field(node, leftField);
  const right = rightField ? field(node, rightField) : (node.namedChildren.find((c) => !!c && !(left && c.equals(left))) ?? null);
  const isAugmented = /augmented|compound/.test(node.type) || /^[^=]*[-+*/|&%.]=/.test(node.text.slice(left ? left.endIndex - node.startIndex : 0, right ? right.startIndex - node.startIndex : undefined));
  let value = right ? visit(run, right, scope, frame) : null;
  if (!left) return value;
  // A name declared as a number, date or id (`int version = save(def)`, `Long count = mapper.update(q)`) holds no
  // text, as a parameter of such a type does: the compiler converted or refused what was assigned. Not a byte
  // array, which holds the text's own bytes (`byte[] raw = password.getBytes()` before a digest).
  const declared = value && run.syntax.scalarParameters && run.syntax.identifiers.includes(left.type) ? scope.typeOf(left.text) : undefined;
  if (declared && run.syntax.scalarParameters!.test(declared)) value = weakRandomStrands(run, value);
  // `a ??= b` / `a ||= b` write b or keep a: only b is new data for a sink.
  const operator = node.text.slice(left.endIndex - node.startIndex, right ? right.startIndex - node.startIndex : undefined);
  const written = /^\s*(\?\?|\|\||&&)=/.test(operator) ? value : undefined;
  // `url += next` appends to the text `url` holds: the appended data is judged by that text's constant start,
  // as `'/app/' + next` is (the start stays what it was, whatever is appended later).
  const named = left.namedChildCount === 1 && /expression_list/.test(left.type) ? left.namedChildren[0]! : left;
  const appendsTo = isAugmented && run.syntax.identifiers.includes(named.type) && operator.trim() === `${run.syntax.concatOperator ?? '+'}=` ? named.text : undefined;
  // `url = url . next` gives the name its own text with more after it: the append `url .= next`, and the whole
  // new value starts with what the name held (its own data was judged when it was built).
  const selfAppend = !isAugmented && right && run.syntax.identifiers.includes(named.type) && leftmostConcatOperand(run, right)?.text === named.text ? named.text : undefined;
  if (appendsTo !== undefined || selfAppend !== undefined) {
    const name = (appendsTo ?? selfAppend)!;
    const start = scope.appendedText(name) ?? knownStart(run, scope.init(name), scope, frame);
    if (start !== undefined) {
      value = sanitizeByPrefix(run, value, start);
      scope.appended.set(name, joinedText(start, right && appendsTo !== undefined ? (knownStart(run, right, scope, frame) ?? '${}') : '${}'));
    } else scope.appended.delete(name);
  } else if (run.syntax.identifiers.includes(named.type)) scope.appended.delete(named.text);
  // Evaluate subscripts/receivers on the left for their effects (e.g. calls).
  if (isAugmented) value = merge(value, visit(run, left, scope, frame));
  // Destructuring reads fields: whole-value taint does not reach them.
  if (/pattern/.test(left.type)) value = fieldOf(value);
  const lhsPath = run.path(left, scope);
  if (value) value = addStep(value, run.step(frame, node, lhsPath));
  const single = right && right.namedChildCount === 1 && /expression_list/.test(right.type) ? right.namedChildren[0] : right;
  const target = left.namedChildCount === 1 && /expression_list/.test(left.type) ? left.namedChildren[0] : left;
  if (single && target && run.syntax.identifiers.includes(target.type)) {
    scope.inits.set(target.text, single);
    // A boolean that holds a check (`ok := valid(x)`): `if !ok` stands for the check. Only a call or an
    // operator can be one; a function, object or JSX element given to a name is not read for guards.
    // An awaited call (`await interaction.GetAuthorizationContextAsync(url)`) is the call's check.
    const awaited = /await/.test(single.type) && single.namedChildCount === 1 ? single.namedChildren[0] : null;
    const mayCheck = !!run.syntax.calls[single.type] || !!(awaited && run.syntax.calls[awaited.type]) || BOOLEAN_SHAPE.test(single.type);
    if (mayCheck && conditionGuards(run, single, scope, frame, { anyWill: true }).length) scope.conditions.set(target.text, single);
    else scope.conditions.delete(target.text);
  } else if (single && run.syntax.calls[single.type] && /expression_list/.test(left.type) && left.namedChildCount > 1) {
    // Go's `t, err := template.New("r").Parse(src)`: the first name holds what the call returns (the others an error
    // or a flag), as `t := template.Must(…)` would; conditions on what a variable was given (`init`) read the call.
    const first = left.namedChildren[0];
    if (first && run.syntax.identifiers.includes(first.type)) scope.inits.set(first.text, single);
  } else if (single && target && run.syntax.subscripts[single.type] && /expression_list/.test(left.type) && left.namedChildCount === 2) {
    // Go's comma-ok look-up (`_, ok := allowed[name]`): the second name holds whether the key is in the table, so
    // `if !ok { return }` is the check `allowed[name]` failing.
    const found = left.namedChildren[1];
    if (found && run.syntax.identifiers.includes(found.type) && conditionGuards(run, single, scope, frame, { anyWill: true }).length) scope.conditions.set(found.text, single);
  }
  checkAssignSink(run, node, left, lhsPath, written !== undefined ? written : value, scope, frame);
  if (run.syntax.identifiers.includes(left.type)) scope.origins.set(left.text, right ? callOrigin(run, right, scope) : null);

  // Element-wise tuple assignment: `a, b = x, y`.
  bindAssigned(run, node, left, right, value, lhsPath, isAugmented, scope, frame);
  if (right) bindDestructuredSources(run, left, right, scope, frame);
  // Loops are assignments with a body (`for k, v in d.items(): ...`): the body runs with the names bound.
  for (const child of node.namedChildren) {
    if (!child || child.equals(left) || (right && child.equals(right))) continue;
    visit(run, child, scope, frame);
  }
  return value;
}

/** The callee path of a call that gives a value (through `await`/parentheses), for names assigned from it. */
function callOrigin(run: TaintRun, value: Node, scope: Scope): string | null {
  let n: Node | null = value;
  while (n && (n.type === 'await_expression' || n.type === 'parenthesized_expression') && n.namedChildCount > 0) n = n.namedChildren[0] ?? null;
  // A function given another name (`var enc = encodeURIComponent`, `const esc = he.escape`): calling the name calls it.
  if (n && !run.syntax.calls[n.type] && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(n.text)) return run.path(n, scope);
  if (!n || !run.syntax.calls[n.type]) return null;
  const parts = callParts(run.syntax, n);
  if (!parts) return null;
  const path = parts.callee ? run.path(parts.callee, scope) : `${parts.receiver ? `${run.path(parts.receiver, scope)}.` : ''}${parts.name?.text ?? '?'}`;
  return `${path.replace(/^new\s+/, '')}()`;
}

function bindAssigned(run: TaintRun, node: Node, left: Node, right: Node | null, value: Tainted, lhsPath: string, isAugmented: boolean, scope: Scope, frame: FunctionFrame): void {
  const fieldKey = value ? classFieldKey(run, node, lhsPath) : undefined;
  if (fieldKey) {
    run.classFields.set(fieldKey, merge(run.classFields.get(fieldKey) ?? null, value));
    run.taintedClasses.add(fieldKey.split(':').slice(0, 2).join(':'));
  }
  const leftItems = left.namedChildren.filter((c): c is Node => !!c && !run.syntax.comments.includes(c.type));
  const rightItems = right ? right.namedChildren.filter((c): c is Node => !!c) : [];
  if (/list|tuple|expression_list/.test(left.type) && right && /list|tuple/.test(right.type) && leftItems.length === rightItems.length && leftItems.length > 1) {
    leftItems.forEach((item, i) => {
      const v = visit(run, rightItems[i]!, scope, frame);
      for (const name of patternNames(run.syntax, item)) scope.assign(name, v);
    });
    return;
  }
  // `u, err := find(id)` of a function returning values by position: each name gets its own.
  if (leftItems.length > 1 && value?.some((x) => x.field?.startsWith('#'))) {
    leftItems.forEach((item, i) => {
      const own = value.filter((x) => x.field === undefined || x.field === `#${i}`).map((x) => (x.field ? { ...x, field: undefined } : x));
      for (const name of patternNames(run.syntax, item)) scope.assign(name, own.length ? own : null);
    });
    return;
  }
  // `v, err := url.Parse(s)`: a library error that quotes the input it rejects (`%q` escapes line breaks) forges
  // no log line (LanguageSyntax.errorResultLast, the language's `errorsQuoteInput`). A file system error pastes the
  // path in as it is, and so may a database's: they stay tainted.
  // A decoder that fills the value it is given a pointer to returns only the error (`err := json.Unmarshal(b, &v)`,
  // `err := c.ShouldBindJSON(&form)`): its one result is that error.
  const quoting = run.engine.errorsQuoteInput;
  const onlyError = leftItems.length === 1 && !!right && !!run.syntax.errorResultLast && fillsPointer(run, right, scope);
  const errorName = quoting && run.syntax.errorResultLast && (leftItems.length > 1 || onlyError) && value && right && quoting.callee.test(calleeOf(run, right, scope) ?? '') ? patternNames(run.syntax, leftItems[leftItems.length - 1]!)[0] : undefined;
  // `rows, err := db.Query(q)`, `err := rows.Scan(&title)`: the error of a read of stored data is the driver's message, not the rows.
  if (run.syntax.errorResultLast && (leftItems.length > 1 || onlyError) && value?.some((x) => x.stored)) {
    for (const item of leftItems.slice(0, -1)) for (const name of patternNames(run.syntax, item)) scope.assign(name, value);
    const rest = value.filter((x) => !x.stored);
    for (const name of patternNames(run.syntax, leftItems.at(-1)!)) scope.assign(name, rest.length ? rest : null);
    return;
  }
  if (errorName) {
    for (const item of leftItems.slice(0, -1)) for (const name of patternNames(run.syntax, item)) scope.assign(name, value);
    scope.assign(errorName, sanitize(value, LIBRARY_ERROR_CLEAN_FOR));
    return;
  }
  const names = run.syntax.members[left.type] || run.syntax.subscripts[left.type] ? [lhsPath] : patternNames(run.syntax, left);
  if (names.length === 1 && right && !isAugmented && !run.syntax.members[left.type] && !run.syntax.subscripts[left.type]) {
    const name = names[0]!;
    scope.defs.set(name, right);
    scope.derived.set(name, callInputs(run, right, scope));
  }
  for (const name of names) {
    if (name === '?') continue;
    // Storing into an element of a container taints the container.
    if (name.endsWith('[]')) scope.assign(name.slice(0, -2), merge(scope.lookup(name.slice(0, -2)) ?? null, value));
    else if (value && isSelfField(run, name)) {
      scope.assign(name, value);
      // `self.x = …` in a method of a class is read by that class's other methods (classFields), never
      // by another class of the file. Only where no class encloses it (a `this` in an object literal's
      // or a prototype's function) is it kept where every function of the file sees it.
      if (fieldKey) continue;
      let root = scope;
      // Stop below the file scope, which every analysis of this tree shares.
      while (root.parent && !root.parent.shared) root = root.parent;
      root.vars.set(name, merge(root.vars.get(name) ?? null, value));
    } else scope.assign(name, value);
  }
}

/**
 * A single call given a pointer to fill (`json.Unmarshal(b, &v)`, or `Decode(form)` where `form := &loginForm{}`):
 * Go's decoders return only an error then.
 */
function fillsPointer(run: TaintRun, right: Node, scope: Scope): boolean {
  const single = /expression_list/.test(right.type) && right.namedChildCount === 1 ? right.namedChildren[0] : right;
  const parts = single && run.syntax.calls[single.type] ? callParts(run.syntax, single) : null;
  // A name of interface type (`data any` of a binding helper) holds what its caller passed, which a decoder can
  // only fill through a pointer: given to one, its one result is the error too.
  const anyValue = (a: Node) => run.syntax.identifiers.includes(a.type) && /^(any|interface\{\s*\})$/.test(scope.typeOf(a.text) ?? '');
  return !!parts && parts.positional.some((a) => isAddress(run, a) || isPointerName(run, a, scope) || anyValue(a));
}

function isAddress(run: TaintRun, a: Node | null | undefined): boolean {
  return !!a && a.type === run.syntax.addressOf && a.text.startsWith('&');
}

/** Go: a name holding a pointer the code made (`form := &loginForm{}`) or was given (`func (m *Search) Bind(…)`, `form *Form`). */
function isPointerName(run: TaintRun, a: Node, scope: Scope): boolean {
  return madePointer(run, a, scope) || (run.syntax.identifiers.includes(a.type) && (/^\*/.test(scope.typeOf(a.text) ?? '') || pointerReceiver(a)));
}

/**
 * Go: a name holding a new value's address the function made (`form := &loginForm{}`): an object to be filled, as
 * `&form` is. A pointer it was given (`r *http.Request`) is passed to be read as often as to be filled.
 */
export function madePointer(run: TaintRun, a: Node, scope: Scope): boolean {
  return run.syntax.identifiers.includes(a.type) && isAddress(run, onlyItem(scope.init(a.text)));
}

/** Go: the name of the method's own pointer receiver (`m` in `func (m *Search) Bind(…)`). */
function pointerReceiver(name: Node): boolean {
  for (let p = name.parent; p; p = p.parent) {
    const receiver = p.childForFieldName('receiver');
    if (receiver) return new RegExp(`^\\(\\s*${name.text}\\s+\\*`).test(receiver.text);
  }
  return false;
}

/** The one item of an expression list (`form := &loginForm{}` keeps its right side as a list), or the node. */
function onlyItem(node: Node | undefined): Node | undefined {
  return node && /expression_list/.test(node.type) && node.namedChildCount === 1 ? (node.namedChildren[0] ?? undefined) : node;
}

/** What a library call's error result is clean for: a log line (it quotes the rejected input). */
const LIBRARY_ERROR_CLEAN_FOR = ['LOG_INJECTION'];

/** The callee path of a right-hand side that is a single call (`url.Parse(s)`, alone or as the one item of a list). */
function calleeOf(run: TaintRun, right: Node, scope: Scope): string | undefined {
  const single = /expression_list/.test(right.type) && right.namedChildCount === 1 ? right.namedChildren[0] : right;
  return single ? callOrigin(run, single, scope)?.replace(/\(\)$/, '') : undefined;
}

/** `const { query, params: p } = req`: each name read from the object is its own access path (`req.query`), which may be a source. */
function bindDestructuredSources(run: TaintRun, left: Node, right: Node, scope: Scope, frame: FunctionFrame): void {
  const shape = run.syntax.objectPatterns?.[left.type];
  if (!shape) return;
  const objectPath = run.path(right, scope);
  if (!/^[\w$.]+$/.test(objectPath)) return;
  for (const property of left.namedChildren) {
    if (!property) continue;
    let key: string | undefined;
    let name: string | undefined;
    if (property.type === shape.shorthand) key = name = property.text;
    else if (property.type === shape.pair) {
      key = field(property, shape.key)?.text;
      const value = field(property, shape.value);
      name = value && run.syntax.identifiers.includes(value.type) ? value.text : undefined;
    }
    if (!key || !name) continue;
    const source = sourceTaint(run, frame, property, `${objectPath}.${key}`, scope);
    if (source) scope.assign(name, merge(scope.lookup(name) ?? null, source));
  }
}

/** Tainted variables passed to the calls of a chain (`urlparse(url).hostname` → url). */
function callInputs(run: TaintRun, node: Node, scope: Scope): string[] {
  const s = run.syntax;
  const out: string[] = [];
  for (let n: Node | null = node, i = 0; n && i < 16; i++) {
    if (s.calls[n.type]) {
      const parts = callParts(s, n);
      // Only URL parsing and a path's folder keep what is checked tied to the input: `basename(file)` passing a
      // check says nothing about `file`, while `dirname(file)` under a root puts `file` there too.
      const callee = parts ? run.path(parts.callee ?? parts.name, scope) : '';
      const parent = PATH_PARENTS.test(callee);
      if (URL_PARSERS.test(callee) || parent) for (const a of parts?.positional ?? []) if (s.identifiers.includes(a.type) && scope.lookup(a.text)) out.push(a.text);
      const receiver = parts?.receiver;
      if (parent && receiver && s.identifiers.includes(receiver.type) && scope.lookup(receiver.text)) out.push(receiver.text);
      n = parts ? (parts.receiver ?? null) : null;
    } else if (s.members[n.type]) n = n.childForFieldName(s.members[n.type]!.object);
    else break;
  }
  return out;
}

/** The key of `self.field` in the class around `node`, if the path is a field of this object. */
function classFieldKey(run: TaintRun, node: Node, path: string): string | undefined {
  const self = path.split('.')[0]!;
  if (!path.includes('.') || !(run.syntax.selfNames ?? []).includes(self)) return undefined;
  for (let p = node.parent; p; p = p.parent) {
    if ((run.syntax.classes ?? []).includes(p.type)) return `${p.startIndex}:${p.endIndex}:${path}`;
  }
  return undefined;
}

/** Is the function a method of a class whose fields hold untrusted data in this run? */
export function inTaintedClass(run: TaintRun, fn: Node): boolean {
  if (run.taintedClasses.size === 0) return false;
  for (let p = fn.parent; p; p = p.parent) {
    if ((run.syntax.classes ?? []).includes(p.type)) return run.taintedClasses.has(`${p.startIndex}:${p.endIndex}`);
  }
  return false;
}

export function classField(run: TaintRun, node: Node, path: string): Tainted | undefined {
  // Until a method stores untrusted data in a field there is none to find: no walk up to the class.
  if (run.classFields.size === 0) return undefined;
  const key = classFieldKey(run, node, path);
  return key ? run.classFields.get(key) : undefined;
}

function isSelfField(run: TaintRun, name: string): boolean {
  const dot = name.indexOf('.');
  return dot > 0 && (run.syntax.selfNames ?? []).includes(name.slice(0, dot));
}
