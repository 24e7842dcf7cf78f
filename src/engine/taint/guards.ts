// Branches and guards: an `if`, ternary or comprehension filter whose condition a guard
// sanitiser recognises (`ALLOWED.has(x)`, `x.startsWith('/')`) cleans the names it checks in
// the branch where it passed; a guard clause that leaves (`if (!ok(x)) return;`) cleans them
// after it, and a called function that opens with one that throws vets its argument.
import { constantText, constantTruth, literalValue } from './constants.ts';
import type { Node, Tree } from 'web-tree-sitter';
import type { CompiledSanitizer } from '../rules/load.ts';
import { accessPath, callParts, field, type CallParts } from '../parse/syntax.ts';
import { classifyReceiver, type Receiver } from './receivers.ts';
import { CALLABLE_NAME, MAX_CALL_TARGETS, type FunctionFrame, type ParsedFile, type TaintRun } from './run.ts';
import { Scope } from './scope.ts';
import { merge, readField, sanitize, type Tainted } from './values.ts';
import { paramList } from './parameters.ts';
import { sourceTaint } from './sources.ts';
import { visit, visitChildren } from './walk.ts';

/** A check that holds where the value is bad, in any language: a deny-list by its name, or a search for `..`. */
const DENY_LIST = /block|deny|denied|forbid|reserved|dangerous|unsafe|banned|blacklist|invalid|illegal|disallow|"\.\."|'\.\.'/i;

/** A deny-list check: by its words, or a guard of the language's own API that `denies` (a search for path separators). */
function denies(run: TaintRun, condition: string): boolean {
  return DENY_LIST.test(condition) || run.engine.deniesWith(condition);
}

/**
 * A deny-list check alone, or beside checks that the value it looks at is there at all (`notEmpty(p) &&
 * p.contains("..")`, `name != null && BLOCKED.has(name)`): where it fails, the value is either absent or not denied.
 */
function deniesAlone(run: TaintRun, condition: string): boolean {
  if (/\|\||\bor\b/.test(condition)) return false;
  const parts = condition
    .trim()
    .replace(/^\(([\s\S]*)\)$/, '$1')
    .split(/&&|\band\b/).map((p) => p.trim().replace(/^\(([\s\S]*)\)$/, '$1').trim());
  const denials = parts.filter((p) => denies(run, p));
  if (denials.length !== 1) return false;
  return parts.every((p) => p === denials[0] || PRESENCE_CHECKS.some((re) => mentions(denials[0]!, re.exec(p)?.[1] ?? '\0')));
}

/** A check that a name holds something: `notEmpty(p)`, `StringUtils.isNotBlank(p)`, `!string.IsNullOrEmpty(p)`, `p != null`, `isset($p)`. */
const PRESENCE_CHECKS = [
  /^(?:[\w$]+\.)*(?:not_?[Ee]mpty|isNotEmpty|isNotBlank|notBlank|hasText|hasLength|isset)\s*\(\s*([$\w]+)\s*\)$/,
  /^!\s*(?:[\w$]+\.)*(?:isEmpty|isBlank|IsNullOrEmpty|IsNullOrWhiteSpace|empty)\s*\(\s*([$\w]+)\s*\)$/,
  /^([$\w]+)\s*!==?\s*(?:null|nil|None|undefined)$/,
  /^(?:null|nil|None|undefined)\s*!==?\s*([$\w]+)$/,
];

/** Properties that name where a URL points: checking them (`url.origin === ORIGIN`) vets the whole URL. */
const URL_PARTS = /^(protocol|host|hostname|origin|scheme|netloc|Host|Scheme)$/;

export function visitIf(run: TaintRun, node: Node, shape: { condition: string; consequence: string; alternative?: string }, scope: Scope, frame: FunctionFrame): Tainted {
  const condition = field(node, shape.condition);
  const consequence = field(node, shape.consequence);
  const alternative = shape.alternative ? field(node, shape.alternative) : null;
  const parts = [condition, consequence, alternative];
  const others = node.namedChildren.filter((c): c is Node => !!c && !run.syntax.comments.includes(c.type) && !parts.some((p) => p && p.equals(c)));
  // Go's `if x := f(); cond` runs its initializer first, in the enclosing scope.
  for (const child of others) if (condition && child.startIndex < condition.startIndex) visit(run, child, scope, frame);
  // Else-if chains and else clauses the grammar does not put in a field.
  const later = others.filter((c) => !condition || c.startIndex > condition.startIndex);
  if (condition) visit(run, condition, scope, frame);
  // A condition whose answer is fixed (constants.ts): the branch it always takes runs as straight-line code, the
  // other never runs. An else-if chain after a false one is read as usual.
  const fixed = condition && consequence ? constantTruth(run, condition, scope) : undefined;
  if (fixed === true) return visit(run, consequence!, scope, frame);
  if (fixed === false && !later.length) return alternative ? visit(run, alternative, scope, frame) : null;
  if (fixed === false) {
    // Python's `elif` and PHP's `elseif` clauses are siblings, not nested ifs: follow the chain while its conditions are fixed too.
    const taken = fixedClause(run, [alternative, ...later].filter((c): c is Node => !!c), scope);
    if (taken !== undefined) return taken ? visit(run, taken, scope, frame) : null;
  }
  const effective = condition ? effectiveCondition(run, condition, scope) : null;
  const asked: GuardsAsked = {};
  const guards = effective ? conditionGuards(run, effective, scope, frame, asked) : [];
  const guardedTaint = guards.length && effective ? (asked.guarded ?? guardedNames(run, effective, scope, frame)) : new Map<string, Tainted>();
  const guarded = [...guardedTaint.keys()];
  if (!guarded.length || !consequence || !condition || !effective) {
    // `if (name == null) return name;`: where the check says the name holds nothing, it carries no data.
    const empty = consequence && condition && !node.type.startsWith('unless') ? emptiedName(condition.text) : undefined;
    const enter = empty && scope.lookup(empty)
      ? (branch: Node, inner: Scope) => {
          if (branch.equals(consequence!)) inner.vars.set(empty, null);
        }
      : undefined;
    return visitBranches(run, [consequence, alternative, ...later].filter((b): b is Node => !!b), !!alternative || later.length > 0, scope, frame, enter);
  }
  const cleanIn = (target: Scope) => {
    const cleaned = new Map<string, Tainted>();
    for (const name of guarded) {
      let t = guardedTaint.get(name) ?? null;
      for (const g of guards) t = sanitize(t, g.types);
      target.vars.set(name, t);
      cleaned.set(name, t);
    }
    return cleaned;
  };
  /**
   * The branch where the check passed sees clean values. Its other assignments stay visible after the if, beside
   * what the names held before: the check may have failed and the branch not run (`if (p.Contains("x")) p = "safe";`
   * leaves `p` as it came when it holds no "x"), unless every other way through the if leaves (`alone`). A branch
   * that leaves the function gives nothing to what follows.
   */
  const visitPassed = (branch: Node, alone: boolean): Tainted => {
    const inner = new Scope(scope, true);
    const cleaned = cleanIn(inner);
    const value = visit(run, branch, inner, frame);
    // A `break` or `continue` leaves the branch, not the loop: what it assigned is read after the loop.
    if (exits(run, branch) && !endsWithJump(run, branch)) return value;
    for (const [k, v] of inner.vars) {
      if (!cleaned.has(k) || inner.assigned.has(k)) scope.assign(k, alone ? v : merge(scope.lookup(k) ?? null, v));
    }
    return value;
  };
  // What the branches give, for languages where an `if` is an expression (Ruby's last expression is returned).
  let value: Tainted = null;
  // Ruby's `unless` runs its branch when the check fails. A check on a deny-list alone (`if (p.contains("..")) {…}
  // else {…}`) holds where the value is bad: its `else` and, after a branch that leaves, what follows see it vetted;
  // negated (`if (!p.contains(".."))`), its branch does.
  const negative = isNegative(run, condition, effective) !== node.type.startsWith('unless');
  if (negative !== deniesAlone(run, effective.text)) {
    // `if (!allowed.has(x)) return;` / `if !ok { x = "default" }`: the failing branch sees raw values.
    value = visit(run, consequence, scope, frame);
    if (alternative) value = merge(value, visitPassed(alternative, exits(run, consequence)));
    for (const b of later) value = merge(value, visit(run, b, scope, frame));
    // Only here is a called helper resolved to see whether it leaves: a failed check's branch, where it decides what is vetted.
    if (exits(run, consequence, frame.file)) cleanIn(scope);
    return value;
  }
  // `if (allowed.has(x)) { use(x) }`: x is safe inside.
  value = visitPassed(consequence, !!alternative && !later.length && exits(run, alternative));
  if (alternative) value = merge(value, visit(run, alternative, scope, frame));
  for (const b of later) value = merge(value, visit(run, b, scope, frame));
  // A leaving branch on a deny-list among other checks (`if (BLOCKED.has(k) || !k) continue;`) vets what follows.
  if (exits(run, consequence) && denies(run, effective.text)) cleanIn(scope);
  return value;
}

/**
 * The body an else-if chain runs when every condition before it is fixed (`null`: none runs), or undefined as
 * soon as a condition depends on anything else.
 */
function fixedClause(run: TaintRun, clauses: Node[], scope: Scope): Node | null | undefined {
  for (const clause of clauses) {
    const condition = clause.childForFieldName('condition');
    const body = clause.childForFieldName('consequence') ?? clause.childForFieldName('body');
    if (!condition) return body ?? clause;
    const truth = constantTruth(run, condition, scope);
    if (truth === undefined || !body) return undefined;
    if (truth) return body;
  }
  return null;
}

/**
 * Branches without a guard: each starts from the state before the `if`; afterwards a
 * name holds whatever any branch that falls through may have left in it. A branch that ends
 * with `break` or `continue` falls through too: what it assigned is read after the loop or
 * switch it leaves, or in the loop's next round (`if (c.getName().equals("id")) { v = c.getValue(); break; }`).
 */
function visitBranches(
  run: TaintRun,
  branches: Node[],
  exhaustive: boolean,
  scope: Scope,
  frame: FunctionFrame,
  enter?: (branch: Node, inner: Scope) => void,
): Tainted {
  let result: Tainted = null;
  const fallThrough: Scope[] = [];
  for (const branch of branches) {
    const inner = new Scope(scope, true);
    enter?.(branch, inner);
    result = merge(result, visit(run, branch, inner, frame));
    if (!exits(run, branch) || endsWithJump(run, branch)) fallThrough.push(inner);
  }
  const names = new Set<string>();
  for (const b of fallThrough) for (const name of b.vars.keys()) names.add(name);
  for (const name of names) {
    const before = scope.lookup(name) ?? null;
    let value: Tainted = exhaustive && fallThrough.length > 0 ? null : before;
    for (const b of fallThrough) value = merge(value, b.vars.has(name) ? b.vars.get(name)! : before);
    scope.assign(name, value);
  }
  return result;
}

/** The handlers of a `try` (`except`, `catch`, `rescue`): branches that may run after the body, none of them exhaustive. */
export function visitHandlers(run: TaintRun, handlers: Node[], scope: Scope, frame: FunctionFrame): Tainted {
  return visitBranches(run, handlers, false, scope, frame);
}

/**
 * A `switch`/`match`/`case`: the subject is evaluated first, then each case starts from the state before
 * the statement, so a sanitiser in one case does not clean the value its sibling uses. Afterwards a name
 * holds whatever a case that leaves normally (by `break` too) may have left in it, or its value before
 * when no case is the default.
 */
export function visitSwitch(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted {
  const caseTypes = run.syntax.switches!.cases;
  const cases: Node[] = [];
  const collect = (parent: Node, depth: number) => {
    for (const child of parent.namedChildren) {
      if (!child || run.syntax.comments.includes(child.type)) continue;
      if (caseTypes.includes(child.type)) cases.push(child);
      else if (depth === 0 && child.namedChildren.some((c) => !!c && caseTypes.includes(c.type))) collect(child, 1);
      else visit(run, child, scope, frame);
    }
  };
  collect(node, 0);
  const hasDefault = cases.some((c) => /default|else/.test(c.type) || /^(default|else|case\s+_\s*(:|if))/.test(c.text));
  // `case 'email': case 'slack': notify($channel)`: inside a case whose labels are all literals the subject is one of them.
  let subject = node.childForFieldName('value') ?? node.childForFieldName('condition') ?? node.childForFieldName('subject');
  while (subject && /parenthesized/.test(subject.type) && subject.namedChildCount === 1) subject = subject.namedChildren[0]!;
  // `case ret = params[:return]`: the subject is the name assigned.
  if (subject && run.syntax.assignments[subject.type]) subject = subject.childForFieldName(run.syntax.assignments[subject.type]!.left) ?? subject;
  const subjectPath = subject ? run.path(subject, scope) : '';
  // `switch (guess.charAt(1))` with `guess = "ABC"`: only the case that takes 'B' (or the default) runs.
  const fixed = subject ? fixedCase(run, cases, subject, scope) : undefined;
  if (fixed !== undefined) return fixed ? visitBranches(run, [fixed], true, scope, frame) : null;
  const enter = (branch: Node, inner: Scope) => {
    if (CASE_LABELS.test(branch.text)) {
      inner.vars.set(subjectPath, null);
      return;
    }
    // `when /\A\/agents/, /\A\/events/`: inside, `subject =~ label` held for one of the labels; a guard every
    // such test passes (the language's regex-match guard) vets the subject there.
    const labels = REGEX_CASE.exec(branch.text)?.[1]?.split(/\s*,\s*(?=\/)/);
    if (!labels) return;
    const each = labels.map((l) => run.engine.guardsFor(`${subjectPath} =~ ${l}`));
    let v = scope.lookup(subjectPath) ?? null;
    for (const g of each[0]!) if (each.every((x) => x.includes(g))) v = sanitize(v, g.types);
    inner.vars.set(subjectPath, v);
  };
  return visitBranches(run, cases, hasDefault, scope, frame, subjectPath && scope.lookup(subjectPath) ? enter : undefined);
}

/** Case types that run on into the next case unless they end by jumping (`case 'A': x = p; case 'B': …`). */
const FALL_THROUGH_CASES = new Set(['switch_block_statement_group', 'switch_case', 'switch_default', 'case_statement', 'default_statement']);

/**
 * The one case a switch on a fixed subject runs (`null`: none, as no label matches and there is no default),
 * or undefined when that cannot be told: the subject is not fixed, a label is not a plain literal, or the
 * case taken runs on into the next one.
 */
function fixedCase(run: TaintRun, cases: Node[], subject: Node, scope: Scope): Node | null | undefined {
  const value = constantText(run, subject, scope);
  if (value === undefined) return undefined;
  let fallback: Node | null = null;
  let chosen: Node | undefined;
  for (const branch of cases) {
    const labels = CASE_LABELS.exec(branch.text);
    if (!labels) {
      if (/default|else/.test(branch.type) || /^\s*(default\b|else\b|case\s+_\s*:)/.test(branch.text)) fallback = branch;
      else return undefined;
      continue;
    }
    // An escape in a label (`case '\n':`) is not compared as written: the switch stays open.
    if (labels[1]!.includes('\\')) return undefined;
    const values = [...labels[1]!.matchAll(new RegExp(LITERAL, 'g'))].map((m) => literalValue(m[0]));
    // A label of another kind than the subject (`case 65:` on a char) is not compared: the switch stays open.
    if (values.some((v) => v === undefined || v[0] !== value[0])) return undefined;
    if (!chosen && values.includes(value)) chosen = branch;
  }
  const taken = chosen ?? fallback;
  if (taken && FALL_THROUGH_CASES.has(taken.type) && !endsWithJump(run, taken) && !exits(run, taken) && taken !== cases[cases.length - 1]) return undefined;
  return taken;
}

/** A string or number literal. */
const LITERAL = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?)`;
/** A case whose labels are all literals (`case 'a':`, `case "a", "b" ->`, `when 'a', 'b'`, `case "a" | "b":`), the labels captured. */
const CASE_LABELS = new RegExp(String.raw`^\s*(?:case|when)\s+(${LITERAL}(?:\s*(?:,|\||:\s*case)\s*${LITERAL})*)\s*(?::|->|\bthen\b|\n|;)`);

/** A Ruby `when` whose labels are all regex literals (`when /\A\/scenarios/, /\A\/agents/`). */
const REGEX_CASE = /^\s*when\s+(\/(?:[^/\\\n]|\\.)*\/[imx]*(?:\s*,\s*\/(?:[^/\\\n]|\\.)*\/[imx]*)*)\s*(?:\bthen\b|\n|;)/;

/** Does this block end by jumping out of its loop or switch, or to the loop's next round (`break`, `continue`)? */
function endsWithJump(run: TaintRun, block: Node): boolean {
  const statements = block.namedChildren.filter((c): c is Node => !!c && !run.syntax.comments.includes(c.type));
  const last = statements[statements.length - 1];
  return !!last && /^(break|continue)/.test(last.type);
}

export function visitTernary(run: TaintRun, node: Node, shape: { condition: string; consequence: string; alternative: string }, scope: Scope, frame: FunctionFrame): Tainted {
  const condition = field(node, shape.condition);
  const consequence = field(node, shape.consequence);
  const alternative = field(node, shape.alternative);
  if (!condition || !consequence || !alternative) return visitChildren(run, node, scope, frame);
  visit(run, condition, scope, frame);
  // `(7 * 42) - num > 200 ? "fixed" : param`: only the branch the condition always takes gives the value.
  const fixed = constantTruth(run, condition, scope);
  if (fixed !== undefined) return visit(run, fixed ? consequence : alternative, scope, frame);
  const effective = effectiveCondition(run, condition, scope);
  const asked: GuardsAsked = {};
  const guards = conditionGuards(run, effective, scope, frame, asked);
  const guarded = guards.length ? (asked.guarded ?? guardedNames(run, effective, scope, frame)) : new Map<string, Tainted>();
  if (!guarded.size) return merge(visit(run, consequence, scope, frame), visit(run, alternative, scope, frame));
  // `ALLOWED.contains(x) ? x : "default"`: x is validated where it is chosen.
  const inner = new Scope(scope);
  for (const [name, taint] of guarded) {
    let v = taint;
    for (const g of guards) v = sanitize(v, g.types);
    inner.vars.set(name, v);
  }
  const negative = isNegative(run, condition, effective);
  const t = visit(run, consequence, negative ? scope : inner, frame);
  return merge(t, visit(run, alternative, negative ? inner : scope, frame));
}

/** A scope in which the names that the given conditions vet (when each holds) are cleaned. */
/**
 * `allowed.includes(x) && res.redirect(x)`, `valid?(x) and redirect_to(x)`: the right side runs only when the left
 * is true, so it sees what a passed check on the left cleans, as the branch of an `if` would. Null when the node is
 * no conjunction; otherwise the value of the whole, which holds what either side does.
 */
export function visitConjunction(run: TaintRun, node: Node, scope: Scope, frame: FunctionFrame): Tainted | undefined {
  if (!/binary|boolean/.test(node.type)) return undefined;
  const operator = node.childForFieldName('operator')?.text;
  // `ok(x) && use(x)` runs its right side where the left holds; `!ok(x) || use(x)` where the left fails.
  const conjunction = operator === '&&' || operator === 'and';
  if (!conjunction && operator !== '||' && operator !== 'or') return undefined;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return undefined;
  const leftValue = visit(run, left, scope, frame);
  const cleaned = passedCleaning(run, left, scope, frame, conjunction);
  if (!cleaned.size) return merge(leftValue, visit(run, right, scope, frame));
  const inner = new Scope(scope);
  for (const [name, t] of cleaned) inner.vars.set(name, t);
  const rightValue = visit(run, right, inner, frame);
  for (const [k, v] of inner.vars) if (!(cleaned.has(k) && cleaned.get(k) === v)) scope.assign(k, v);
  return merge(leftValue, rightValue);
}

export function passedChecks(run: TaintRun, conditions: Node[], scope: Scope, frame: FunctionFrame): Scope {
  let inner = scope;
  for (const holder of conditions) {
    visit(run, holder, scope, frame);
    const condition = holder.namedChildren.find((c): c is Node => !!c && !run.syntax.comments.includes(c.type));
    const cleaned = condition ? passedCleaning(run, condition, scope, frame) : new Map<string, Tainted>();
    if (!cleaned.size) continue;
    if (inner === scope) inner = new Scope(scope);
    for (const [name, t] of cleaned) inner.vars.set(name, t);
  }
  return inner;
}

/**
 * After an assertion call (`abort_unless(ctype_digit($id))`, `abort_if(!ctype_digit($id))`), the rest of the block
 * sees the check passed when the call's outcome says so, as after `if (!ctype_digit($id)) abort();`.
 */
export function assertedCheck(run: TaintRun, condition: Node, holdsAfter: boolean, scope: Scope, frame: FunctionFrame): void {
  for (const [name, t] of passedCleaning(run, condition, scope, frame, holdsAfter)) scope.assign(name, t);
}

/**
 * What a passed check of `condition` leaves clean: the names it guards, each with its value cleaned. The check passed
 * where the condition holds (`holds`), or where it does not (`abort_if(!ok)` continues with `ok` true); a negative
 * check (`x not in ALLOWED`) that holds cleans nothing.
 */
function passedCleaning(run: TaintRun, condition: Node, scope: Scope, frame: FunctionFrame, holds = true): Map<string, Tainted> {
  const cleaned = new Map<string, Tainted>();
  const effective = effectiveCondition(run, condition, scope);
  const asked: GuardsAsked = {};
  const guards = conditionGuards(run, effective, scope, frame, asked);
  if (!guards.length || isNegative(run, condition, effective) === holds) return cleaned;
  for (const [name, taint] of asked.guarded ?? guardedNames(run, effective, scope, frame)) {
    let t = taint;
    for (const g of guards) t = sanitize(t, g.types);
    cleaned.set(name, t);
  }
  return cleaned;
}

/**
 * What a caller of `conditionGuards` wants beside the guards: with `anyWill`, only whether there is one (the
 * guards the text shows suffice then); `guarded` receives the names the condition checks when they were read
 * (the caller that cleans them need not read them again).
 */
export interface GuardsAsked {
  anyWill?: boolean;
  guarded?: Map<string, Tainted>;
}

/**
 * The guards a condition applies: those its text shows (`ALLOWED.has(x)`), and those of the predicates
 * it calls that the code defines (`if (isSafeName(x))`, `if !filterField(f)`), whatever they are called.
 */
export function conditionGuards(run: TaintRun, condition: Node, scope: Scope, frame: FunctionFrame, asked: GuardsAsked = {}): CompiledSanitizer[] {
  const guards = run.engine.guardsFor(condition.text);
  if (asked.anyWill && guards.length) return guards;
  const calls = callsIn(run, condition);
  if (calls.length === 0) return guards;
  // Looking for the functions a condition calls costs parsing; it matters only when it checks untrusted data.
  asked.guarded = guardedNames(run, condition, scope, frame);
  if (asked.guarded.size === 0) return guards;
  const receiverOf = (receiver: Node): Receiver => classifyReceiver(run.syntax, receiver, scope, (n) => run.resolver.bindsImport(frame.file, n));
  for (const g of calledPredicateGuards(run, frame.file, calls, receiverOf)) if (!guards.includes(g)) guards.push(g);
  return guards;
}

/** The calls a condition makes: itself, or those inside it. */
function callsIn(run: TaintRun, condition: Node): (Node | null)[] {
  const callTypes = Object.keys(run.syntax.calls);
  return callTypes.includes(condition.type) ? [condition] : condition.descendantsOfType(callTypes);
}

/**
 * The guards of the predicates the project defines that these calls run (at most four calls): `isSafeName(x)`,
 * `is_snake_case(v)` in a helpers module. Every function a call may run must be a predicate (predicateGuards).
 * A call on a receiver is looked for as `receiverOf` classifies it, and not at all without it.
 */
function calledPredicateGuards(run: TaintRun, file: ParsedFile, calls: (Node | null)[], receiverOf?: (receiver: Node) => Receiver): CompiledSanitizer[] {
  const guards: CompiledSanitizer[] = [];
  for (const call of calls.slice(0, 4)) {
    const parts = call && callParts(run.syntax, call);
    const name = parts?.name?.text ?? parts?.callee?.text ?? '';
    if (!parts || !CALLABLE_NAME.test(name) || (parts.receiver && !receiverOf)) continue;
    const receiver: Receiver = parts.receiver ? receiverOf!(parts.receiver) : { kind: 'none' };
    const targets = run.resolver.resolve(file, name, receiver, undefined, run.followedEnough());
    if (!targets.length || targets.length > MAX_CALL_TARGETS) continue;
    const each = targets.map((t) => predicateGuards(run, t));
    if (each.every((g) => g.length > 0)) for (const g of each) guards.push(...g.filter((x) => !guards.includes(x)));
  }
  return guards;
}

/**
 * A predicate: a function whose every `return` passes on a guard of one of its parameters or of a local
 * computed from one (`return reField.MatchString(field)`, `return SAFE.test(name)`, `return full.StartsWith(root)`),
 * returns `false` early (`if (!u) return false;`) or `true` inside a passed check of them. Calling it checks its argument as that guard does.
 * A return of anything else (`true` elsewhere, a deny-list check, another value) makes it no predicate.
 */
export function predicateGuards(run: TaintRun, target: { file: ParsedFile; node: Node }): CompiledSanitizer[] {
  const key = `${target.file.path}:${target.node.startIndex}`;
  const known = run.predicates.get(key);
  if (known) return known;
  const out = [...answeredOnce(predicatesByTree, run, target, key, () => readPredicateGuards(run, target))];
  run.predicates.set(key, out);
  return out;
}

/**
 * What a function vets or checks depends on the function alone, not on the analysis asking: each is read
 * once per scan (per tree and language), and every analysis gets its own copy (vetArguments narrows its copy).
 */
const predicatesByTree = new WeakMap<Tree, Map<string, CompiledSanitizer[]>>();
const vettingByTree = new WeakMap<Tree, Map<string, Map<number, CompiledSanitizer[]>>>();

function answeredOnce<T>(byTree: WeakMap<Tree, Map<string, T>>, run: TaintRun, target: { file: ParsedFile }, key: string, read: () => T): T {
  let answers = byTree.get(target.file.tree);
  if (!answers) byTree.set(target.file.tree, (answers = new Map()));
  const languageKey = `${run.syntax.id}:${key}`;
  let answer = answers.get(languageKey);
  if (answer === undefined) answers.set(languageKey, (answer = read()));
  return answer;
}

function readPredicateGuards(run: TaintRun, target: { file: ParsedFile; node: Node }): CompiledSanitizer[] {
  const out: CompiledSanitizer[] = [];
  const { syntax, paramsNode, body } = functionParts(target);
  if (!paramsNode || !body) return out;
  // A local computed from a parameter (`var full = Path.GetFullPath(candidate)`) is checked for it.
  const names = [...namesOfParams(syntax, body, paramList(run, syntax, paramsNode).flatMap((p) => p.names)).keys()];
  const mentionsParam = (text: string) => names.some((name) => mentions(text, name));
  const valueOf = (r: Node) => r.namedChildren.find((c): c is Node => !!c && !syntax.comments.includes(c.type));
  // An expression body (`(n) => SAFE.test(n)`, C#'s `=> …`) is its return value.
  const values = syntax.returns.includes(body.type)
    ? [valueOf(body)]
    : !/block|body|statement|compound/.test(body.type)
      ? [body]
      : body.descendantsOfType(syntax.returns).map((r) => r && valueOf(r));
  if (syntax.implicitReturn || !values.length) return out;
  const found: CompiledSanitizer[] = [];
  const openingChecks = openingFailedChecks(run, body, mentionsParam);
  /**
   * `if (string.Equals(full, root)) return true;`: the guards of a passed check of the parameter that answers early.
   * A `true` outside any branch, after guard clauses that answer `false` when a check of the parameter fails
   * (`if (!ALLOWED.contains(s)) return false; return true;`), is reached only past those checks.
   */
  const passedCheckGuards = (value: Node): CompiledSanitizer[] => {
    for (let p = value.parent; p && !p.equals(body); p = p.parent) {
      const ifShape = syntax.ifs[p.type];
      const condition = ifShape ? field(p, ifShape.condition) : null;
      if (condition) return mentionsParam(condition.text) && !isNegative(run, condition, condition) ? run.engine.guardsFor(condition.text) : [];
    }
    return value.startIndex > openingChecks.end ? openingChecks.guards : [];
  };
  for (const value of values) {
    if (!value) return out;
    if (/^(false|False)$/.test(value.text)) continue;
    const passed = /^(true|True)$/.test(value.text) ? passedCheckGuards(value) : [];
    if (passed.length) {
      found.push(...passed.filter((g) => !found.includes(g)));
      continue;
    }
    const guards = run.engine.guardsFor(value.text);
    if (!guards.length || !mentionsParam(value.text) || isNegative(run, value, value)) return out;
    found.push(...guards.filter((g) => !found.includes(g)));
  }
  out.push(...found);
  return out;
}

/**
 * The guard clauses that open a predicate's body and answer `false` when a check of a parameter fails
 * (`if (!ALLOWED.contains(s)) return false;`): their guards, and where the last of them ends.
 */
function openingFailedChecks(run: TaintRun, body: Node, mentionsParam: (text: string) => boolean): { guards: CompiledSanitizer[]; end: number } {
  const guards: CompiledSanitizer[] = [];
  let end = -1;
  for (const { statement, condition, consequence } of openingGuardClauses(run.syntax, body)) {
    if (!/^[{\s]*return\s+(false|False)\b[\s;}]*$/.test(consequence.text)) break;
    const checks = run.engine.guardsFor(condition.text);
    if (checks.length && mentionsParam(condition.text) && isNegative(run, condition, condition)) guards.push(...checks.filter((g) => !guards.includes(g)));
    end = statement.endIndex;
  }
  return { guards, end };
}

/**
 * The `if` statements without an `else` that open a body (at most four, comments skipped): its guard clauses.
 * A check further down may sit behind other branches.
 */
function* openingGuardClauses(
  syntax: ParsedFile['syntax'],
  body: Node,
  lookUps?: Map<string, Node>,
): Generator<{ statement: Node; condition: Node; consequence: Node }> {
  for (const statement of body.namedChildren.slice(0, 4)) {
    if (!statement || syntax.comments.includes(statement.type)) continue;
    const ifShape = syntax.ifs[statement.type];
    if (!ifShape) {
      // With `lookUps`, a name given a value before the clauses (`const cfg = this.configs.find(…)`) is remembered,
      // for a clause that checks the name (`if (!cfg) throw …`).
      const bound = lookUps ? boundValue(syntax, statement) : undefined;
      if (!bound) return;
      lookUps!.set(bound.name, bound.value);
      continue;
    }
    const condition = field(statement, ifShape.condition);
    const consequence = field(statement, ifShape.consequence);
    if (!condition || !consequence || (ifShape.alternative && field(statement, ifShape.alternative))) return;
    yield { statement, condition, consequence };
  }
}

/** The name and value of a statement that gives one name a value (`const cfg = lookUp(id);`), if it is one. */
function boundValue(syntax: ParsedFile['syntax'], statement: Node): { name: string; value: Node } | undefined {
  let node: Node | null = statement;
  while (node && !syntax.assignments[node.type] && node.namedChildCount === 1) node = node.namedChildren[0] ?? null;
  const shape = node ? syntax.assignments[node.type] : undefined;
  const left = shape ? field(node!, shape.left) : null;
  const right = shape?.right ? field(node!, shape.right) : null;
  return left && right && syntax.identifiers.includes(left.type) ? { name: left.text, value: right } : undefined;
}

/**
 * The names that stand for a function's parameters, by position: the parameters, and locals computed from
 * them (`var full = Path.GetFullPath(candidate)`, `char ch = name.charAt(i)`), in the order the body assigns them.
 */
function namesOfParams(syntax: ParsedFile['syntax'], body: Node, params: string[]): Map<string, number> {
  const names = new Map<string, number>();
  params.forEach((name, i) => name && names.set(name, i));
  const mentioned = (text: string) => [...names].find(([name]) => mentions(text, name))?.[1];
  for (const assignment of body.descendantsOfType(Object.keys(syntax.assignments))) {
    const assign = assignment ? syntax.assignments[assignment.type] : undefined;
    const left = assign ? field(assignment!, assign.left) : null;
    const right = assign?.right ? field(assignment!, assign.right) : null;
    const from = right ? mentioned(right.text) : undefined;
    if (left && from !== undefined && syntax.identifiers.includes(left.type) && !names.has(left.text)) names.set(left.text, from);
  }
  return names;
}

/** A function's language, parameter list and body. */
function functionParts(target: { file: ParsedFile; node: Node }): { syntax: ParsedFile['syntax']; paramsNode: Node | null; body: Node | null } {
  const syntax = target.file.syntax;
  const shape = syntax.functions[target.node.type];
  return { syntax, paramsNode: shape?.params ? field(target.node, shape.params) : null, body: shape?.body ? field(target.node, shape.body) : null };
}

/** Does the text use this name (not as part of a longer one)? */
function mentions(text: string, name: string): boolean {
  let word = mentionPatterns.get(name);
  if (!word) {
    if (mentionPatterns.size >= 10_000) mentionPatterns.clear();
    mentionPatterns.set(name, (word = new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}([^\\w$]|$)`)));
  }
  return word.test(text);
}

/** The pattern of each name `mentions` looks for, compiled once (names recur: parameters, locals). */
const mentionPatterns = new Map<string, RegExp>();

/** Does the condition hold when the check fails (`!valid(x)`, `x == null || !ok(x)`, `err != nil || …`)? */
const AND = /&&|\s+and\s+/;
const OR = /\|\||\s+or\s+/;
const AND_OR = /&&|\|\||\s+(?:and|or)\s+/;

function isNegative(run: TaintRun, condition: Node, effective: Node): boolean {
  const negated = (text: string) => /^[\s(]*(!(?!=)|not\s)/.test(text);
  if (effective !== condition) return (negated(condition.text) || !!emptiedName(condition.text)) !== negated(effective.text);
  const text = condition.text.replace(/^\s*\(([\s\S]*)\)\s*$/, '$1');
  // Python `x not in ALLOWED`, `x is None`, `x != "https"`, PHP/JS `!== 1`, `!== 'partner.example.com'`,
  // `!== base.origin`, `=== 0` and `=== -1` hold when the check fails too; a position of 0 is a passed prefix check
  // (`url.indexOf('https:') === 0`, `strpos($p, '/') === 0`). A strict check of a URL's scheme alone
  // (`u.protocol !== 'https:'`) is not read as one: it says nothing of where the URL points.
  const failing = (part: string) =>
    negated(part) ||
    /==\s*(null|nil|None|false|undefined|-1)\b|!==?\s*(nil|null|None|true|1)\b|(?<![=!]|\b(indexOf|strpos|stripos|mb_strpos)\s*\([^()]*\)\s*)===?\s*0\b|\bnot\s+in\b|\bis\s+None\b|!=\s*["']|(?<!\b(?:protocol|scheme)\s*)!==\s*["'`]|!==?\s*[\w$.]*\.origin\b/.test(part);
  // Python's, Ruby's and PHP's `and`/`or` are the same operators as `&&`/`||`.
  if (AND.test(text) && !OR.test(text)) {
    // `x != null && x.startsWith("/")`: a conjunction is a passed check unless every check in it is negated.
    const checks = text.split(AND).filter((p) => run.engine.guardsFor(p).length > 0);
    return checks.length > 0 && checks.every((p) => negated(p) || /!==?|\bnot\s/.test(p));
  }
  return text.split(AND_OR).some(failing);
}

/**
 * Names in a condition whose values are tainted now, with that taint: the candidates a guard cleans.
 * Source paths count (`ObjectId.isValid(req.params.id)`), and checking where a URL points
 * (`url.hostname`, `url.origin`) vets the URL object itself.
 */
function guardedNames(run: TaintRun, condition: Node, scope: Scope, frame: FunctionFrame): Map<string, Tainted> {
  const names = new Map<string, Tainted>();
  const consider = (n: Node): boolean => {
    const p = run.path(n, scope);
    if (p.includes('?')) return false;
    const t = scope.lookup(p) ?? (run.syntax.members[n.type] || run.syntax.subscripts[n.type] ? (sourceTaint(run, frame, n, p, scope) ?? fieldOfHeldValue(scope, p) ?? methodEntry(n, p)) : null);
    if (t) names.set(p, t);
    return !!t;
  };
  // Ruby: an entry of what a method of the class returns, read by a constant key (`widget_params[:kind]`, the
  // controller's strong parameters): the branch reads that entry at the same path, so the check holds for it there.
  const methodEntry = (n: Node, p: string): Tainted => {
    const root = /^([a-z_]\w*)\.\w+$/.exec(p)?.[1];
    if (!run.syntax.sourceRootsAreMethods || !run.syntax.subscripts[n.type] || !root || scope.lookup(root) !== undefined) return null;
    return visit(run, n, scope, frame);
  };
  const walk = (n: Node) => {
    // Each read of a node's type is a call into the parser: once per node of the condition.
    const type = n.type;
    // An entry read by a constant key (`params[:kind]`, `request.args["name"]`) is checked as a field is: the branch
    // reads that entry clean. A key the code computes (`params[k]`, path `params[]`) names no one entry: the
    // container is considered below, as before.
    if (run.syntax.subscripts[type] && !run.path(n, scope).endsWith('[]') && consider(n)) return;
    const member = run.syntax.members[type];
    if (run.syntax.identifiers.includes(type) || member) {
      consider(n);
      if (member) {
        const prop = field(n, member.property);
        const obj = field(n, member.object);
        // `urlparse(url).hostname in HOSTS` vets the URL given to the parse call.
        if (prop && obj && URL_PARTS.test(prop.text) && !consider(obj) && run.syntax.calls[obj.type]) walk(obj);
        // A method called on a value checks that value (`name.startsWith('/')`); a field read (`msg.type`) does not,
        // nor does a getter (`c.getName().equals("id")` checks the name, not the cookie whose value is read next).
        const parent = n.parent;
        const callShape = parent ? run.syntax.calls[parent.type] : undefined;
        if (obj && callShape?.callee && field(parent!, callShape.callee)?.equals(n) && !GETTER.test(prop?.text ?? '')) walk(obj);
        return;
      }
    }
    // A getter called on a name (Java's `c.getName()`, whose receiver is no member expression) reads one field of
    // it: the condition checks what the getter gives (the branch reads `c.getName()` clean), not the whole object.
    if (run.syntax.calls[type]) {
      const parts = callParts(run.syntax, n);
      // A read of the request by constant arguments (`request.args.get("next")`): the branch reads that same call
      // clean, as it would a name the value was first put in. A method called on a value (`link.indexOf('bitcoin:')`)
      // checks the value instead, below.
      const readAgain = parts ? checkedCallPath(run, parts, scope) : undefined;
      if (readAgain && parts?.receiver && readsRequest(run, n, parts, scope, frame)) {
        const t = visit(run, n, scope, frame);
        if (t) {
          names.set(readAgain, t);
          return;
        }
      }
      if (parts?.receiver && parts.name && GETTER.test(parts.name.text)) {
        const held = parts.positional.length === 0 && (run.syntax.identifiers.includes(parts.receiver.type) || run.syntax.members[parts.receiver.type]) ? scope.lookup(run.path(parts.receiver, scope)) : null;
        if (held) names.set(getterPath(run, parts, scope), held);
        for (const arg of parts.positional) walk(arg);
        return;
      }
    }
    for (const c of n.namedChildren) if (c) walk(c);
  };
  walk(condition);
  // Validating `parsed.hostname` where `parsed = urlparse(url)` validates `url`.
  for (const name of [...names.keys()]) {
    for (const input of scope.inputsOf(name.split('.')[0]!)) {
      const t = scope.lookup(input);
      if (t) names.set(input, t);
    }
  }
  return names;
}

/** A getter's name (`getName`, `getValue`): calling it reads one field of the object. */
export const GETTER = /^get[A-Z_]/;

/**
 * The name under which a checked call of constant arguments is held in a branch (`request.args.get("next")`), as
 * visitCall looks it up; undefined for a call with other arguments, keywords or no receiver.
 */
export function checkedCallPath(run: TaintRun, parts: CallParts, scope: Scope): string | undefined {
  if (!parts.receiver || !parts.name || parts.positional.length === 0 || parts.positional.length > 2 || parts.keywords.size > 0) return undefined;
  if (!parts.positional.every((a) => constantText(run, a, scope) !== undefined)) return undefined;
  return `${run.path(parts.receiver, scope)}.${parts.name.text}(${parts.positional.map((a) => a.text).join(',')})`;
}

/** Is the call a read of the request (`request.getParameter("next")`, or a method of `request.args`)? */
function readsRequest(run: TaintRun, call: Node, parts: CallParts, scope: Scope, frame: FunctionFrame): boolean {
  // A receiver holding data (`link`, `target`) is a value the method checks, not the request it reads from.
  const receiverPath = run.path(parts.receiver!, scope);
  if (scope.lookup(receiverPath)) return false;
  return !!sourceTaint(run, frame, call, `${receiverPath}.${parts.name!.text}()`, scope, false, { parts, scope }) || !!sourceTaint(run, frame, parts.receiver!, receiverPath, scope, true);
}

/** The name under which a checked getter's result is held in a branch (`c.getValue()`), as visitCall looks it up. */
export function getterPath(run: TaintRun, parts: CallParts, scope: Scope): string {
  return `${run.path(parts.receiver!, scope)}.${parts.name!.text}()`;
}

/**
 * What a field read (`model.ReturnUrl`) carries when only the object it is read from holds data (a bound
 * parameter `model`): checking the field checks that value, so the branch may see the field clean.
 */
function fieldOfHeldValue(scope: Scope, path: string): Tainted {
  for (let cut = path.lastIndexOf('.'); cut > 0; cut = path.lastIndexOf('.', cut - 1)) {
    const held = scope.lookup(path.slice(0, cut));
    if (held === undefined) continue;
    return readField(held, /^\.([^.[]+)/.exec(path.slice(cut))?.[1]);
  }
  return null;
}

/** The condition a guard is looked for in: `if (ok)` stands for the validation stored in `ok`. */
function effectiveCondition(run: TaintRun, condition: Node, scope: Scope): Node {
  let n: Node = condition;
  for (let i = 0; i < 4; i++) {
    const inner = n.namedChildren.filter((c): c is Node => !!c && !run.syntax.comments.includes(c.type));
    if (/parenthesized|unary|not_operator/.test(n.type) && inner.length === 1) n = inner[0]!;
    else break;
  }
  if (run.syntax.identifiers.includes(n.type)) return scope.condition(n.text) ?? condition;
  // `if (context != null)` after `context = lookUp(returnUrl)`: a look-up that finds nothing for a value that
  // fails its check gives a result only when the check passed.
  const present = PRESENT_RESULT.exec(n.text);
  if (present) return scope.condition((present[1] ?? present[2])!) ?? condition;
  // `if (context == null) return;`, `if handler is None:`: the same look-up, failed (isNegative reads it so).
  const absent = emptiedName(n.text);
  if (absent) return scope.condition(absent) ?? condition;
  return condition;
}

const NAME = String.raw`[$@]?[A-Za-z_$][\w$]*`;
/**
 * One check that holds only when a name holds nothing, or nothing that can carry an attack: null/nil/None/undefined,
 * a falsy value (`!x`, `not x`), an empty string or collection (`x.isEmpty()`, `StringUtils.isEmpty(x)`, PHP
 * `empty($x)`). Not a blank check: a string of white space may still hold a line break.
 */
const EMPTY_CHECKS = [
  new RegExp(String.raw`^(${NAME})\s*(?:===?|\bis)\s*(?:null|nil|None|undefined)$`),
  new RegExp(String.raw`^(?:null|nil|None|undefined)\s*===?\s*(${NAME})$`),
  new RegExp(String.raw`^(?:!|not\s+)\s*(${NAME})$`),
  new RegExp(String.raw`^(${NAME})\.(?:nil\?|empty\?|isEmpty\(\)|is_empty\(\))$`),
  new RegExp(String.raw`^(?:(?:\w+(?:\.|::))*(?:is_?[Ee]mpty|IsNullOrEmpty|is_null|empty))\(\s*(${NAME})\s*\)$`),
];

/** The name an `if` condition says is empty (`x == null`, `x == null || x.isEmpty()`, `empty($x)`), if it is one such check or a disjunction of them on one name. */
function emptiedName(condition: string): string | undefined {
  const text = condition.trim().replace(/^\(([\s\S]*)\)$/, '$1').trim();
  let name: string | undefined;
  for (const part of text.split(/\|\||\bor\b/)) {
    const bare = part.trim().replace(/^\(([\s\S]*)\)$/, '$1').trim();
    const m = EMPTY_CHECKS.map((re) => re.exec(bare)).find((x) => !!x);
    if (!m || (name !== undefined && m[1] !== name)) return undefined;
    name = m[1];
  }
  return name;
}

/** A comparison saying a name holds a result: `x != null`, `x !== null`, `x is not null`, `null != x`. */
const PRESENT_RESULT = /^\s*(?:([A-Za-z_$][\w$]*)\s*(?:!==?\s*(?:null|nil|None|undefined)|is\s+not\s+(?:null|None))|(?:null|nil|None|undefined)\s*!==?\s*([A-Za-z_$][\w$]*))\s*$/;

/**
 * Does this block always leave (return/throw/abort) — a guard clause? With the file it is in, a last statement that
 * calls a function of the project by its bare name leaves too when every function the call may run ends by leaving
 * (`if (!is_valid_user()) deny_access();` where `deny_access` ends with `exit`).
 */
function exits(run: TaintRun, block: Node, file?: ParsedFile): boolean {
  const s = run.syntax;
  if (s.exits.includes(block.type)) return true;
  // A branch that is one call (Ruby's `raise "bad" unless ok`, whose modifier body is the call itself) is its own
  // last statement, not a block whose last child is the call's argument list.
  const statements = s.calls[block.type] ? [block] : block.namedChildren.filter((c): c is Node => !!c && !s.comments.includes(c.type));
  const last = statements[statements.length - 1];
  if (!last) return false;
  if (s.exits.includes(last.type)) return true;
  if (/statement_list|block|compound|body/.test(last.type)) return exits(run, last, file);
  const text = last.text;
  const call = s.exitCalls || file ? last.descendantsOfType(Object.keys(s.calls))[0] : undefined;
  const parts = call ? callParts(s, call) : null;
  // The call is the statement (`abort(404)`, `redirect_to(x) and return`), not a value it keeps: `response = redirect(x)`
  // builds a response and goes on.
  if (parts && s.exitCalls && call!.startIndex === last.startIndex) {
    const path = accessPath(s, parts.callee ?? parts.name);
    if (s.exitCalls.test(path.replace(/\(\)/g, ''))) return true;
  }
  if (parts && file && call!.startIndex === last.startIndex && neverReturns(run, parts, file)) return true;
  return /^\s*(die|exit|abort|halt|raise|throw)\b/.test(text);
}

/** Per tree and function start: whether the function's body always leaves. */
const leavingFunctions = new WeakMap<Tree, Map<number, boolean>>();

/** Does every function a bare-name call may run end by leaving (its body's last statement exits, aborts or throws, and it has no `return`)? */
function neverReturns(run: TaintRun, parts: CallParts, file: ParsedFile): boolean {
  const name = parts.name?.text ?? parts.callee?.text;
  if (parts.receiver || !name || !CALLABLE_NAME.test(name)) return false;
  const targets = run.resolver.resolve(file, name, { kind: 'none' }, undefined, run.followedEnough());
  if (targets.length === 0 || targets.length > MAX_CALL_TARGETS) return false;
  return targets.every(({ file: target, node }) => {
    let byStart = leavingFunctions.get(target.tree);
    if (!byStart) leavingFunctions.set(target.tree, (byStart = new Map()));
    let leaves = byStart.get(node.startIndex);
    if (leaves === undefined) {
      const shape = target.syntax.functions[node.type];
      const body = shape?.body ? field(node, shape.body) : null;
      // A `return` anywhere gives control back to the caller: only a body that ends in exit, abort or throw leaves.
      byStart.set(node.startIndex, (leaves = !!body && throwsOnly(run, body)));
    }
    return leaves;
  });
}

/**
 * A validator that throws (`assertSafePath(p)`, `validate_slug(s)`): when every function a call may
 * run opens with a guard clause on a parameter that fails by throwing or aborting
 * (`if (!ALLOWED.has(p)) throw …`, `if not re.fullmatch(…, s): raise …`), the argument passed for
 * it is vetted after the call, as if the guard stood at the call.
 */
export function vetArguments(run: TaintRun, targets: { file: ParsedFile; node: Node }[], parts: CallParts, scope: Scope): void {
  // Vetting cleans names that hold untrusted data: with none passed, what the callees vet need not be read.
  if (!parts.positional.some((arg) => (run.syntax.identifiers.includes(arg.type) || !!run.syntax.members[arg.type]) && !!scope.lookup(run.path(arg, scope)))) return;
  let vetted: Map<number, CompiledSanitizer[]> | undefined;
  for (const target of targets) {
    const own = vettedParams(run, target, !!parts.receiver);
    if (!vetted) vetted = own;
    else for (const i of [...vetted.keys()]) if (!own.has(i)) vetted.delete(i);
  }
  for (const [i, guards] of vetted ?? []) {
    const arg = parts.positional[i];
    if (!arg || (!run.syntax.identifiers.includes(arg.type) && !run.syntax.members[arg.type])) continue;
    const name = run.path(arg, scope);
    let t = scope.lookup(name);
    if (!t) continue;
    for (const g of guards) t = sanitize(t, g.types);
    scope.assign(name, t);
  }
}

/** Per function: the argument positions it vets at its start, with the guards that vet them. */
export function vettedParams(run: TaintRun, target: { file: ParsedFile; node: Node }, hasReceiver: boolean): Map<number, CompiledSanitizer[]> {
  const key = `${target.file.path}:${target.node.startIndex}:${hasReceiver}`;
  const known = run.vetting.get(key);
  if (known) return known;
  const out = new Map(answeredOnce(vettingByTree, run, target, key, () => readVettedParams(run, target, hasReceiver)));
  run.vetting.set(key, out);
  return out;
}

function readVettedParams(run: TaintRun, target: { file: ParsedFile; node: Node }, hasReceiver: boolean): Map<number, CompiledSanitizer[]> {
  const out = new Map<number, CompiledSanitizer[]>();
  const { syntax, paramsNode, body } = functionParts(target);
  if (!paramsNode || !body) return out;
  let params = paramList(run, syntax, paramsNode).map((p) => p.names[0] ?? '');
  if (hasReceiver && (syntax.selfNames ?? []).includes(params[0] ?? '')) params = params.slice(1);
  // A look-up whose failure throws (`const cfg = this.configs.find((c) => c.id === id); if (!cfg) throw …`) is the
  // look-up's check failing, as `if (!this.configs.has(id)) throw …` is.
  const lookUps = new Map<string, Node>();
  for (const { condition, consequence } of openingGuardClauses(syntax, body, lookUps)) {
    const emptied = emptiedName(condition.text);
    const checked = (emptied !== undefined ? lookUps.get(emptied) : undefined) ?? condition;
    if (!throwsOnly(run, consequence) || (checked === condition && !isNegative(run, condition, condition))) continue;
    const guards = [...new Set([...run.engine.guardsFor(checked.text), ...calledPredicateGuards(run, target.file, callsIn(run, checked))])];
    if (!guards.length) continue;
    params.forEach((name, i) => {
      if (name && mentions(checked.text, name)) out.set(i, [...(out.get(i) ?? []), ...guards]);
    });
  }
  // A validator that throws on a path separator anywhere in its body (`if (name.contains("/")) throw …`,
  // a loop rejecting each character found in "?*/\\:") keeps what it accepts inside one folder.
  const names = namesOfParams(syntax, body, params);
  for (const statement of body.descendantsOfType(Object.keys(syntax.ifs))) {
    const ifShape = statement ? syntax.ifs[statement.type] : undefined;
    const condition = ifShape ? field(statement!, ifShape.condition) : null;
    const consequence = ifShape ? field(statement!, ifShape.consequence) : null;
    if (!condition || !consequence || !PATH_SEPARATOR_LITERAL.test(condition.text) || !throwsOnly(run, consequence)) continue;
    for (const [name, i] of names) if (mentions(condition.text, name) && !(out.get(i) ?? []).includes(PATH_DENY_LIST)) out.set(i, [...(out.get(i) ?? []), PATH_DENY_LIST]);
  }
  return out;
}

/** A string literal holding a path separator (`"/"`, `'\\'`, `"?:/<>"`) that a condition looks for. */
const PATH_SEPARATOR_LITERAL = /(["'])(?:(?!\1)[^\n])*(\/|\\\\)(?:(?!\1)[^\n])*\1/;

/** What a validator that rejects path separators vets: paths only (the name may still hold markup or quotes). */
const PATH_DENY_LIST: CompiledSanitizer = { types: ['PATH_TRAVERSAL'], where: [], receiver: false };

/** Does this branch stop by throwing or aborting (not by returning a value the caller may ignore)? */
function throwsOnly(run: TaintRun, branch: Node): boolean {
  const syntax = run.syntax;
  return exits(run, branch) && !syntax.returns.some((r) => branch.type === r || branch.descendantsOfType(r).length > 0);
}
