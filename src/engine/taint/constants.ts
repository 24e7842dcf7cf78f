// Conditions whose answer is fixed where they stand: `(7 * 42) - num > 200 ? "fixed" : param` with
// `num = 106` two lines up can only give "fixed". A branch the condition can never take is not walked,
// so what it would assign reaches nothing. Only whole-number arithmetic and comparisons over literals
// and local names given a literal once (never written again in the function) are read, and a parameter
// a call gave a boolean literal (Scope.flags) and the function never writes; anything else (a field, a
// call, a string, a name written in a loop) leaves the condition open, as before.
import type { Node } from 'web-tree-sitter';
import { enclosingFunction } from '../parse/syntax.ts';
import type { TaintRun } from './run.ts';
import type { Scope } from './scope.ts';

/** Longest condition text read: fixed conditions are short, and this keeps the reading cheap. */
const MAX_CONDITION_LENGTH = 120;

/** The words a fixed condition may be made of: numbers, names, arithmetic, comparisons, logic. */
const CONDITION_WORDS = /^[\s\w$()+\-*/%<>=!&|]*$/;

/** `true`/`false` when the condition's answer is fixed, `undefined` when it depends on anything else. */
export function constantTruth(run: TaintRun, condition: Node, scope: Scope): boolean | undefined {
  // Measured by position first: reading a long condition's text would copy it out of the parser for nothing.
  if (condition.endIndex - condition.startIndex > MAX_CONDITION_LENGTH) return undefined;
  const text = condition.text;
  // A flag the call gave a literal (`if upload {` after `f(url, false)`), negated or not, never written in the function.
  const flag = FLAG_CHECK.exec(text);
  if (flag) {
    const value = scope.flag(flag[2]!);
    if (value !== undefined && writes(run, condition, flag[2]!) === 0) return flag[1] ? !value : value;
  }
  const compared = TEXT_COMPARISON.exec(text.trim());
  if (compared) {
    const [, left, operator, right] = compared;
    const a = textValue(run, left!, condition, scope, 0);
    const b = a === undefined ? undefined : textValue(run, right!, condition, scope, 0);
    // A text against a number is left open: JavaScript's and PHP's `==` convert, Python's and Java's do not.
    if (a !== undefined && b !== undefined && a[0] === b[0]) return operator!.startsWith('!') ? a !== b : a === b;
  }
  if (!CONDITION_WORDS.test(text) || !/\d/.test(text)) return undefined;
  const tokens = text.match(/\d+|[A-Za-z_$][\w$]*|&&|\|\||[<>=!]=|[-+*/%<>!()]/g);
  if (!tokens || tokens.join('').length !== text.replace(/\s+/g, '').length) return undefined;
  const values = new Map<string, number>();
  for (const token of tokens) {
    if (!/^[A-Za-z_$]/.test(token) || /^(and|or|not)$/.test(token) || values.has(token)) continue;
    const value = literalOnce(run, condition, token, scope);
    if (value === undefined) return undefined;
    values.set(token, value);
  }
  const result = new Evaluation(tokens, values).run();
  return typeof result === 'boolean' ? result : undefined;
}

/** The whole number a local name holds, when it was given a literal and nothing in its function writes it again. */
function literalOnce(run: TaintRun, at: Node, name: string, scope: Scope): number | undefined {
  const def = scope.binding(name);
  if (!def || !/^\d{1,9}$/.test(def.text)) return undefined;
  return writes(run, at, name) === 1 ? Number(def.text) : undefined;
}

/** A condition that is one name, negated or not: `upload`, `!upload`, `not upload`, `(upload)`. */
const FLAG_CHECK = /^\s*\(?\s*(!|not\s+)?\s*([A-Za-z_$][\w$]*)\s*\)?\s*$/;

/** How often the name is written in the function around `at` (a local given a literal once: 1; an unwritten parameter: 0). */
function writes(run: TaintRun, at: Node, name: string): number {
  // Code outside any function (a PHP page) is read whole; a function's body only: a parameter's default
  // (`function add_row($name, $vuln = False)`) is no write in the body.
  const fn = enclosingFunction(run.syntax, at);
  const bodyField = fn ? run.syntax.functions[fn.type]?.body : undefined;
  const code = (fn && bodyField ? fn.childForFieldName(bodyField) : null) ?? fn ?? at.tree.rootNode;
  const escaped = name.replace(/\$/g, '\\$');
  const found = code.text.match(new RegExp(`(?<![\\w$.])${escaped}\\s*(?:[-+*/%&|^]?=(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*${escaped}(?![\\w$])|\\bfor\\s*\\(?[^;\\n]*?(?<![\\w$.])${escaped}\\b`, 'g'));
  return found?.length ?? 0;
}

/**
 * One comparison of two texts the code may fix (`target == 'B'`, `"B".equals(target)`), parenthesised or not:
 * each side is read as a switch subject is.
 */
const TEXT_COMPARISON = /^\(?\s*([\w$]+(?:\s*\.\s*charAt\s*\(\s*\d+\s*\)|\s*\[\s*\d+\s*\])?|'[^'\\\n]*'|"[^"\\\n]*")\s*(===?|!==?|\.equals\s*\()\s*([\w$]+(?:\s*\.\s*charAt\s*\(\s*\d+\s*\)|\s*\[\s*\d+\s*\])?|'[^'\\\n]*'|"[^"\\\n]*")\s*\)?\s*\)?$/;

/** A quoted literal without escapes (`'B'`, `"ABC"`), or a whole number. */
const PLAIN_LITERAL = /^(?:'([^'\\\n]*)'|"([^"\\\n]*)"|(-?\d{1,9}))$/;
/** One character or element of a text by a literal index: Java's `s.charAt(1)`, elsewhere `s[1]`. */
const LITERAL_INDEX = /^([A-Za-z_$][\w$]*|'[^'\\\n]*'|"[^"\\\n]*")\s*(?:\.\s*charAt\s*\(\s*(\d{1,4})\s*\)|\[\s*(\d{1,4})\s*\])$/;

/**
 * The value a `switch`/`match` subject always holds where it stands, when the code fixes it: a literal, a
 * local name given one once, or a character of such a text by a literal index (`guess.charAt(1)` with
 * `guess = "ABC"`). Undefined whenever anything else could decide it. Tagged by kind, `'` for a text and
 * `#` for a number (`'B`, `#42`), so that `'1'` and `1` never compare equal: languages disagree there.
 */
export function constantText(run: TaintRun, node: Node, scope: Scope): string | undefined {
  if (node.endIndex - node.startIndex > MAX_CONDITION_LENGTH) return undefined;
  return textValue(run, node.text.trim(), node, scope, 0);
}

/** A literal's value, tagged by kind as constantText gives it. */
export function literalValue(text: string): string | undefined {
  const literal = PLAIN_LITERAL.exec(text);
  if (!literal) return undefined;
  return literal[3] !== undefined ? `#${Number(literal[3])}` : `'${literal[1] ?? literal[2]}`;
}

function textValue(run: TaintRun, text: string, at: Node, scope: Scope, depth: number): string | undefined {
  if (depth > 3) return undefined;
  const literal = literalValue(text);
  if (literal !== undefined) return literal;
  const indexed = LITERAL_INDEX.exec(text);
  const name = indexed ? indexed[1]! : /^[A-Za-z_$][\w$]*$/.test(text) ? text : undefined;
  if (!name) return undefined;
  // A literal indexed in place (`"ABC"[2]`) needs no binding.
  const value = literalValue(name) ?? boundValue(run, name, at, scope, depth);
  if (value === undefined) return undefined;
  if (!indexed) return value;
  // Only a text is indexed: its tag, then the one character.
  const index = Number(indexed[2] ?? indexed[3]) + 1;
  return value.startsWith("'") && index < value.length ? `'${value[index]}` : undefined;
}

/** The fixed value of a name bound once, in the function, to a constant. */
function boundValue(run: TaintRun, name: string, at: Node, scope: Scope, depth: number): string | undefined {
  const def = scope.binding(name);
  if (!def || def.endIndex - def.startIndex > MAX_CONDITION_LENGTH) return undefined;
  // The binding's value first: the write count reads the whole function's text, worth it only for a fixed value.
  const value = textValue(run, def.text.trim(), at, scope, depth + 1);
  return value === undefined || writes(run, at, name) !== 1 ? undefined : value;
}

type Value = number | boolean;

/** A small recursive-descent evaluation of `||`/`or`, `&&`/`and`, `!`/`not`, comparisons and integer arithmetic. */
class Evaluation {
  private at = 0;

  constructor(
    private readonly tokens: string[],
    private readonly values: Map<string, number>,
  ) {}

  run(): Value | undefined {
    const value = this.or();
    return this.at === this.tokens.length ? value : undefined;
  }

  private next(...expected: string[]): string | undefined {
    const token = this.tokens[this.at];
    if (token !== undefined && expected.includes(token)) {
      this.at++;
      return token;
    }
    return undefined;
  }

  private or(): Value | undefined {
    return this.logical(['||', 'or'], () => this.and(), (a, b) => a || b);
  }

  private and(): Value | undefined {
    return this.logical(['&&', 'and'], () => this.not(), (a, b) => a && b);
  }

  /** A chain of one logical operator over booleans (nothing here has effects, so both sides are read). */
  private logical(operators: string[], operand: () => Value | undefined, combine: (a: boolean, b: boolean) => boolean): Value | undefined {
    let left = operand();
    while (left !== undefined && this.next(...operators)) {
      const right = operand();
      if (typeof left !== 'boolean' || typeof right !== 'boolean') return undefined;
      left = combine(left, right);
    }
    return left;
  }

  private not(): Value | undefined {
    if (this.next('!', 'not')) {
      const value = this.not();
      return typeof value === 'boolean' ? !value : undefined;
    }
    return this.comparison();
  }

  private comparison(): Value | undefined {
    const left = this.sum();
    const operator = this.next('<', '>', '<=', '>=', '==', '!=');
    if (!operator || left === undefined) return left;
    const right = this.sum();
    if (typeof left !== 'number' || typeof right !== 'number') return undefined;
    switch (operator) {
      case '<': return left < right;
      case '>': return left > right;
      case '<=': return left <= right;
      case '>=': return left >= right;
      case '==': return left === right;
      default: return left !== right;
    }
  }

  private sum(): Value | undefined {
    let left = this.product();
    for (let op = this.next('+', '-'); op && typeof left === 'number'; op = this.next('+', '-')) {
      const right = this.product();
      if (typeof right !== 'number') return undefined;
      left = op === '+' ? left + right : left - right;
    }
    return left;
  }

  private product(): Value | undefined {
    let left = this.unary();
    for (let op = this.next('*', '/', '%'); op && typeof left === 'number'; op = this.next('*', '/', '%')) {
      const right = this.unary();
      // Division and the remainder of a negative number are left open: languages round them differently.
      if (typeof right !== 'number' || op === '/' || right <= 0 || left < 0) return undefined;
      left = op === '*' ? left * right : left % right;
    }
    return left;
  }

  private unary(): Value | undefined {
    if (this.next('-')) {
      const value = this.unary();
      return typeof value === 'number' ? -value : undefined;
    }
    if (this.next('(')) {
      const value = this.or();
      return this.next(')') ? value : undefined;
    }
    const token = this.tokens[this.at++];
    if (token === undefined) return undefined;
    if (/^\d+$/.test(token)) return Number(token);
    return this.values.get(token);
  }
}
