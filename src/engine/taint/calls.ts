// Calls: arguments and receiver are evaluated, sources, sinks and sanitisers of the callee
// applied, and calls into code the resolver finds are analysed with the argument taints
// (memoised per callee and taint signature). Unknown code passes on what went in. Function
// literals met on the walk (callbacks, handlers) are analysed where they stand.
import type { Node, Tree } from 'web-tree-sitter';
import type { TraceStep } from '../types.ts';
import type { LanguageSyntax } from '../languages/types.ts';
import { callParts, field, patternNames, type CallParts } from '../parse/syntax.ts';
import { basesOf, classifyReceiver, declaredClasses, enclosingClass, type Receiver } from './receivers.ts';
import { isQuiet } from './quiet-functions.ts';
import { CALLABLE_NAME, MAX_CALL_DEPTH, MAX_CALL_TARGETS, type FunctionFrame, type ParsedFile, type TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { addStep, asNewValue, merge, sanitize, sanitizeUnlessStored, withoutRecords, type Tainted } from './values.ts';
import { conditionHolds, underPackageName } from './conditions.ts';
import { assertedCheck, checkedCallPath, GETTER, getterPath, vetArguments } from './guards.ts';
import { inTaintedClass, madePointer, scalarMemberOfDeclaredClass, weakRandomStrands } from './members.ts';
import { bindParamSources, handlerParameterRoles, paramList } from './parameters.ts';
import { checkCallSinks, checkReturnSink } from './sinks.ts';
import { declaredFieldType } from '../project/declarations.ts';
import { templateFileName } from '../templates/resolve.ts';
import { sourceTaint } from './sources.ts';
import { formatFields, formatPrefix, numericFormatArguments } from './formats.ts';
import { constantString, constantText, fileScope, sanitizeByPrefix, visit, visitChildren } from './walk.ts';

/** The longest template file name literal an argument is read for (`"admin/users/edit.html.twig"`). */
const MAX_TEMPLATE_NAME = 160;

/** Per parsed tree (shared by every analysis of a scan): constructors by class name. */
const constructorsByTree = new WeakMap<Tree, Map<string, Node>>();

/** What a function returns when called with clean arguments, per tree and function start. */
const cleanReturns = new WeakMap<Tree, Map<number, Tainted>>();

function rememberCleanReturn(tree: Tree, start: number, returns: Tainted): void {
  let byStart = cleanReturns.get(tree);
  if (!byStart) cleanReturns.set(tree, (byStart = new Map()));
  if (!byStart.has(start)) byStart.set(start, returns);
}

export function visitCall(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  const s = run.syntax;
  const parts = callParts(s, node);
  if (!parts) return visitChildren(run, node, scope, frame);
  const calleeNode = parts.callee ?? parts.name;
  // The call's own access path without its `()`: `receiver.name`, or a bare name as an import reads it in full
  // (Java's `import static …WebUtils.getCookie;`).
  let calleePath = parts.callee ? run.path(parts.callee, scope) : run.path(node, scope).slice(0, -2);
  if (parts.isConstructor) calleePath = calleePath.replace(/^new\s+/, '');
  const fullPath = `${calleePath}()`;

  // Arguments and receiver are evaluated first, in order, for their effects.
  let receiverTaint = parts.receiver ? visit(run, parts.receiver, scope, frame) : null;
  // A getter whose result a condition checked (`if (c.getValue().equals("x")) use(c.getValue())`) gives the checked value.
  if (parts.receiver && parts.name && parts.positional.length === 0 && GETTER.test(parts.name.text)) {
    const checked = scope.lookup(getterPath(run, parts, scope));
    if (checked !== undefined) return checked;
  }
  // A source call of constant arguments a condition checked (`if is_safe_url(request.args.get("next"))`) read again.
  const readAgain = parts.positional.length > 0 ? checkedCallPath(run, parts, scope) : undefined;
  if (readAgain) {
    const checked = scope.lookup(readAgain);
    if (checked !== undefined) return checked;
  }
  // A callee held in a variable (`$fn()`, `new $class()`): its value chooses what runs, like a receiver.
  if (parts.callee && !parts.receiver) {
    if (!s.identifiers.includes(parts.callee.type)) visit(run, parts.callee, scope, frame);
    else if (s.dynamicCallee?.test(parts.callee.text)) receiverTaint = scope.lookup(parts.callee.text) ?? null;
  }
  const elementMethod = receiverTaint && parts.name && s.elementCallbacks?.test(parts.name.text) ? parts.name.text : undefined;
  // `xs.map((x) => f(x))`: the result is what the callback returns for the elements, not the elements.
  let mapped: Tainted | undefined;
  const argTaints = parts.positional.map((a) => {
    if (!elementMethod || !s.functions[a.type]) return visit(run, a, scope, frame);
    run.callbackBinding = { node: a, index: /^reduce/.test(elementMethod) ? 1 : 0, taint: receiverTaint };
    const returned = analyzeNestedFunction(run, a, scope, frame);
    run.callbackBinding = undefined;
    if (s.elementMappers?.test(elementMethod)) mapped = merge(mapped ?? null, returned);
    return null;
  });
  const kwTaints = new Map<string, Tainted>();
  for (const [k, v] of parts.keywords) kwTaints.set(k, visit(run, v, scope, frame));
  // Other parts of the call (Ruby blocks, C# object initializers) run too; what they hold goes into the result.
  // An object initializer's values stay in their properties (`new Dto { Container = c }.Path` holds no `c`).
  let extraTaint: Tainted = null;
  let placed: Tainted = null;
  const known = [parts.callee, parts.receiver, parts.name, parts.argsNode];
  for (const child of node.namedChildren) {
    if (!child || known.some((k) => k && k.equals(child)) || s.comments.includes(child.type)) continue;
    if (parts.callee && !parts.receiver && child.startIndex < parts.callee.endIndex) continue;
    const value = visit(run, child, scope, frame);
    // Like an argument, a value placed in the new object is part of it, not the object itself; one placed in a
    // property (`new Blab { Content = text }`) is that property's data, read back as it went in.
    if (parts.isConstructor && s.objects?.[child.type]) placed = merge(placed, value ? value.map((x) => (x.field === undefined ? { ...x, derived: true } : { ...x, placed: true })) : null);
    else extraTaint = merge(extraTaint, value);
  }

  const source = sourceTaint(run, frame, node, fullPath, scope, false, { parts, scope });
  mutateReceiver(run, parts, argTaints, scope);

  checkCallSinks(run, node, parts, calleePath, receiverTaint, argTaints, kwTaints, scope, frame);
  const packaged = underPackageName(run, node, calleePath);
  if (packaged) checkCallSinks(run, node, parts, packaged, receiverTaint, argTaints, kwTaints, scope, frame);
  const asserted = s.assertionCalls && parts.positional[0] ? assertionOutcome(s.assertionCalls, calleePath) : undefined;
  if (asserted !== undefined) assertedCheck(run, parts.positional[0]!, asserted, scope, frame);

  // Calling a value a known call produced (`render = Handlebars.compile(…); render(data)`) is calling that call's result.
  const origin = parts.callee && !parts.receiver && s.identifiers.includes(parts.callee.type) ? scope.origin(parts.callee.text) : undefined;
  const applicable = [...run.engine.sanitizerFor(calleePath), ...(origin ? run.engine.sanitizerFor(origin) : []), ...(packaged ? run.engine.sanitizerFor(packaged) : [])].filter((san) =>
    san.where.every((c) => conditionHolds(run, c, parts, scope, frame.file)),
  );
  // A sanitizer of some arguments only (`url_concat(url, args)`) cleans those as they go in; the others clean the result.
  const matching = applicable.filter((san) => !san.cleansArguments);
  const partial = applicable.filter((san) => san.cleansArguments);
  const goingIn = (t: Tainted, position?: number) =>
    partial.reduce((acc, san) => (position === undefined || san.cleansArguments!.includes(position) ? sanitize(acc, san.types) : acc), t);

  // Everything that went into the call; a sanitizer at the end of a source chain still applies (`params[:id].to_i`).
  let inputs: Tainted = extraTaint;
  const numbers = s.formatCalls?.test(calleePath) ? numericFormatArguments(parts.positional) : undefined;
  argTaints.forEach((t, i) => (inputs = merge(inputs, goingIn(numbers?.has(i) ? weakRandomStrands(run, t) : t, i))));
  for (const t of kwTaints.values()) inputs = merge(inputs, goingIn(t));
  let all: Tainted = merge(mapped !== undefined ? mapped : keyedRead(run, parts, receiverTaint), inputs);
  if (source) {
    // A source reached through untrusted data keeps both (`file.getOriginalFilename()` of an untrusted upload);
    // one read with a conversion (`request.args.get("page", type=int)`) is clean for what the sanitiser covers.
    let out = merge(source, all);
    for (const san of matching.filter((x) => !x.receiver)) out = sanitizeUnlessStored(out, san.types);
    taintOutParams(run, parts, out, scope, frame);
    return out;
  }
  // `cookie.setSecure(true)`: the call makes its receiver safe from now on; a verifier, the arguments it vets.
  for (const san of matching) {
    const vetted = [...(san.receiver && parts.receiver ? [parts.receiver] : []), ...(san.vetsArguments ?? []).map((i) => parts.positional[i])];
    for (const node of vetted) {
      if (!node || (!s.identifiers.includes(node.type) && !s.members[node.type])) continue;
      const name = run.path(node, scope);
      const known = scope.lookup(name);
      if (known) scope.assign(name, sanitize(known, san.types));
    }
  }
  const sanitizers = matching.filter((x) => !x.receiver);
  const cleaned = (value: Tainted) => {
    let t = value;
    for (const san of sanitizers) t = san.readsRecords ? sanitizeUnlessStored(t, san.types) : sanitize(t, san.types);
    return t;
  };
  // A sanitizer for every type ends the analysis here; one for some types
  // still lets calls into visible code be followed (sinks inside them count).
  if (sanitizers.some((san) => !san.types)) return cleaned(all);

  // What the receiver is (`this`, a declared or constructed class, an import): where to look for the callee,
  // and whether an unknown method of it returns a record. Classified once, when first asked.
  let receiverKind: Receiver | undefined;
  const receiverOf = (): Receiver =>
    (receiverKind ??= parts.receiver ? classifyReceiver(s, parts.receiver, scope, (n) => run.resolver.bindsImport(frame.file, n)) : { kind: 'none' });

  // Calls into code we can see: analyse the callee with these argument taints.
  const name = constructedName(s, node, parts) ?? parts.name?.text ?? (calleeNode ? calleeNode.text : '');
  if (name && CALLABLE_NAME.test(name) && frame.depth < MAX_CALL_DEPTH) {
    // Java's and C#'s `new Customer(…)` runs the class's constructor, named like the class: looked up as a method of
    // that class, in its own file wherever the import says it is.
    const receiver: Receiver = parts.isConstructor && !s.constructorNames?.length ? { kind: 'type', name } : receiverOf();
    // With nothing untrusted going in, a function in a file that holds no source returns
    // nothing untrusted (and its sinks are found when its own file is analysed): it need
    // not be looked for — which spares parsing the neighbours it might be in.
    const nothingIn = !all && run.taintedClasses.size === 0;
    const holdsSource = nothingIn ? run.engine.mayReturnSource : undefined;
    let targets = ofAnotherClass(run, node, parts, receiver, frame, run.resolver.resolve(frame.file, name, receiver, holdsSource, run.followedEnough()));
    if (receiver.kind === 'self' && targets.length > 1) targets = ofOwnClass(run, node, frame, targets);
    // Ruby's `time_interval(x)` in a controller is `self.time_interval(x)`: a method the class inherits or mixes in.
    if (targets.length === 0 && receiver.kind === 'none' && s.inheritedBareCalls) {
      const cls = enclosingClass(s, node);
      if (cls) targets = run.resolver.resolve(frame.file, name, { kind: 'self', bases: basesOf(cls) }, holdsSource, run.followedEnough());
    }
    if (targets.length > 1) targets = overloadsFor(run, targets, parts);
    if (targets.length > 0 && targets.length <= MAX_CALL_TARGETS) {
      let result: Tainted = null;
      const callStep = run.step(frame, node, `${calleePath}()`);
      run.follow(targets);
      // Java's and C#'s `new Person(name)` resolves to the constructor itself: the object holds what it stores in its fields.
      const before = parts.isConstructor && run.classFields.size ? new Map(run.classFields) : undefined;
      for (const target of targets) {
        const boundArgs = argTaints.map((t) => addStep(t, callStep));
        result = merge(result, analyzeCall(run, target, boundArgs, kwTaints, receiverTaint, frame, callStep, parts));
        if (parts.isConstructor) result = merge(result, addStep(storedFields(run, target.node, before), callStep));
      }
      vetArguments(run, targets, parts, scope);
      taintOutParams(run, parts, result, scope, frame);
      const returned = result ? cleaned(addStep(result, run.step(frame, node, `return of ${calleePath}()`))) : null;
      return merge(returned, addStep(placed, run.step(frame, node, `${calleePath}()`)));
    }
    const constructor = !parts.receiver && targets.length === 0 ? constructorOf(run, frame.file, name) : undefined;
    if (constructor) {
      // The constructor stores its arguments in fields; the other methods read them from there, and the object
      // built holds each in its field (`$dto->url` of `new StationData($url)`, not `$dto->logo`).
      const callStep = run.step(frame, node, `${calleePath}()`);
      // What the class's fields held before (most calls start with none stored: nothing to copy).
      const before = run.classFields.size ? new Map(run.classFields) : undefined;
      analyzeCall(run, { file: frame.file, node: constructor }, argTaints.map((t) => addStep(t, callStep)), kwTaints, null, frame, callStep, parts, true);
      return merge(addStep(placed, callStep), storedFields(run, constructor, before));
    }
    // A class with a primary constructor (a C# or Java record, a C# 12 class) holds each argument in its property.
    const properties = parts.isConstructor && targets.length === 0 && all ? primaryConstructorProperties(run, frame.file, name) : undefined;
    if (properties) {
      const callStep = run.step(frame, node, `${calleePath}()`);
      let held: Tainted = null;
      argTaints.forEach((t, i) => {
        const property = properties[i];
        if (t) held = merge(held, property ? t.map((x) => ({ ...x, field: property })) : t.map((x) => ({ ...x, derived: true })));
      });
      // A named argument (`new Request(blob: b)`) is held whole: its property is not looked for.
      for (const t of kwTaints.values()) if (t) held = merge(held, t.map((x) => ({ ...x, derived: true })));
      return merge(addStep(placed, callStep), addStep(held, callStep));
    }
  }

  // Past the depth limit a call is not followed, but a function of the code that only ever returns constants
  // (`switch (type) { case PNG: return "png"; … default: return ""; }`) gives none of what went in.
  if (all && name && CALLABLE_NAME.test(name) && frame.depth >= MAX_CALL_DEPTH && returnsOnlyConstants(run, frame, name, receiverOf(), parts)) {
    return addStep(cleaned(placed), run.step(frame, node, `${calleePath}()`));
  }
  // `'/items/{}'.format(item_id)`, `'{}?next={}'.format(url, target)`: each argument is judged by the literal's text
  // before its field, as a built string's parts are (an argument no field names is not in the text).
  const format = all && !receiverTaint && s.formatMethod && parts.name?.text === s.formatMethod && parts.receiver ? constantText(s, parts.receiver) : undefined;
  const fields = format === undefined ? undefined : formatFields(format);
  if (fields) {
    all = null;
    for (const { field, prefix } of fields) all = merge(all, sanitizeByPrefix(run, typeof field === 'number' ? (argTaints[field] ?? null) : (kwTaints.get(field) ?? null), prefix));
  }
  // Stored data looked up by the arguments (`map.get(k)`, `Model.findOne(q)`): only the receiver's taint (by a fixed key, that entry's).
  if (s.lookupCalls && parts.name && s.lookupCalls.test(parts.name.text)) all = keyedRead(run, parts, receiverTaint);
  // A method of a record a service returned (`page.getUrl()`): the record's own data, not what went into the service.
  else if (mapped === undefined && receiverTaint?.some((x) => x.record)) all = merge(withoutRecords(receiverTaint), inputs);
  // A getter of a field the receiver's class declares as a number, date or id (Lombok's `getId()` of `private Long id;`).
  if (all && parts.receiver && parts.positional.length === 0 && getterOfScalarField(run, parts, scope, frame)) all = weakRandomStrands(run, all);
  // Nothing untrusted went in: no trace step to build (each asks the parser for the call's position).
  if (!all && !placed) return null;
  // Unknown code: the result carries the taint of what went in (`str.trim()`, `fmt.Sprintf`).
  const step = run.step(frame, node, `${calleePath}()`);
  if (all) {
    let out = addStep(cleaned(asNewValue(all)), step);
    // A printf-style call (`String.format("<div>%s</div>", v)`) writes its arguments into the text it returns, as a
    // concatenation does: the result holds the data itself, as text.
    if (numbers && out) out = out.map((x) => (x.text ? x : { ...x, text: true }));
    // Untrusted data passed as an argument (not the receiver): the result is derived from it, not the data itself.
    else if (!receiverTaint && out && !(s.copyCalls && s.copyCalls.test(calleePath))) {
      const record = returnsRecord(run, parts, receiverOf);
      out = out.map((x) => (record && !x.record ? { ...x, derived: true, record: true } : x.derived ? x : { ...x, derived: true }));
    }
    // `fmt.Sprintf("https://api.example/users/%s", id)`: the result starts with the format's constant text.
    if (numbers) out = sanitizeByPrefix(run, out, formatPrefix(parts.positional, s.literals, run.fileText(frame.file)));
    out = merge(out, addStep(cleaned(placed), step));
    taintOutParams(run, parts, out, scope, frame);
    return out;
  }
  return addStep(cleaned(placed), step);
}

/** The value of a boolean literal argument (`false`, Python's `False`), undefined for anything else. */
function booleanLiteral(arg: Node | undefined): boolean | undefined {
  const text = arg?.text ?? '';
  // Python's `True`, PHP's `FALSE` (its constants ignore case).
  return /^true$/i.test(text) ? true : /^false$/i.test(text) ? false : undefined;
}

/**
 * Is the call a getter (`getRefundId()`, `isPaid()`) whose field the receiver's declared class declares with a type
 * that holds no text (`private Long refundId;`, the language's `scalarParameters`)? The getter itself is out of sight
 * (Lombok writes it): it returns that field. The file's findings then depend on the class's file.
 */
function getterOfScalarField(run: TaintRun, parts: CallParts, scope: Scope, frame: FunctionFrame): boolean {
  const s = frame.file.syntax;
  const getter = parts.name ? /^(?:get|is)([A-Z]\w*)$/.exec(parts.name.text) : null;
  if (!s.scalarParameters || !getter || !parts.receiver) return false;
  const field = getter[1]![0]!.toLowerCase() + getter[1]!.slice(1);
  const known = classifyReceiver(s, parts.receiver, scope, (n) => run.resolver.bindsImport(frame.file, n));
  if (known.kind !== 'type') return false;
  const declarations = run.resolver.classDeclarations(frame.file, known.name);
  run.resolver.dependOn(declarations.map((d) => d.file.path));
  return declarations.some((d) => {
    const type = declaredFieldType(d.node.text, field, s.namesBeforeTypes);
    return type !== undefined && s.scalarParameters!.test(type);
  });
}

/**
 * A method called on a value the code says nothing about (`user.login` in a controller) is found by its name alone.
 * It is not a method of the class around the call (that class is reached through `self`/`this`), and it is a
 * method of another class of the file only where the value is a collaborator the class holds (`self.auth.get_next_url(s)`):
 * a parameter, a local or an element of a container (`body.get('k')`, `self.store.data['items'].get(id)`) is as
 * likely a dict or a library object, and binding it as `self` of a request handler's `get(self, uuid)` makes every
 * field that handler reads the caller's data. Where the language rejects surplus arguments, a method that cannot take
 * the call's is not it either.
 */
function ofAnotherClass<T extends { file: ParsedFile; node: Node }>(run: TaintRun, call: Node, parts: CallParts, receiver: Receiver, frame: FunctionFrame, targets: T[]): T[] {
  if (receiver.kind !== 'unknown' || !targets.some((t) => t.file === frame.file)) return targets;
  const s = run.syntax;
  const held = !!parts.receiver && heldBySelf(s, parts.receiver.text);
  const callerClass = enclosingClass(s, call);
  return targets.filter((t) => {
    if (t.file !== frame.file) return true;
    const cls = enclosingClass(s, t.node);
    if (!cls) return true;
    if (!held || (callerClass && cls.equals(callerClass))) return false;
    return !!s.extraArgumentsIgnored || parameterRoom(run, t).max >= argumentCount(parts);
  });
}

/** `self.auth`, `this.repo`, `$this->cache`, `@client`: a field of the object around the call. */
function heldBySelf(s: LanguageSyntax, receiver: string): boolean {
  const field = /^([$@]?\w+)(?:\.|->)\w+$/.exec(receiver);
  return (!!field && (s.selfNames ?? []).includes(field[1]!)) || /^@\w+$/.test(receiver);
}

/**
 * `self.get_success_url()` in a class that defines `get_success_url` runs that method or an override of a class
 * deriving from it, never a namesake of an unrelated class of the same file (a sibling view's).
 */
function ofOwnClass<T extends { file: ParsedFile; node: Node }>(run: TaintRun, call: Node, frame: FunctionFrame, targets: T[]): T[] {
  const callerClass = enclosingClass(run.syntax, call);
  const name = callerClass?.childForFieldName('name')?.text;
  if (!callerClass || !name) return targets;
  const classOf = (t: T) => (t.file === frame.file ? enclosingClass(run.syntax, t.node) : null);
  if (!targets.some((t) => classOf(t)?.equals(callerClass))) return targets;
  const derived = derivedClasses(run, frame.file.tree, name);
  return targets.filter((t) => {
    if (t.file !== frame.file) return true;
    const cls = classOf(t);
    return !cls || derived.has(cls.childForFieldName('name')?.text ?? '');
  });
}

/** Per parsed tree (shared by every analysis of a scan): per class name, that class and the classes deriving from it. */
const derivedByTree = new WeakMap<Tree, Map<string, Set<string>>>();

/**
 * Class `name` and the classes of the file that derive from it, directly or through one another; asked at every
 * call on `$this` with several targets, answered once per tree and name.
 */
function derivedClasses(run: TaintRun, tree: Tree, name: string): Set<string> {
  let byName = derivedByTree.get(tree);
  if (!byName) derivedByTree.set(tree, (byName = new Map()));
  let derived = byName.get(name);
  if (derived) return derived;
  derived = new Set([name]);
  byName.set(name, derived);
  const classes = declaredClasses(run.syntax, tree);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of classes) if (!derived.has(c.name) && basesOf(c.node).some((b) => derived.has(b))) grew = !!derived.add(c.name);
  }
  return derived;
}

/**
 * Calls that give back the argument's own data in another form: parsers, decoders, validators and
 * pattern matches (`JSON.parse(body).url`, `schema.validate(input).value`, `re.exec(s).groups`).
 */
const PARSERS = /^(parse\w*|Parse\w*|unmarshal\w*|Unmarshal\w*|decode\w*|Decode\w*|deserializ\w*|Deserializ\w*|loads?|safe_load\w*|load_all|readValue|readTree|readerFor|convertValue|fromJson|from_json|fromXml|toObject|json_decode|unserialize|urlparse|urlsplit|validate\w*|Validate\w*|exec|match\w*|Match\w*|search|Find\w*|find_\w*|groups?|split\w*|Split\w*)$/;

/**
 * Untrusted data went as an argument into a method of an object the code holds (a service, a repository,
 * a client: `this.pages.update(page, input)`, `users.login(creds)`, `store.GetWithTracks(ctx, id)`): what
 * comes back is a record that object built or fetched. Not so for calls on the class around the call, on
 * a class or an imported module (`Buffer.from`, `base64.b64decode`, `path.join`: conversions), nor for parsers.
 */
function returnsRecord(run: TaintRun, parts: CallParts, receiverOf: () => Receiver): boolean {
  if (!parts.receiver || parts.isConstructor || !parts.name || PARSERS.test(parts.name.text)) return false;
  const s = run.syntax;
  const root = /^[$@]*[\w$]+/.exec(parts.receiver.text)?.[0];
  // `this.pages.update(page, input)`: a collaborator the class holds.
  if (root && s.selfNames?.includes(root) && parts.receiver.text !== root) return true;
  // A value of a declared or constructed class (`Playlists pls`, `new Token().fill(input)`), not a class's own
  // static method, and not a string, collection or builder whose methods transform what goes in.
  const receiver = receiverOf();
  if (receiver.kind !== 'type' || root === receiver.name || VALUE_TYPES.test(receiver.name)) return false;
  return !root || !/^[A-Z]/.test(root);
}

/** Classes whose methods compute a new value from their arguments rather than return a record. */
const VALUE_TYPES = /^(string|String|Str|str|Text|StringBuilder|StringBuffer|\w*Writer|\w*Builder|Buffer|bytes|Bytes|Array|\w*List|\w*Map|Dictionary|\w*Set|Object|object|Optional|\w*Stream|Collection|Iterable|Uri|URI|URL|Url|Path|File|Regex|Pattern|RegExp|Matcher)$/;

/**
 * Of several functions of the same name (Java and C# overloads, `toLongArray(str)` beside
 * `toLongArray(split, str)`), those that take this many arguments; all of them when none does.
 * One that takes them without a variable-arity parameter is chosen over those that need one, as
 * Java and C# choose: `check(field)` runs `check(String)`, not `check(String...)` beside it.
 */
function overloadsFor<T extends { file: ParsedFile; node: Node }>(run: TaintRun, targets: T[], parts: CallParts): T[] {
  const given = argumentCount(parts);
  const fixed: T[] = [];
  const variable: T[] = [];
  for (const t of targets) {
    const room = parameterRoom(run, t);
    if (room.max === Infinity) variable.push(t);
    else if (given >= room.required && given <= room.max) fixed.push(t);
  }
  return fixed.length ? fixed : variable.length ? variable : targets;
}

function argumentCount(parts: CallParts): number {
  return parts.positional.length + parts.keywords.size;
}

/** How many arguments a function takes: those without a default, and at most (Infinity with a rest parameter). */
function parameterRoom(run: TaintRun, target: { file: ParsedFile; node: Node }): { required: number; max: number } {
  const syntax = target.file.syntax;
  const paramsField = syntax.functions[target.node.type]?.params;
  const paramsNode = paramsField ? field(target.node, paramsField) : null;
  const params = paramsNode ? paramList(run, syntax, paramsNode) : [];
  const own = params.filter((p, i) => !(i === 0 && (syntax.selfNames ?? []).includes(p.names[0] ?? '')));
  if (own.some((p) => p.rest)) return { required: 0, max: Infinity };
  return { required: own.filter((p) => !/=/.test(p.node.text)).length, max: own.length };
}

/** Whether the code after an assertion call (`abort_unless(ok)`: true, `abort_if(!ok)`: false) sees its first argument hold. */
function assertionOutcome(calls: { holds: RegExp; fails?: RegExp }, calleePath: string): boolean | undefined {
  if (calls.holds.test(calleePath)) return true;
  if (calls.fails?.test(calleePath)) return false;
  return undefined;
}

/** Per tree and function start: whether every `return` of the function gives a constant. */
const constantReturns = new WeakMap<Tree, Map<number, boolean>>();

/** Do all the functions this call may run return only literals (at least one `return`, none computed)? */
function returnsOnlyConstants(run: TaintRun, frame: FunctionFrame, name: string, receiver: Receiver, parts: CallParts): boolean {
  let targets = run.resolver.resolve(frame.file, name, receiver, undefined, run.followedEnough());
  if (targets.length > 1) targets = overloadsFor(run, targets, parts);
  if (targets.length === 0 || targets.length > MAX_CALL_TARGETS) return false;
  return targets.every(({ file, node }) => {
    let byStart = constantReturns.get(file.tree);
    if (!byStart) constantReturns.set(file.tree, (byStart = new Map()));
    let constant = byStart.get(node.startIndex);
    if (constant === undefined) byStart.set(node.startIndex, (constant = onlyConstantReturns(file, node)));
    return constant;
  });
}

function onlyConstantReturns(file: ParsedFile, fn: Node): boolean {
  const syntax = file.syntax;
  const body = syntax.functions[fn.type]?.body ? field(fn, syntax.functions[fn.type]!.body!) : null;
  // A Ruby method returns its last expression too, unseen by its `return`s.
  if (!body || syntax.implicitReturn || !/block|body|statement|compound/.test(body.type)) return false;
  const constant = (v: Node) => syntax.literals.includes(v.type) || constantString(syntax, v);
  const returns = body.descendantsOfType(syntax.returns);
  return (
    returns.length > 0 &&
    returns.every((r) => {
      const values = r?.namedChildren.filter((c): c is Node => !!c && !syntax.comments.includes(c.type)) ?? [];
      return values.length === 1 && constant(values[0]!);
    })
  );
}

/** Ruby's `user_params`: a name that is not a variable may be a call of a method without arguments. */
export function visitBareCall(run: TaintRun, node: Node, frame: FunctionFrame): Tainted {
  const name = node.text;
  if (!/^[a-z_]\w*[?!]?$/.test(name) || frame.depth >= MAX_CALL_DEPTH) return null;
  const targets = run.resolver.resolve(frame.file, name, { kind: 'none' }, undefined, run.followedEnough());
  if (targets.length === 0 || targets.length > MAX_CALL_TARGETS) return null;
  run.follow(targets);
  const parts: CallParts = { callee: node, receiver: null, name: node, positional: [], keywords: new Map(), argsNode: null, isConstructor: false };
  const callStep = run.step(frame, node, `${name}()`);
  let result: Tainted = null;
  for (const target of targets) result = merge(result, analyzeCall(run, target, [], new Map(), null, frame, callStep, parts));
  return result ? addStep(result, run.step(frame, node, `return of ${name}()`)) : null;
}

/** `sb.append(x)` / `buf.WriteString(x)`: the receiver variable now holds the argument's data. */
function mutateReceiver(run: TaintRun, parts: CallParts, argTaints: Tainted[], scope: Scope): void {
  const mutators = run.syntax.mutators;
  if (!mutators || !parts.receiver || !parts.name || !mutators.test(parts.name.text)) return;
  const key = literalKey(run, parts, run.syntax.keyedAccess?.write);
  // A keyed write stores what follows its key.
  let added: Tainted = null;
  for (let i = key === undefined ? 0 : 1; i < argTaints.length; i++) added = merge(added, argTaints[i] ?? null);
  if (!added && key === undefined) return;
  const s = run.syntax;
  if (!s.identifiers.includes(parts.receiver.type) && !s.members[parts.receiver.type]) return;
  const name = run.path(parts.receiver, scope);
  // Only variables the code declared: never package or class names (`io.WriteString`, `Files.write`).
  const known = scope.lookup(name);
  if (known === undefined) return;
  if (key === undefined) {
    scope.assign(name, merge(known, added?.map((x) => ({ ...x, part: true })) ?? null));
    return;
  }
  // `m.put("keyB", param)`: the entry replaces what the key held; the map's other data stays.
  const others = known?.filter((x) => x.field !== key) ?? null;
  const entry = added?.map((x) => ({ ...x, part: true, field: key })) ?? null;
  scope.assign(name, merge(others && others.length ? others : null, entry));
}

/** The string literal a keyed write or read (`keyedAccess`) names as its first argument, if this call is one. */
function literalKey(run: TaintRun, parts: CallParts, methods: RegExp | undefined): string | undefined {
  const first = parts.positional[0];
  if (!methods || !parts.name || !methods.test(parts.name.text) || !first) return undefined;
  // A string made of literal pieces only (Python's `"keyA"`) is as fixed as a literal node.
  if (!run.syntax.literals.includes(first.type)) return constantText(run.syntax, first);
  const quoted = /^(["'])(.*)\1$/s.exec(first.text);
  return quoted ? quoted[2] : undefined;
}

/** What a call reads from its receiver: by a fixed key (`m.get("keyA")`), only that entry and the unkeyed data. */
function keyedRead(run: TaintRun, parts: CallParts, receiverTaint: Tainted): Tainted {
  if (!receiverTaint?.some((x) => x.field !== undefined)) return receiverTaint;
  const key = literalKey(run, parts, run.syntax.keyedAccess?.read);
  if (key === undefined) return receiverTaint;
  const read = receiverTaint.filter((x) => x.field === undefined || x.field === key).map((x) => (x.field === undefined ? x : { ...x, field: undefined }));
  return read.length ? read : null;
}

/** A variable or member declared with a type that holds no text (the language's `scalarParameters`). */
function holdsNoText(run: TaintRun, target: Node, scope: Scope, frame: FunctionFrame): boolean {
  const scalar = run.syntax.scalarParameters;
  if (!scalar) return false;
  if (run.syntax.identifiers.includes(target.type)) return scalar.test(scope.typeOf(target.text) ?? '');
  return !!run.syntax.members[target.type] && scalarMemberOfDeclaredClass(run, target, scope, frame);
}

/** Go-style out-parameters: `json.NewDecoder(r.Body).Decode(&v)` taints v. */
function taintOutParams(run: TaintRun, parts: CallParts, value: Tainted, scope: Scope, frame: FunctionFrame): void {
  if (!value || !run.syntax.addressOf) return;
  for (const arg of parts.positional) {
    if (arg.type === run.syntax.addressOf && arg.text.startsWith('&')) {
      const target = arg.namedChildren[0];
      // `rows.Scan(&post.ID, &n)` into a number, a time or a flag (its struct field's or variable's declared type) fills it with no text.
      if (target && holdsNoText(run, target, scope, frame)) continue;
      if (target) for (const name of patternNames(run.syntax, target)) scope.assign(name, value);
    } else if (madePointer(run, arg, scope)) {
      // `form := &Form{}; c.ShouldBindJSON(form)`: the pointer itself is the out-parameter.
      scope.assign(arg.text, merge(scope.lookup(arg.text) ?? null, value));
    }
  }
}

function analyzeCall(
  run: TaintRun,
  target: { file: ParsedFile; node: Node },
  args: Tainted[],
  kwargs: Map<string, Tainted>,
  receiver: Tainted,
  caller: FunctionFrame,
  callStep: TraceStep,
  parts: CallParts,
  isConstructor = false,
): Tainted {
  const syntax = target.file.syntax;
  const shape = syntax.functions[target.node.type];
  if (!shape) return null;
  const paramsNode = shape.params ? field(target.node, shape.params) : null;
  const params = paramsNode ? paramList(run, syntax, paramsNode) : [];
  // Methods called on an object: the `self` parameter is the receiver, not the first argument.
  let offset = 0;
  if (params[0] && (syntax.selfNames ?? []).includes(params[0].names[0] ?? '') && (parts.receiver || isConstructor)) offset = 1;
  const bound: Tainted[] = params.map((p, i) => {
    if (i < offset) return receiver;
    const byName = p.names[0] ? kwargs.get(p.names[0]) : undefined;
    if (byName !== undefined) return byName;
    if (p.rest) return args.slice(i - offset).reduce<Tainted>((acc, t) => merge(acc, t), null);
    return args[i - offset] ?? null;
  });
  // A parameter declared as a number, date or id receives no text (the caller's value was converted or refused).
  if (syntax.scalarParameters) params.forEach((p, i) => {
    if (i >= offset && bound[i] && syntax.scalarParameters!.test(p.type)) bound[i] = weakRandomStrands(run, bound[i]!);
  });
  // A method of an object the caller's data made (`product.getHomepage()` on a bound request body) reads that data
  // through `this` where the language has no self parameter to bind it to.
  const self = offset === 0 && !isConstructor && receiver && parts.receiver ? syntax.selfNames?.[0] : undefined;
  // Only the data itself (a bound request body), not an object the code built around it (`new Builder($request)`,
  // whose fields the constructor sets and `fieldsTainted` follows) nor a record fetched with it.
  const ownData = receiver?.filter((x) => !x.derived && !x.record && !x.part && !x.text && !x.whole) ?? [];
  const selfTaint = self && ownData.length && enclosingClass(syntax, target.node) ? ownData : null;
  const signature = [...bound, selfTaint].map((t) => (t ? t.map((x) => `${x.onlyRule ?? ''}${x.stored ? `/${x.stored.join(',')}` : ''}:${[...x.clean].sort().join(',')}`).join('|') : '-')).join(';');
  // Fields of its object that hold untrusted data are inputs too.
  const fieldsTainted = inTaintedClass(run, target.node);
  // Arguments written as a boolean literal (`getPermanentAvatarUrl(org, name, url, false)`): the callee's checks of
  // such a parameter have a fixed answer in this call (constants.ts), so calls with other flags are other analyses.
  const flags = params.map((p, i) => (i < offset || p.names.length !== 1 ? undefined : booleanLiteral(parts.keywords.get(p.names[0]!) ?? parts.positional[i - offset])));
  const flagged = flags.some((f) => f !== undefined) ? `:${flags.map((f) => (f === undefined ? '-' : f ? 'T' : 'F')).join('')}` : '';
  // Arguments naming a template file (`render(w, "feed.html", data)`): a render call inside renders that file, so
  // each name is its own analysis.
  const templates = params.map((p, i) => {
    const arg = i < offset || p.names.length !== 1 ? undefined : (parts.keywords.get(p.names[0]!) ?? parts.positional[i - offset]);
    // Only a short argument can be a file name's literal: a callback or an object literal's text is not read.
    return arg && arg.endIndex - arg.startIndex <= MAX_TEMPLATE_NAME ? templateFileName(arg.text) : undefined;
  });
  const named = templates.some((t) => t !== undefined) ? `:${templates.map((t) => t ?? '-').join('|')}` : '';
  const key = `${target.file.path}:${target.node.startIndex}:${signature}${fieldsTainted ? ':fields' : ''}${flagged}${named}`;
  if (run.memo.has(key)) return run.memo.get(key)!;
  // With clean inputs a function only contributes what it returns (its own sinks are found when its file is
  // analysed), and that is the same for every caller in the scan (not so when a flag decides its branches).
  const clean = bound.every((t) => !t) && [...kwargs.values()].every((t) => !t) && !fieldsTainted && !selfTaint && !flagged;
  const known = clean ? cleanReturns.get(target.file.tree)?.get(target.node.startIndex) : undefined;
  if (known !== undefined) return known;
  if (run.inProgress.has(key)) return null;
  run.inProgress.add(key);
  const scope = new Scope(fileScope(run, target.file));
  const frame: FunctionFrame = { file: target.file, returns: null, depth: caller.depth + 1, callStep, caller: { frame: caller, call: (parts.callee ?? parts.name)! } };
  if (self && selfTaint) scope.vars.set(self, selfTaint);
  params.forEach((p, i) => {
    for (const n of p.names) scope.vars.set(n, bound[i] ?? null);
    if (flags[i] !== undefined) scope.flags.set(p.names[0]!, flags[i]!);
    if (templates[i] !== undefined) scope.templateNames.set(p.names[0]!, templates[i]!);
    bindParamSources(run, p, target.node, scope, frame, i);
  });
  const body = shape.body ? field(target.node, shape.body) : null;
  if (body && syntax.implicitReturn && /block|statement|compound|body/.test(body.type)) {
    frame.returns = merge(frame.returns, visitReturningLast(run, body, scope, frame));
  } else if (body) {
    const t = visit(run, body, scope, frame);
    // Expression-bodied lambdas return their body.
    if (!/block|statement|compound|body/.test(body.type)) frame.returns = merge(frame.returns, t);
  }
  run.inProgress.delete(key);
  run.memo.set(key, frame.returns);
  if (clean) rememberCleanReturn(target.file.tree, target.node.startIndex, frame.returns);
  return frame.returns;
}

/** Ruby: a method returns the value of its last expression, which is then checked like a `return`. */
function visitReturningLast(run: TaintRun, body: Node, scope: Scope, frame: FunctionFrame): Tainted {
  let last: Tainted = null;
  let lastNode: Node | undefined;
  for (const child of body.namedChildren) {
    if (!child || frame.file.syntax.comments.includes(child.type)) continue;
    last = visit(run, child, scope, frame);
    lastNode = child;
  }
  if (last && lastNode && !frame.file.syntax.returns.includes(lastNode.type)) checkReturnSink(run, lastNode, last, frame);
  return last;
}

/** Analyses a function literal or nested function where it stands (closures see `outer`); gives what it returns. */
export function analyzeNestedFunction(run: TaintRun, node: Node, outer: Scope, frame: FunctionFrame): Tainted {
  const syntax = frame.file.syntax;
  const shape = syntax.functions[node.type]!;
  const scope = new Scope(outer);
  const inner: FunctionFrame = { file: frame.file, returns: null, depth: frame.depth, callStep: frame.callStep, caller: frame.caller };
  const paramsNode = shape.params ? field(node, shape.params) : null;
  let paramCount = 0;
  const binding = run.callbackBinding?.node.equals(node) ? run.callbackBinding : undefined;
  run.callbackBinding = undefined;
  // A lone parameter without a list (C#'s `e => …`) is the first parameter.
  if (paramsNode && paramsNode.namedChildCount === 0 && /^[A-Za-z_]\w*$/.test(paramsNode.text)) {
    scope.vars.set(paramsNode.text, binding && binding.index === 0 ? binding.taint : null);
  } else if (paramsNode) {
    const params = paramList(run, syntax, paramsNode);
    const roles = handlerParameterRoles(run, node, params.length);
    params.forEach((p, i) => {
      // Parameters shadow outer names; their values are unknown (clean) unless a source or the calling method says otherwise.
      for (const n of p.names) scope.vars.set(n, binding && binding.index === i ? binding.taint : null);
      const role = roles?.[i];
      if (role && p.names.length === 1 && p.names[0] !== role) scope.aliases.set(p.names[0]!, role);
      bindParamSources(run, p, node, scope, inner, i);
      paramCount++;
    });
  } else if (node.type === 'arrow_function') {
    const single = node.childForFieldName('parameter');
    if (single) scope.vars.set(single.text, binding && binding.index === 0 ? binding.taint : null);
  }
  // Nothing untrusted can enter it (quiet-functions.ts): it returns a clean value and reaches no sink with data.
  if (!binding && isQuiet(run, node, frame.file, scope)) return null;
  const body = shape.body ? field(node, shape.body) : null;
  if (body && syntax.implicitReturn && /block|statement|compound|body/.test(body.type)) {
    inner.returns = merge(inner.returns, visitReturningLast(run, body, scope, inner));
  } else if (body) {
    const t = visit(run, body, scope, inner);
    if (!/block|statement|compound|body/.test(body.type)) inner.returns = merge(inner.returns, t);
  }
  // This was the function with clean arguments: a later call with clean arguments needs only its result.
  if (frame.depth === 0 && !binding) {
    const key = `${frame.file.path}:${node.startIndex}:${Array.from({ length: paramCount }, () => '-').join(';')}`;
    if (!run.memo.has(key)) run.memo.set(key, inner.returns);
    rememberCleanReturn(frame.file.tree, node.startIndex, inner.returns);
  }
  return inner.returns;
}

/**
 * What a constructor stored in the fields of its class (`$this->url = $url`), changed since `before`: each strand
 * placed in its field, as an object literal's properties are.
 */
function storedFields(run: TaintRun, constructor: Node, before: Map<string, Tainted> | undefined): Tainted {
  const cls = run.classFields.size ? enclosingClass(run.syntax, constructor) : null;
  if (!cls) return null;
  const prefix = `${cls.startIndex}:${cls.endIndex}:`;
  let out: Tainted = null;
  for (const [key, value] of run.classFields) {
    if (!key.startsWith(prefix) || !value || before?.get(key) === value) continue;
    // `self.url`, `$this.url`: only a field of the object itself, not one of a nested object (`this.opts.url`).
    const name = /^[^.]+\.([^.[\]]+)$/.exec(key.slice(prefix.length))?.[1];
    if (name) out = merge(out, value.map((x) => ({ ...x, field: name })));
  }
  return out;
}

/**
 * The properties a project class with a primary constructor holds its arguments in, by position: each parameter of
 * a record (`record Point(int X, int Y)`), the property a C# 12 class initializes from a parameter
 * (`class Request(Blob blob) { public Blob Blob { get; } = blob; }`), undefined for a parameter held otherwise (a
 * method reads it: the object holds it, in no known property). Undefined for a class without one.
 */
function primaryConstructorProperties(run: TaintRun, file: ParsedFile, name: string): (string | undefined)[] | undefined {
  for (const declared of run.resolver.classDeclarations(file, name)) {
    const cls = declared.node;
    const list = cls.childForFieldName('parameters') ?? cls.namedChildren.find((c) => !!c && /^(parameter_list|formal_parameters)$/.test(c.type));
    if (!list) continue;
    run.resolver.dependOn([declared.file.path]);
    const params = list.namedChildren.flatMap((p) => (p && /parameter/.test(p.type) ? [p.childForFieldName('name')?.text ?? ''] : []));
    if (cls.type === 'record_declaration') return params;
    const body = cls.childForFieldName('body')?.text ?? '';
    return params.map((param) => new RegExp(`\\b(\\w+)\\s*\\{[^{}]*\\}\\s*=\\s*${param}\\s*;`).exec(body)?.[1]);
  }
  return undefined;
}

/** PHP's `new self(…)` / `new static(…)`: the class around the call, by its name. */
function constructedName(s: LanguageSyntax, node: Node, parts: CallParts): string | undefined {
  if (!parts.isConstructor || !s.ownClassNames?.includes((parts.name ?? parts.callee)?.text ?? '')) return undefined;
  return enclosingClass(s, node)?.childForFieldName('name')?.text;
}

/** A class of this file by name, for constructor calls (`Exporter(name)` → `Exporter.__init__`). */
function constructorOf(run: TaintRun, file: ParsedFile, name: string): Node | undefined {
  const syntax = file.syntax;
  if (!syntax.constructorNames?.length || !/^[A-Z]/.test(name)) return undefined;
  let constructors = constructorsByTree.get(file.tree);
  if (!constructors) {
    constructors = new Map();
    constructorsByTree.set(file.tree, constructors);
    const fnTypes = Object.keys(syntax.functions);
    for (const cls of file.tree.rootNode.descendantsOfType(syntax.classes ?? [])) {
      const className = cls?.childForFieldName('name')?.text;
      if (!cls || !className) continue;
      for (const fn of cls.descendantsOfType(fnTypes)) {
        const shape = fn ? syntax.functions[fn.type] : undefined;
        const fnName = fn && shape?.name ? fn.childForFieldName(shape.name)?.text : undefined;
        if (fn && fnName && syntax.constructorNames.includes(fnName)) {
          constructors.set(className, fn);
          break;
        }
      }
    }
  }
  return constructors.get(name);
}
