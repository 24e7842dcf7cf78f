// The rule file format, declared once: it validates YAML rule files, gives the
// TypeScript types, and is documented in docs/rules.md.
import { z } from 'zod';
import { SEVERITIES, CONFIDENCES } from '../types.ts';

/** A regular expression in a rule file, as a string (JS syntax). */
const Regex = z.string().min(1);

/** A condition on a call's arguments. */
export const ArgCondition = z
  .object({
    /** Keyword / named argument whose text must match `value` (Python `shell=True`). */
    keyword: z.string().optional(),
    /** 0-based positional argument index. */
    index: z.number().int().min(0).optional(),
    /** The condition is about the receiver object of the call (`engine` in `engine.eval(x)`), not an argument. */
    receiver: z.boolean().optional(),
    /** Regex the argument's source text must match. */
    value: Regex.optional(),
    /** Regex the argument's access path must match (after request-type aliases: `$RESPONSE`). */
    path: Regex.optional(),
    /** Regex the declared type of the argument (a typed parameter or local variable) must match. */
    type: Regex.optional(),
    /** Regex on the expression last assigned to the argument variable, with a leading imported name replaced by its module path (`text/template.Must(…)`). */
    init: Regex.optional(),
    /**
     * Regex on the declaration of the class the argument is a value of, as the code says it (`new Foo`, a declared
     * type, `Foo::find()`, the class named directly), found in the file or in the file named for the class: a
     * Laravel model whose class lists its `$fillable` columns. No known class, or no declaration found: no match. Read in
     * the conditions of call sinks only.
     */
    classText: Regex.optional(),
    /**
     * With `classText`: a regex on the class's declaration whose group 1 names another class that stands for it, tested
     * when the class itself does not match (a repository's `model()` returning `Product::class`: the model it writes).
     */
    classVia: Regex.optional(),
    /**
     * With `classText`: the declaration is read without the bodies of its methods (and `classVia` the same), so a
     * local variable in `equals()` (`Role role = (Role) o;`) is no field of the class.
     */
    classMembers: z.boolean().optional(),
    /**
     * True: the argument is a regular expression literal (as written, or what its variable was given) that a
     * ReDoS analyser cannot prove to match every text in one way only (`#backtracks?` in pattern rules).
     */
    backtracks: z.boolean().optional(),
    /** True: the condition holds when the argument is absent or does not match. */
    absent: z.boolean().optional(),
  })
  .strict();

/**
 * Where untrusted data comes from. Each form is tested against the normalised
 * text of an expression ("access path"): `req.query.id`, `request.args.get()`,
 * `$REQUEST.URL.Query().Get()` – calls are written with empty parentheses,
 * subscripts as `[]`, and parameters whose type or annotation marks them as a
 * framework request object are renamed to the alias the language gives them.
 */
export const SourceSpec = z
  .object({
    /** Regex on the access path of a member/call/subscript/identifier expression. */
    path: Regex.optional(),
    /** Regex on a parameter's decorator / annotation / attribute name (NestJS @Query, Spring @RequestParam, C# [FromQuery]). */
    paramAnnotation: Regex.optional(),
    /** Regex on a parameter's declared type; the whole parameter is untrusted (Spring DTO @RequestBody is caught by annotation; this is for e.g. FastAPI `UploadFile`). */
    paramType: Regex.optional(),
    /** Regex on the decorator/annotation of the enclosing function: all of its parameters are untrusted (FastAPI/Flask route handlers). */
    handlerDecorator: Regex.optional(),
    /** Regex on the callee of the call a function literal is passed to: all of its parameters are untrusted (ASP.NET minimal APIs `app.MapGet("/x", (string q) => …)`). */
    handlerCall: Regex.optional(),
    /**
     * Regex on the name of a method a framework calls with client data (Ratchet's `onMessage($from, $msg)`, Spring's
     * `handleTextMessage`): all of its parameters are untrusted (narrow them with exceptParams/exceptTypes).
     */
    handlerMethod: Regex.optional(),
    /**
     * Regex on the keys of the object literals a function is the value of, outermost first and joined by `.`
     * (`Query.user` for `{ Query: { user: (parent, args) => … } }`, a GraphQL resolver map): its parameters are
     * untrusted (narrow them with `params`).
     */
    handlerProperty: Regex.optional(),
    /** With a handler form: only the parameters at these positions are untrusted (a resolver's `args`, the second). */
    params: z.array(z.number().int().min(0)).optional(),
    /** With handlerMethod: regex on the header of the class around the method (`implements MessageComponentInterface`). */
    inClass: Regex.optional(),
    /** With handlerMethod: regex on the method's own header (its attributes, modifiers and return type): methods it matches are no handlers. */
    exceptMethods: Regex.optional(),
    /** Parameters to exclude (regex on the name or the whole parameter text, decorators included): dependencies like `db`, NestJS `ParseIntPipe`, C# numeric types. */
    exceptParams: Regex.optional(),
    /** With handlerDecorator: parameters the decorator text declares as converted, `{name}` standing for the parameter name (Flask `<int:{name}>`). */
    exceptInDecorator: Regex.optional(),
    /** Parameter types that cannot carry an attack (Spring `@RequestParam int page`): such parameters are not sources. */
    exceptTypes: Regex.optional(),
    /** For `path` sources that are calls: all must hold (`file_get_contents('php://input')`, a cookie's name argument). */
    where: z.array(ArgCondition).optional(),
    /** The data is untrusted only as a whole (mass assignment of `req.body`): reading one of its fields gives clean data. */
    exact: z.boolean().optional(),
    /**
     * Data the application stored and reads back (a database row): untrusted only for the kinds of attack listed
     * in `types` (stored cross-site scripting: `[XSS]`), and left as it is by the sanitisers of the call that reads it
     * (an ORM's query methods keep request data out of SQL; they do not make the rows they return safe to print).
     * With `writtenBy`, only when a file of the scan that handles requests (the language's file hints match its
     * text), or a module such a file imports, matches that regex: a write of the data, `{model}` standing for the
     * first capture of `path` (the model read: `Task` of `Task.objects.get()`; other groups are written `(?:…)`).
     * Rows no request handler writes (content a management command loads, records only the admin site edits) are
     * the operator's, not an attacker's.
     */
    stored: z
      .object({
        types: z.array(z.string()).min(1),
        writtenBy: z.string().optional(),
      })
      .strict()
      .optional(),
    /**
     * Only in code that runs on this side (the language's `codeSides`): request objects are untrusted in
     * server code, the page URL and cross-window messages in browser code. Files neither side claims get every source.
     */
    in: z.enum(['server', 'browser']).optional(),
    /**
     * Only inside a function registered as a listener: a regex on the text that registers it, up to the function
     * (`addEventListener('message', ` before a function literal or the name of a declared function, `onmessage =`).
     * A cross-window message reaches a `message` listener; a socket's own `evt.data` is the application's server.
     */
    inListener: Regex.optional(),
    /**
     * Not inside a class whose header matches this regex (`class WelcomeMailer < ApplicationMailer`): there a name
     * the framework gives every class of that kind holds no request data (a Rails mailer's `params` are the values
     * its caller passed to `with`, not the request's).
     */
    exceptInClass: Regex.optional(),
    /**
     * Kinds of attack this source cannot carry, because the framework rejects the characters they need
     * before the handler runs (Spring Security's firewall refuses a path with an encoded CR or LF, so a
     * path variable forges no log line). With `ifProjectUses`, only when a dependency manifest of the scan
     * (pom.xml, build.gradle, package.json, …) matches that regex: the firewall comes with the dependency.
     */
    clean: z
      .object({
        types: z.array(z.string()).min(1),
        ifProjectUses: Regex.optional(),
        /**
         * Only inside a function literal registered in place as a route handler (the language's
         * `handlerParameters`) whose route paths are all string literals matching this regex, quotes left out:
         * Koa's `ctx.path` in `router.get('/share/:id', (ctx) => …)` starts with `/share/`, so it stays on the site.
         */
        inRoute: Regex.optional(),
        /**
         * With inRoute: a regex the file's text must match, `{router}` standing for the object the handler is registered
         * on (`router` in `router.get(…)`): how it is made and mounted, so that no prefix the file does not show (a
         * parent router's `/:lang`) stands before the route's path. A handler registered on no named object does not qualify.
         */
        routerFile: Regex.optional(),
        /**
         * For a parameter source: not in a handler whose decorators match this regex, `{name}` standing for the
         * parameter (a catch-all path variable, `@GetMapping("/files/{*path}")`, holds the separators the firewall lets
         * through).
         */
        exceptInDecorator: Regex.optional(),
      })
      .strict()
      .optional(),
    label: z.string().optional(),
  })
  .strict()
  .refine((s) => s.path || s.paramAnnotation || s.paramType || s.handlerDecorator || s.handlerCall || s.handlerMethod || s.handlerProperty, {
    message: 'a source needs path, paramAnnotation, paramType, handlerDecorator, handlerCall, handlerMethod or handlerProperty',
  })
  .refine((s) => !s.inClass || s.handlerMethod, { message: 'inClass goes with handlerMethod' })
  .refine((s) => !s.exceptMethods || s.handlerMethod, { message: 'exceptMethods goes with handlerMethod' });

/** A render call: which argument names the template, which carries the context, and how the template is found and read. */
export const RenderSpec = z
  .object({
    /** 0-based position of the template name (a string literal); absent: the view names the enclosing handler returns (`return "posts/show";`). */
    template: z.number().int().min(0).optional(),
    /** 0-based position of a variable's name (a string literal) when the call hands the template one variable, `context` being its value (`model.addAttribute("bio", v)`). */
    key: z.number().int().min(0).optional(),
    /** 0-based position of the context object (`{"bio": v}`); its keys are the template's variables. */
    context: z.number().int().min(0).optional(),
    /** The keyword argument that may give the context instead (Django `render(request, "x.html", context={…})`). */
    contextKeyword: z.string().optional(),
    /** Keyword arguments are the context (Flask `render_template("page.html", bio=v)`). */
    keywords: z.boolean().optional(),
    /** Template languages the file may be written in, by id (src/engine/templates/syntaxes.ts); the first whose extension the file has reads it. */
    syntaxes: z.array(z.enum(['jinja', 'twig', 'nunjucks', 'ejs', 'pug', 'handlebars', 'blade', 'thymeleaf', 'razor', 'erb', 'gotext'])).min(1),
    /** Folders the framework looks for templates in (`templates`, `views`): the file's path ends with `<folder>/<name>`. */
    folders: z.array(z.string()).default([]),
    /** Names use dots for folders (Laravel `view('posts.show')` is `posts/show.blade.php`). */
    dottedNames: z.boolean().optional(),
    /** The context is this one variable of the template (ASP.NET `View(model)` is the view's `Model`). */
    contextName: z.string().optional(),
    /** Regex on what the receiver was made from whose first group names the template (Go `t := template.ParseFiles("views/page.html")`, then `t.Execute(w, data)`). */
    templateInReceiverInit: Regex.optional(),
    /**
     * When no template file is found for the call (a template parsed from a string, a name the scan cannot see), the call itself is the
     * sink of its context argument: a template engine that escapes nothing prints whatever it is given.
     */
    orAtCall: z.boolean().optional(),
    /** The name is the first argument of the call a method chain starts from (Laravel `view('posts.show')->with('title', $t)`). */
    templateInReceiver: z.boolean().optional(),
    /** Template variables are also what the handler set under these paths before the call (`res.locals.` makes `title` read `res.locals.title`). */
    scopePrefixes: z.array(z.string()).optional(),
    /** The receiver must be a parameter of the enclosing handler (Spring's `Map<String, Object> model`), not a local. */
    receiverParameter: z.boolean().optional(),
    /** The name may be left out (`View(model)`): the argument at `template` is then the context. */
    nameOptional: z.boolean().optional(),
    /** ASP.NET MVC: names are looked up as `<Controller>/<name>` then `Shared/<name>`; no name is the action's (the enclosing method's) name. */
    controllerFolders: z.boolean().optional(),
    /** Regex on template variables the handler sets where every view sees them (`ViewBag.Bio`, `ViewData`): their taint is the handler's at the call. */
    fromScope: Regex.optional(),
    /**
     * Rails: the name is a symbol or string of the controller's views (`render :edit`, `template:`, `action:`,
     * `partial:`), the view reads the action's instance variables and `locals:`, and an action without a render
     * renders its own view at its end (src/engine/templates/rails.ts).
     */
    rails: z.boolean().optional(),
  })
  .strict();

export const SinkSpec = z
  .object({
    /** Regex on the callee's access path (`cursor.execute`, `Runtime.getRuntime().exec`). */
    callee: Regex.optional(),
    /** Regex on the left-hand side access path of an assignment (`el.innerHTML`). */
    assign: Regex.optional(),
    /** A syntax node type whose tainted children are the sink (PHP `echo_statement`, Ruby `subshell`). */
    node: z.string().optional(),
    /** For `node` sinks: regex the source text of the preceding sibling must match (PHP `<?= $x ?>` is an expression after a `<?=` tag). */
    precededBy: Regex.optional(),
    /** The value returned from a function whose decorator matches (a Flask view returning an HTML string). */
    returnFrom: Regex.optional(),
    /** The value returned from a function whose own name matches: what `passwordResetToken()` returns is a token, whatever its callers do with it. */
    returnFromFunction: Regex.optional(),
    /**
     * With returnFromFunction: data the returned object holds in a property (an initializer's `Name = …`) counts
     * only when the property's name matches. `CreateToken()` returns a token, but a random `Name` inside it is a name.
     */
    returnedFields: Regex.optional(),
    /** The finding is placed where the call's receiver variable got its value (`md = MessageDigest.getInstance("MD5")` for `md.digest(password)`): the algorithm chosen there is what to change. */
    atReceiverDefinition: z.boolean().optional(),
    /** Not a sink in files whose text matches (multiline regex): `^from fastapi import` where returned strings become JSON. */
    unlessFile: Regex.optional(),
    /**
     * Not a sink when a dependency manifest of the scan (pom.xml, package.json, …) matches: the library's
     * version in use made the call safe (fastjson 1.2.83 and later, or its 2.x compatibility package).
     */
    unlessProjectUses: Regex.optional(),
    /**
     * Only a sink where the project depends on a library (`uses`, a regex on the manifests' text: `"mongoose":`), or
     * where no manifest of its ecosystem (`manifests`, a regex on their text: a package.json's `"dependencies":`) is
     * in the scan to say: a `find(filter)` is a MongoDB query in a project that has a MongoDB driver, not in one
     * built on Sequelize or Knex, whose filters take no operators from the data.
     */
    ifProjectUses: z.object({ uses: Regex, manifests: Regex }).strict().optional(),
    /** With returnFrom: only returned expressions of these node types (regex) count. */
    valueNode: Regex.optional(),
    /** Which positional arguments carry the dangerous data; default: all. */
    args: z.array(z.number().int().min(0)).optional(),
    /** Keyword/named arguments that carry the dangerous data. */
    keywords: z.array(z.string()).optional(),
    /** The receiver object is the dangerous data (`userInput.constantize`). */
    receiver: z.boolean().optional(),
    /**
     * The computed key is the dangerous data: for a call, the key of the callee `obj[key](…)` (reflection);
     * for an assignment, the key of `obj[key] = value` must be untrusted as well as the value (prototype pollution).
     */
    computedKey: z.boolean().optional(),
    /** When an argument is an object literal (or built from one), only these properties carry dangerous data (`{ text, values }`: `text`). */
    argFields: z.array(z.string()).optional(),
    /**
     * The untrusted data must sit as a property value of an object/dict literal in the argument (a query filter
     * `{ name: req.body.name }` whose value may itself be an object of operators), not in a plain or built string
     * (`db.exists(\`post:${id}\`)`).
     */
    inObject: z.boolean().optional(),
    /**
     * The untrusted data must be built into a larger value — concatenated, interpolated, formatted or appended
     * to a builder — not passed whole: a parameter that is the entire expression is a query language the API
     * offers on purpose (Jenkins' `?xpath=` over the model the caller may read), not an injection into the
     * application's own expression.
     */
    built: z.boolean().optional(),
    /**
     * The untrusted data must be built into text by the code itself — concatenated, interpolated, formatted or
     * appended to a builder — and not be what a call it went into returned: a REST handler's string is a page only
     * when it composes one (`"Hello " + name`), not when it hands back a parsed document's field or a process id.
     */
    composed: z.boolean().optional(),
    /** Only inside a function whose decorators/annotations (text) match (NestJS `@Header('Content-Type', 'text/html')`). */
    inFunction: Regex.optional(),
    /** All must hold for the call to be a sink (`node` sinks: `value` tests the node's text; `assign` sinks: the assigned expression's text). */
    where: z.array(ArgCondition).optional(),
    /** None may hold for the call to be a sink. */
    unless: z.array(ArgCondition).optional(),
    /** Regex on the sink node's own text (for `node` sinks: which `$where` key, which `return "redirect:…"`). */
    matches: Regex.optional(),
    /**
     * For `node` sinks: regex on the start of the text of the node's parent, which must not match (a JSX attribute's
     * element: `src` of an `<img>` never runs a `javascript:` URL, of an `<iframe>` it does).
     */
    notInParent: Regex.optional(),
    /** Regex on the text of the enclosing function: it must match (libxml2 `XMLParseNoEnt` set where the parser is used). */
    inside: Regex.optional(),
    /** Regex on the text of the enclosing function: it must not match (a hardened XML factory, an `ObjectInputFilter`). */
    notInside: Regex.optional(),
    /**
     * Regex on the header of the class around the sink (its annotations, name and bases): it must match. Spring's
     * `@RestController` on the class makes every handler's returned value the response body.
     */
    inClass: Regex.optional(),
    /**
     * `notInside` holds for the functions whose calls led the flow to the sink too: a helper that decodes a token
     * for a caller that verifies it. (Within one analysis a function is walked once per shape of its inputs: the
     * first caller decides for the others that pass the same.)
     */
    notInsideCallers: z.boolean().optional(),
    /**
     * With `callee`: the call renders a named template file with a context, and the sink is where the template prints a
     * context variable without escaping (src/engine/templates, docs/templates.md), not the call.
     */
    render: RenderSpec.optional(),
  })
  .strict()
  .refine((s) => s.callee || s.assign || s.node || s.returnFrom || s.returnFromFunction, { message: 'a sink needs callee, assign, node, returnFrom or returnFromFunction' });

export const SanitizerSpec = z
  .object({
    /** Regex on the callee's access path; the call's result is clean. */
    callee: Regex.optional(),
    /** Regex on the text of a condition that, when it guards a variable, cleans it (allow-lists, prefix checks). */
    guard: Regex.optional(),
    /** A syntax node type whose value is clean (PHP backticks give a command's output, not its input). */
    node: z.string().optional(),
    /** Only these types are cleaned; default: every type. */
    types: z.array(z.string()).optional(),
    /**
     * Regex on the constant start of a built string (template literal, f-string, `+` chain) before its
     * first untrusted part; clean substitutions appear as `${}`. `'/users/' + id` cannot leave the site.
     */
    prefix: Regex.optional(),
    /** For callee sanitizers: all must hold (`.replace(/[^\w.-]/g, '_')` cleans, `.replace(/^Bearer /, '')` does not). */
    where: z.array(ArgCondition).optional(),
    /** For `callee` sanitizers: the call cleans its receiver variable (`cookie.setSecure(true)`, `in.setObjectInputFilter(f)`). */
    receiver: z.boolean().optional(),
    /**
     * For `callee` sanitizers: the call also vets the variables passed at these positions from here on, as a
     * check that throws when they fail does (a payment SDK's notification parser that verifies the signature).
     */
    vetsArguments: z.array(z.number().int().min(0)).optional(),
    /**
     * For `callee` sanitizers: only what goes in at these argument positions, and as keyword arguments, is cleaned
     * in the call's result; the receiver and the other arguments keep their taint. A URL builder that
     * percent-encodes parameters into a base URL's query (Tornado's `url_concat(url, args)`) chooses no host with them.
     */
    cleansArguments: z.array(z.number().int().min(0)).optional(),
    /**
     * For `callee` sanitizers: the call reads records back (`rows.Scan(&title)`): request data bound to the query is not
     * in them, but what a `stored` source already read stays stored data (a page printing it is stored XSS).
     */
    readsRecords: z.boolean().optional(),
    /**
     * For `guard` sanitizers: the check holds where the value is bad, as a deny-list's does (a search for what must
     * not be there: `name.IndexOfAny(Path.GetInvalidFileNameChars()) >= 0`). Where it fails, and after a branch
     * where it holds that leaves, the value is vetted (src/engine/taint/guards.ts).
     */
    denies: z.boolean().optional(),
  })
  .strict()
  .refine((s) => s.callee || s.guard || s.prefix || s.node, { message: 'a sanitizer needs callee, guard, prefix or node' })
  .refine((s) => !s.denies || s.guard, { message: 'only a guard can deny' });

export const TaintSpec = z
  .object({
    /** Extra sources beyond the language's shared ones (rules/<lang>/sources.yaml). */
    sources: z.array(SourceSpec).optional(),
    /** Use only the sources listed here, not the shared ones. */
    onlyTheseSources: z.boolean().optional(),
    /**
     * A regex every file holding one of this rule's own `sources` matches. Files matching neither it nor the
     * language's `fileHint` are not taint-analysed on their own; a rule with own sources and no hint has every
     * file analysed.
     */
    fileHint: Regex.optional(),
    sinks: z.array(SinkSpec).min(1),
    sanitizers: z.array(SanitizerSpec).optional(),
    /** Only data that reaches the sink directly or through string operations counts, not the result of an unknown call it was passed to (`auth.userIdFor(name)`). */
    direct: z.boolean().optional(),
    /**
     * Marks besides the rule's type that make a value clean for this rule's sinks. A sanitizer sets a mark by
     * listing it in `types`: this rule's own judgement of a value that other rules of its type still report
     * (a link whose scheme the code fixed before the untrusted part, `URL_SCHEME_FIXED`, cannot become
     * `javascript:`, yet the same text written into HTML is still XSS).
     */
    cleanedBy: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/)).optional(),
    /**
     * Report where the data was made (the source's line, when it is in the sink's file) rather than where it ends up:
     * a weak generator's call is what to change, the cookie it reaches is how we know it matters.
     */
    reportAtSource: z.boolean().optional(),
  })
  .strict();

export const PatternSpec = z
  .object({
    /** A tree-sitter query; the capture named by `report` (default `match`) is the finding's location. */
    query: z.string().min(1),
    report: z.string().optional(),
    /** A regex the file text must match for the query to run at all (a cheap pre-filter: `hashlib|Crypto`). */
    requires: Regex.optional(),
    /** Tree-sitter queries which, if any matches inside the reported node's enclosing `scope`, drop the finding; a query with an `@inside` capture drops it only when the finding lies within the captured node. */
    unlessInside: z.array(z.string()).optional(),
    /** Tree-sitter queries of which at least one must match inside the same `scope` (a function named like a token generator; credentials beside a wildcard origin). */
    requireInside: z.array(z.string()).optional(),
    /** Where `unlessInside` looks: the enclosing function (default), the enclosing named function/method (lambdas and closures belong to it), or the whole file. */
    scope: z.enum(['function', 'named-function', 'file']).optional(),
    /** Tree-sitter queries: the finding is dropped when one of them matches an enclosing node itself (`if (env === 'development') {…}`). */
    unlessAncestor: z.array(z.string()).optional(),
    /**
     * Case-insensitive regex on the names around the match: the variable, property or field it is assigned to and the
     * enclosing function's name. The finding is reported only when one matches (`Math.random()` for a `resetToken`).
     */
    context: Regex.optional(),
  })
  .strict();

/** A line-oriented regular expression, for configuration files that are not parsed. */
export const RegexSpec = z
  .object({
    pattern: Regex,
    /** Glob(s) of files this applies to (matched on the path relative to the scan root). */
    files: z.array(z.string()).min(1),
    flags: z.string().optional(),
  })
  .strict();

export const RuleSpec = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    languages: z.array(z.string()).min(1),
    type: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
    cwe: z.union([z.number().int(), z.array(z.number().int()).min(1)]),
    severity: z.enum(SEVERITIES),
    confidence: z.enum(CONFIDENCES).default('medium'),
    title: z.string().min(1),
    message: z.string().min(1),
    remediation: z.string().min(1),
    references: z.array(z.string().url()).default([]),
    /** Not reported in test code (src/engine/test-code.ts): for weaknesses that matter only in deployed code. */
    notInTests: z.boolean().default(false),
    taint: TaintSpec.optional(),
    pattern: PatternSpec.optional(),
    regex: RegexSpec.optional(),
  })
  .strict()
  .refine((r) => [r.taint, r.pattern, r.regex].filter(Boolean).length === 1, {
    message: 'a rule has exactly one of taint, pattern or regex',
  });

export const RuleFile = z.object({ rules: z.array(RuleSpec).min(1) }).strict();

/** Per-language shared taint vocabulary: rules/<lang>/sources.yaml. */
export const LanguageTaintFile = z
  .object({
    /** The rule language(s) this vocabulary serves (`[javascript, typescript]`). */
    language: z.union([z.string(), z.array(z.string()).min(1)]),
    /**
     * The framework or library a model file describes (`Express`, `Django`): files under
     * `rules/<language>/frameworks/`, each with an annotated test app in the directory of the same name beside it.
     */
    framework: z.string().min(1).optional(),
    sources: z.array(SourceSpec).default([]),
    /** Sanitizers that apply to every taint rule of the language. */
    sanitizers: z.array(SanitizerSpec).default([]),
    /**
     * The framework's own sinks, by the id of the taint rule they belong to (`js.open-redirect: [{ callee: … }]`):
     * added to that rule's sinks, so a framework's whole model lives in its one file.
     */
    sinks: z.record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/), z.array(SinkSpec).min(1)).default({}),
    /**
     * Sources of one taint rule only, by its id: the framework's part of a rule that reads its own sources
     * (`onlyTheseSources`: the uploads a file-upload rule follows, the bound models of mass assignment).
     */
    ruleSources: z.record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/), z.array(SourceSpec).min(1)).default({}),
    /**
     * A regex that every file with untrusted data of this language matches (names of request objects, handler
     * decorators). Files that do not match are not taint-analysed on their own — a cheap pre-filter; functions in
     * them are still analysed when called from files that match. Several files' hints are alternatives.
     */
    fileHint: Regex.optional(),
    /**
     * A regex every file that reads stored data matches (the database reads of the `stored` sources): such files
     * are taint-analysed as those `fileHint` matches are, but reading stored data does not make a file one that
     * handles requests (those decide whether the data is an attacker's: a source's `stored.writtenBy`).
     */
    storedHint: Regex.optional(),
    /**
     * Names in `fileHint` that count only where they are a parameter of an enclosing function: Koa hands
     * its handlers `ctx`, while a library's own local `ctx` (a parser's context) holds no request.
     */
    hintParameters: z.array(z.string().regex(/^[\w$]+$/)).default([]),
    /** Parameters whose declared type makes them the framework's request object: renamed to `alias` in access paths. */
    requestTypes: z.array(z.object({ type: Regex, alias: z.string() }).strict()).default([]),
    /**
     * Handlers only the application's administrators reach. What they read is the operator's input, not an
     * attacker's, so nothing read there is a source. Each regex is optional; any one that matches is enough.
     */
    privileged: z
      .object({
        /** A decorator, annotation or attribute (its text without `@`) on the handler or on its class. */
        decorator: Regex.optional(),
        /** The call that registers the handler (callee and other arguments): a route's admin-only middleware. */
        registration: Regex.optional(),
        /** A statement in the handler, or directly in its class's body (Rails `before_action :require_admin`). */
        check: Regex.optional(),
        /**
         * The handler's class header after the class's name (`(BaseAdminController)`, `< Admin::BaseController`,
         * `: BaseAdminController`, `extends AdminController`): the application's admin-only base controller, which
         * checks the role for every action of the classes deriving from it.
         */
        base: Regex.optional(),
      })
      .strict()
      .optional(),
    /**
     * Handlers a cross-site page cannot make a browser call: they answer only unsafe verbs and the framework
     * checks an anti-forgery token for them. What they read is what the signed-in user sent them, so showing
     * it back to that user or redirecting them with it targets no one else (see src/engine/taint/forgery.ts).
     */
    forgeryProtected: z
      .object({
        /** An attribute (its text without `@`/brackets) on the handler, its class or a base class that turns the token check on. */
        protects: Regex,
        /** An attribute on the handler or its class that turns it off again. */
        exempts: Regex,
        /** The handler must carry one of these verb attributes… */
        unsafeVerbs: Regex,
        /** …and none of these (a handler that also answers GET can be linked to). */
        safeVerbs: Regex,
      })
      .strict()
      .optional(),
    /**
     * Constraints a validation framework checks before a handler runs (Bean Validation): a parameter annotated
     * with a constraint the project declares is checked by that constraint's validator (see
     * src/engine/taint/validation.ts).
     */
    /**
     * Library calls whose error result quotes the input it rejects (Go's `strconv.Atoi`, `url.Parse`: `%q`
     * escapes line breaks), so `v, err := url.Parse(s)` gives an error that forges no log line. Read where
     * the language gives a call's error as its last result (LanguageSyntax.errorResultLast).
     */
    errorsQuoteInput: z
      .object({
        /** The call's callee path (`url.Parse`, `strconv.ParseInt`). */
        callee: Regex,
      })
      .strict()
      .optional(),
    constraintValidation: z
      .object({
        /** The meta-annotation that makes an annotation type a constraint, with its validator classes (`Constraint`). */
        constraint: Regex,
        /** An annotation on the handler or its class without which the framework does not check parameters (`Validated`). */
        enforcedBy: Regex,
        /** The validator's method that answers whether a value passes (`isValid`). */
        validatorMethod: Regex,
      })
      .strict()
      .optional(),
  })
  .strict();

export type SourceSpec = z.infer<typeof SourceSpec>;
export type SinkSpec = z.infer<typeof SinkSpec>;
export type RenderSpec = z.infer<typeof RenderSpec>;
export type SanitizerSpec = z.infer<typeof SanitizerSpec>;
export type ArgCondition = z.infer<typeof ArgCondition>;
export type TaintSpec = z.infer<typeof TaintSpec>;
export type PatternSpec = z.infer<typeof PatternSpec>;
export type RegexSpec = z.infer<typeof RegexSpec>;
export type RuleSpec = z.infer<typeof RuleSpec>;
export type LanguageTaintFile = z.infer<typeof LanguageTaintFile>;
