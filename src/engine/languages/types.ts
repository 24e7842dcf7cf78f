// What the engine needs to know about a language's syntax, as data: which
// tree-sitter node types play which role. The taint engine and the pattern
// matcher are written once against this description; a new language is a new
// description plus rules, never a copy of the engine.

/** Field names of a call node. Either `callee` (the whole callee expression) or `object` + `name` (Java's method_invocation). */
export interface CallShape {
  callee?: string;
  object?: string;
  name?: string;
  args?: string;
  /** Constructor calls (`new X()`): the callee path is the type name. */
  isConstructor?: boolean;
}

export interface MemberShape {
  object: string;
  property: string;
}

export interface AssignShape {
  left: string;
  /** Field of the value; absent: the first named child (Python `with open(p) as fh`: as_pattern). */
  right?: string;
}

export interface FunctionShape {
  name?: string;
  params?: string;
  body?: string;
}

export interface ParamShape {
  /** Field holding the name (or a pattern); absent: the node itself is the name. */
  name?: string;
  type?: string;
}

export interface LanguageSyntax {
  id: string;
  /** File extensions without the dot. */
  extensions: string[];
  /** Interpreter names recognised in a `#!` line. */
  shebangs?: string[];
  /** npm package and wasm file of the grammar. */
  grammar: { package: string; wasm: string };
  /**
   * Files that are a template around code (ERB): the template grammar finds the
   * code nodes; everything else is blanked (newlines kept, so positions stay)
   * and each code part ends with `separator`, then the code is parsed as this language.
   */
  template?: {
    grammar: { package: string; wasm: string };
    code: string[];
    separator: string;
    /**
     * Directives that output raw (unescaped) text, rewritten into a call of the same length
     * so rules see it: ERB `<%== x %>` becomes `raw( x );`.
     */
    rawOutput?: { prefix: string; open: string; close: string };
  };
  /** Node types of comments (annotations and suppressions live there). */
  comments: string[];
  identifiers: string[];
  /** Literal types that are always clean (numbers, booleans, plain strings). */
  literals: string[];
  /** String-ish types whose named children are interpolations (template strings, f-strings). */
  interpolatedStrings: string[];
  /** Inside an interpolated string, a node that names a variable without its sigil (PHP's `"…${id}…"` reads `$id`): its type and the sigil. */
  bracedStringVariable?: { node: string; sigil: string };
  calls: Record<string, CallShape>;
  members: Record<string, MemberShape>;
  subscripts: Record<string, MemberShape>;
  assignments: Record<string, AssignShape>;
  /**
   * Keyword / named arguments inside an argument list. Without `value` the node is a named argument only when
   * its `name` field is there (C#'s `argument`: `env: vars`), its expression being its last child.
   */
  keywordArguments?: Record<string, { name: string; value?: string }>;
  functions: Record<string, FunctionShape>;
  /** Parameter node types inside a parameter list. */
  params: Record<string, ParamShape>;
  /** Where decorators/annotations/attributes of a parameter or function are found: node types. */
  decorators: string[];
  returns: string[];
  ifs: Record<string, { condition: string; consequence: string; alternative?: string }>;
  /**
   * Object literals whose properties keep their own taint (`{ text: sql, values: [x] }`). `mapTypes`: node types
   * of the literal's `type` field that make it a map, whose keys written as names are variables (Go's
   * `map[string]string{key: v}`), not property names.
   */
  objects?: Record<string, { pair: string; key: string; value: string; shorthand?: string; mapTypes?: string[] }>;
  /** Destructuring patterns that read properties by name (`const { query } = req` reads `req.query`). */
  objectPatterns?: Record<string, { pair: string; key: string; value: string; shorthand: string }>;
  /** Methods whose callback receives the receiver's data (`xs.map((x) => …)`, `promise.then((v) => …)`); `reduce*` passes it second. */
  elementCallbacks?: RegExp;
  /** Of those, the methods whose result is what the callback returns for each element (`xs.map(f)`, `Select(f)`), not the elements. */
  elementMappers?: RegExp;
  /** Binary expressions that concatenate strings with `+` (their constant start can vet what follows). */
  concatenations?: string[];
  /** The concatenation operator when it is not `+` (PHP's `.`). */
  concatOperator?: string;
  /**
   * Operators of those binary expressions whose result is a number whatever the operands (`$date - 86400`, `n * 2`):
   * it holds no text of the data, only its weak randomness. Not where an operator also works on texts or collections
   * (Python's `"ab" * 3` and `set - set`, Ruby's `array - array`).
   */
  numericOperators?: RegExp;
  /**
   * A local object given fields one by one (`vm.Host = host`) carries them where it is passed (scope.ts storedMembers):
   * the typed languages, whose objects are declared classes and structs. Not JavaScript's option bags, which flow on into library
   * calls whose results keep all they were given.
   */
  objectsBuiltByFields?: boolean;
  /** Operators that give a number when either operand is a number literal (PHP's `+`, which unites two arrays). */
  numericWithNumberLiteral?: RegExp;
  /** Conditional expressions (`c ? a : b`): the value is a branch, never the condition; guards in the condition clean their branch. */
  ternaries?: Record<string, { condition: string; consequence: string; alternative: string }>;
  /** Loops that bind names to the elements/keys of a collection (`for (const k of xs)`). */
  loops?: Record<string, { left: string; right: string; body: string }>;
  /**
   * Calls whose result is stored data looked up by the arguments, not the arguments themselves
   * (`map.get(key)`, `Model.findOne(filter)`, `fs.readFile(path)`): the result carries only the receiver's taint.
   */
  lookupCalls?: RegExp;
  /**
   * Built-ins that return their argument's data itself in another container or order (Python's `dict(row)`,
   * `list(xs)`, `sorted(xs)`, `zip(keys, row)`): the result is the data, not a value derived from it (a view
   * printing `dict(row)` prints the row).
   */
  copyCalls?: RegExp;
  /** printf-style calls (`sprintf`, `fmt.Sprintf`): an argument printed only by a numeric conversion does not flow into the result. */
  formatCalls?: RegExp;
  /**
   * The method a string literal formats itself with, filling `{}` / `{0}` / `{name}` fields (Python's
   * `'{}?next={}'.format(url, target)`): each argument is judged by the literal's text before its field.
   */
  formatMethod?: string;
  /** Declarations with an explicit type (node type → field of the type), for rules that ask for an argument's declared type. */
  typedDeclarations?: Record<string, string>;
  /** Statements that leave the current block (for guard clauses). */
  exits: string[];
  /**
   * A `throw` written where a value goes (C#'s `x ?? throw …`, a switch expression's `_ => throw …` arm, PHP 8's
   * `$x ?: throw …`): it never gives that value, so what its exception is built from is no part of it.
   */
  throwExpressions?: string[];
  /** Call names that end the request like an exit (`abort`, `exit`, `die`, `halt`). */
  exitCalls?: RegExp;
  /** Node types of class declarations (for method resolution across files). */
  classes?: string[];
  /** Node types of annotation type declarations (Java's `@interface Sort`), looked up by name like classes. */
  annotationTypes?: string[];
  /** Names of constructor methods (`__init__`): a call of a class defined in the file is analysed through it. */
  constructorNames?: string[];
  /**
   * Calls that stop the request unless a check holds, written as a call rather than an `if` (Laravel's
   * `abort_unless(ctype_digit($id), 422)`, Spring's `Assert.isTrue(ok, msg)`, `invariant(ok)`): the code after the
   * call sees the first argument true (`holds`) or false (`fails`, `abort_if(!ok)`), as after `if (!ok) abort();`.
   */
  assertionCalls?: { holds: RegExp; fails?: RegExp };
  /** Receiver expressions meaning "this object" (`this`, `self`). */
  selfNames?: string[];
  /**
   * Declarations of a class body whose names a method reads bare, as fields of its own object (Java's
   * `return homepage;` for `this.homepage`): the node types, each naming its field by a `name` field or by
   * `variable_declarator`s.
   */
  implicitSelfFields?: string[];
  /**
   * A call assigned to several names gives its error as the last (Go's `v, err := strconv.Atoi(s)`): the
   * error of a call the language's `errorsQuoteInput` names (rules/<language>/sources.yaml) is clean for log lines.
   */
  errorResultLast?: boolean;
  /**
   * Members that describe a value's type or its database row rather than hold its data (Python's
   * `__class__`, Django's `_meta`, `Meta` and primary key `pk`): reading one yields clean data.
   */
  metadataMembers?: RegExp;
  /**
   * A global regex whose matches name (in whichever capture group matched) every function a
   * file may define, and some more. Call resolution parses a neighbour file only when the
   * callee is among its names; absent: every file spelling the name is parsed.
   */
  definitionNames?: RegExp;
  /** How another file is imported: regexes on the file text with a capture group for the specifier. */
  importPatterns?: RegExp[];
  /**
   * Namespaces that span files and folders (C#): group 1 of `declares` is a namespace a file declares, of
   * `uses` one it imports. A file sees the classes of its own namespaces and of those it uses.
   */
  namespaces?: { declares: RegExp; uses: RegExp };
  /**
   * Casts that make a value safe: `(int) $x` for every type (`types` absent), `(string) $x`
   * only for the types listed (a scalar cannot carry MongoDB operators).
   */
  casts?: { node: string; type: string; match: RegExp; types?: string[] }[];
  /**
   * Declared parameter types that hold a number, a truth value, a date, a duration or an id (`long id`, `Guid? id`,
   * `List<Long> ids`): the compiler lets no text reach such a parameter, so an argument's untrusted strands stop
   * there, as at a cast; only a weak random number's stay (its digits are as guessable). Statically typed
   * languages only: a type hint the runtime does not enforce is no conversion.
   */
  scalarParameters?: RegExp;
  /** Fields and parameters are declared name first (Go's `Count int`), not type first (`int count;`). */
  namesBeforeTypes?: boolean;
  /**
   * A decorator that makes a method of a model class a validator of the fields it names in quotes, run before
   * the code sees the model (Pydantic's `@validator("id")`, `@field_validator("id", "name")`). The guard clauses
   * that open such a method (`if not re.fullmatch(…, v): raise ValueError`) vet those fields of any value of
   * the class (members.ts).
   */
  fieldValidators?: RegExp;
  /** Expressions that pick one of several values by a subject (C# `switch` expressions, PHP `match`): their value is one of the arms', not the subject. */
  selects?: Record<string, { subject: string }>;
  /**
   * Statements that run one of several cases (`switch`, `match`, Ruby `case`): the statement node types and
   * the node types of their cases. Each case starts from the state before the statement.
   */
  switches?: { statements: string[]; cases: string[] };
  /**
   * Calls that construct a value of the type their name's first group gives (Go's `NewRepo()` and
   * `store.NewRepo()` return a `Repo`), and literals of a type (Go's `Repo{…}`, `&Repo{…}`): node types
   * whose `type` field names the class.
   */
  constructorCalls?: RegExp;
  typedLiterals?: string[];
  /**
   * Functions outside classes are global to the program (PHP: one name, one function, once its file is
   * included anywhere): a call without a receiver that no nearer file defines runs a function of that
   * name from any file of the scan. The regex finds such definitions in a file's text (first group: the name).
   */
  globalFunctions?: RegExp;
  /** A function returns the value of its last expression (Ruby). */
  implicitReturn?: boolean;
  /** A bare name that is not a variable may call a method without arguments (Ruby `user_params`). */
  bareCalls?: boolean;
  /**
   * A call without a receiver may run a method of a class in another file (Java and C#
   * inherited methods, Ruby mixins). Without this, such a call resolves in other files only
   * to functions outside classes: `max(x)` in Python never runs some class's `max` method.
   */
  inheritedBareCalls?: boolean;
  /**
   * A call with a receiver (`auth.login()`) runs a method, never a function outside classes: Python, PHP, Ruby,
   * Java and C# (a Go method declares its receiver). Only a module's name reaches a module's functions that way.
   * Not JavaScript, whose objects hold plain functions (`const api = { login }`).
   */
  receiverCallsRunMethods?: boolean;
  /**
   * Source roots are methods of the framework, not variables (Rails' `params`, `request`, `cookies`): where a function
   * or block declares a parameter of that name, the name is that parameter (`def self.build(params)`), no source.
   */
  sourceRootsAreMethods?: boolean;
  /**
   * A call without a receiver reaches a function of another file only through an import
   * (Python, JavaScript): such calls are not looked up in the rest of the directory.
   */
  bareCallsNeedImport?: boolean;
  /**
   * A call may pass more arguments than the function declares, and the extra ones are ignored (JavaScript, PHP).
   * Elsewhere a method found only by its name (the receiver's class unknown) that cannot take the call's arguments is
   * not the one it runs: `data.get('k', None)` on a dict is no `get(self, uuid)` of a class in the file.
   */
  extraArgumentsIgnored?: boolean;
  /** Where a module exports one function as a whole, the function's name in group 1 (`module.exports = doAuth`): a binding of the module calls it. */
  defaultExports?: RegExp[];
  /** Names that bind a whole module, in group 1 or 2 (`const auth = require('./auth')`, `import render from './render'`), unlike a destructured or named import. */
  moduleBindings?: RegExp;
  /** Callee text of a call through a variable (`$fn()`, `new $class()` in PHP): the variable's taint counts as the receiver's. */
  dynamicCallee?: RegExp;
  /** Heredocs whose body follows the statement that starts them (Ruby's `<<~SQL`): the start's node type and the body's. */
  heredoc?: { beginning: string; body: string };
  /**
   * Containers a string interpolation prints as their repr (Python's `str()` of a list, tuple, set or dict;
   * Ruby's `Array#to_s` and `Hash#to_s`, which are `inspect`): every string inside is written quoted, with
   * its line breaks escaped. `interpolation` is the node of one substitution, `modifiers` its parts that
   * are not the expression (Python's `!r`, `:>10`). `reprConversion` is a substitution that prints any value
   * as its repr: a conversion node whose text matches (Python's `{x!r}`, `{x!a}`), or the self-documenting
   * marker without a conversion or format spec (`{x=}`, which prints `x='a\\nb'`).
   */
  reprContainers?: {
    interpolation: string;
    containers: string[];
    modifiers?: string[];
    reprConversion?: { node: string; text: RegExp; selfDocumenting?: string; formatSpecifier?: string };
  };
  /**
   * Route files of the framework's routing DSL (Rails' `config/routes.rb`), read by `taint/rails-routes.ts`: a path
   * parameter every route to an action constrains holds only what the constraint admits.
   */
  routeFiles?: RegExp;
  /** Comprehensions: their `for` clauses (assignment nodes) bind names before the element expression is evaluated. */
  comprehensions?: string[];
  /** Filter clauses of a comprehension (`if f in ALLOWED`): a guard there vets the elements it keeps. */
  comprehensionFilters?: string[];
  /**
   * Callbacks whose parameters a framework names by position (Express/Koa routes, Node's
   * `http.createServer`): whatever the code calls them, rules see them under the names given
   * here for the callback's number of parameters (`(request, reply) =>` reads as `req`, `res`).
   * `callee` matches the registering call; `pathArgument` its first argument when the call
   * registers a route (a string path), so that `cache.get(key, (err, value) => …)` is no route.
   */
  handlerParameters?: { callee: RegExp; routeCallee: RegExp; pathArgument: RegExp; names: Record<number, string[]> };
  /** Import aliases (`from m import name as alias`): node type → fields of the imported name and of the alias. */
  importAliases?: Record<string, { name: string; alias: string }>;
  /**
   * Imports of one member of a class (Java's `import static org.springframework.web.util.WebUtils.getCookie;`), read
   * from a top-level import's text: group 1 is how the member is written without the import (`WebUtils.getCookie`),
   * group 2 the bare name the code calls it by (`getCookie`). Rules then see the call as written in full.
   */
  memberImports?: RegExp;
  /**
   * A module of the platform bound under a name of the code's choosing (`const disk = require('fs')`,
   * `import * as disk from 'node:fs'`, `const io = require('fs').promises`), read from a top-level statement's text:
   * of the groups that matched, the first is the name, the second the module without a `node:` scheme and a third a
   * member taken from it. The name then reads
   * as the module's own (`disk.writeFile` as `fs.writeFile`, `io.readFile` as `fs.promises.readFile`), which is how
   * rules name the module's functions.
   */
  platformModuleBindings?: RegExp;
  /** Names a constructor call gives the class it is written in (PHP's `new self(…)`, `new static(…)`). */
  ownClassNames?: string[];
  /** Members that are a count of what the object holds (Java's array `length`, C#'s `Count`): a number, whatever it counts. */
  countMembers?: RegExp;
  /** Import declarations that bind a local name to a module path (Go `tt "text/template"`): rules can ask where a value was made (`init` conditions). Without a name the path's last segment is the name. */
  importSpecs?: { node: string; name: string; path: string };
  /** Methods that store their arguments into the receiver (`sb.append(x)`, `buf.WriteString(x)`, `list.add(x)`): a tainted argument taints the receiver variable. */
  mutators?: RegExp;
  /**
   * Maps written and read by a fixed key (`m.put("keyB", param)`, `m.get("keyA")`): an entry written under a
   * string literal is held under that key, a read by a literal gives that entry's data (and whatever the map
   * holds unkeyed), and a write of clean data under a key replaces what the key held.
   */
  keyedAccess?: { write: RegExp; read: RegExp };
  /**
   * How browser code is told from server code (source specs with `in: server|browser` apply on one
   * side only; code-sides.ts): a directive (`'use client'`, capture: `client`/`server`), text markers of
   * each side (imports of a UI library, DOM use; imports of a server framework), and, for files whose
   * text says neither or both, folder names (the deepest one that names a side wins).
   */
  codeSides?: { directive?: RegExp; browser: RegExp; server: RegExp; browserFolders: RegExp; serverFolders: RegExp };
  /** The tree-sitter node type of the unary address-of operator (Go `&x`) — out-parameters. */
  addressOf?: string;
}
