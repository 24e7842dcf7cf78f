import type { LanguageSyntax } from './types.ts';

/** JavaScript (and the base TypeScript builds on). */
export const javascript: LanguageSyntax = {
  id: 'javascript',
  extensions: ['js', 'mjs', 'cjs', 'jsx'],
  shebangs: ['node', 'nodejs', 'deno', 'bun'],
  grammar: { package: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm' },
  comments: ['comment', 'html_comment'],
  identifiers: ['identifier', 'shorthand_property_identifier', 'this', 'super'],
  literals: ['string', 'number', 'true', 'false', 'null', 'undefined', 'regex', 'string_fragment'],
  interpolatedStrings: ['template_string'],
  calls: {
    call_expression: { callee: 'function', args: 'arguments' },
    new_expression: { callee: 'constructor', args: 'arguments', isConstructor: true },
  },
  members: { member_expression: { object: 'object', property: 'property' } },
  subscripts: { subscript_expression: { object: 'object', property: 'index' } },
  assignments: {
    assignment_expression: { left: 'left', right: 'right' },
    augmented_assignment_expression: { left: 'left', right: 'right' },
    variable_declarator: { left: 'name', right: 'value' },
    assignment_pattern: { left: 'left', right: 'right' },
  },
  functions: {
    function_declaration: { name: 'name', params: 'parameters', body: 'body' },
    generator_function_declaration: { name: 'name', params: 'parameters', body: 'body' },
    function_expression: { name: 'name', params: 'parameters', body: 'body' },
    function: { name: 'name', params: 'parameters', body: 'body' },
    arrow_function: { params: 'parameters', body: 'body' },
    method_definition: { name: 'name', params: 'parameters', body: 'body' },
  },
  params: {
    identifier: {},
    required_parameter: { name: 'pattern', type: 'type' },
    optional_parameter: { name: 'pattern', type: 'type' },
    assignment_pattern: { name: 'left' },
    object_pattern: {},
    array_pattern: {},
    rest_pattern: {},
  },
  decorators: ['decorator'],
  returns: ['return_statement'],
  ifs: { if_statement: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
  concatenations: ['binary_expression'],
  numericOperators: /^(-|\*|\/|%|\*\*)$/,
  // `parts.push(`name = '${q}'`)`: the array holds the data (not `set`/`append`: a URL's search params would taint the URL).
  mutators: /^(push|unshift|splice|add)$/,
  elementCallbacks: /^(then|map|flatMap|forEach|filter|find|findLast|some|every|reduce|reduceRight)$/,
  elementMappers: /^(then|map|flatMap)$/,
  // Node's own modules under a name of the code's choosing.
  platformModuleBindings:
    /^(?:(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"](?:node:)?(fs|fs\/promises|child_process|http|https|vm|crypto|path|url|os|net|tls|dns|zlib)['"]\s*\)(?:\s*\.\s*(promises))?|import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+['"](?:node:)?(fs|fs\/promises|child_process|http|https|vm|crypto|path|url|os|net|tls|dns|zlib)['"])\s*;?\s*$/,
  objects: { object: { pair: 'pair', key: 'key', value: 'value', shorthand: 'shorthand_property_identifier' } },
  objectPatterns: { object_pattern: { pair: 'pair_pattern', key: 'key', value: 'value', shorthand: 'shorthand_property_identifier_pattern' } },
  ternaries: { ternary_expression: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
  loops: { for_in_statement: { left: 'left', right: 'right', body: 'body' } },
  // The look-up methods of maps, caches, ORMs, database drivers and the file system, unresolved
  // helpers named for a query against a store (`searchProducts(q)`, `loadSettings(id)`), and getters
  // of what a store holds (`getFileData(name)`, `getItem(key)`, `getUserById(id)`). Other getters
  // (`getName(q)`, `getClientIp(req)`) read their answer out of what they are given.
  lookupCalls:
    /^(get|has|getAll|find|findOne|findById|findUnique|findFirst|findOneBy|findBy|findMany|findAll|findByPk|count|countDocuments|exists|query|execute|readFile|readFileSync|createReadStream|fetch)$|^(find|search|load|fetch|list|lookup|count|read)[A-Z]\w*$|^get\w*(Data|File|Files|Content|Contents|Blob|Buffer|Object|Item|Items|Record|Records|Row|Rows|Entry|Entries|By(Id|Pk|Key|Name|Slug))$/,
  exits: ['return_statement', 'throw_statement', 'continue_statement', 'break_statement'],
  switches: { statements: ['switch_statement'], cases: ['switch_case', 'switch_default'] },
  exitCalls: /(^|\.)(exit|sendStatus|redirect)$/,
  classes: ['class_declaration', 'class'],
  selfNames: ['this'],
  // Node's `assert(ok)` / `assert.ok(ok)` and `invariant(ok, msg)` (tiny-invariant, invariant) throw unless the check holds.
  assertionCalls: { holds: /^(assert|assert\.ok|assert\.strict|invariant)$/ },
  constructorNames: ['constructor'],
  bareCallsNeedImport: true,
  extraArgumentsIgnored: true,
  moduleBindings: /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(|\bimport\s+([A-Za-z_$][\w$]*)\s*(?:,|\s+from\b)/g,
  defaultExports: [/^\s*module\.exports\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*$/m, /^\s*export\s+default\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/m, /^\s*export\s+default\s+([A-Za-z_$][\w$]*)\s*;?\s*$/m],
  // `function NAME`, `NAME = (…) =>` / `NAME: function`, a typed `const NAME: T = …`, a method `NAME(…) {`.
  // The second name is taken whole (a look-ahead capture) and only where a word starts: matching
  // `[\w$]+` plainly retries every shorter prefix and every start inside each word, twice the time.
  definitionNames: /\bfunction\b[\s*]*([\w$]+)|(?<![\w$])(?=([\w$]+))\2\s*(?::[^=;\n]*)?[:=]\s*(?:async\b|function\b|\(|[\w$]+\s*=>)|^[ \t]*(?:(?:static|async|get|set|public|private|protected|readonly|override|abstract|export|declare)\s+)*\*?\s*([\w$]+)\s*[(<]/gm,
  // A file is browser code by its `'use client'` directive, a UI library's import or DOM use, server code by
  // a server framework's or Node's own modules; files that show both (server rendering) or neither go by folder.
  handlerParameters: {
    callee: /(^|\.)(get|post|put|patch|delete|del|all|options|head|use)$|(^|\.)createServer$/,
    routeCallee: /(^|\.)(get|post|put|patch|delete|del|all|options|head)$/,
    // A route path: '/users/:id', `/x`, '*', a RegExp literal or an array of paths.
    pathArgument: /^([`'"][/*]|\/|\[)/,
    names: { 2: ['req', 'res'], 3: ['req', 'res', 'next'], 4: ['err', 'req', 'res', 'next'] },
  },
  codeSides: {
    // Each alternative starts with its own character, a line comment runs to the end of its line and a block
    // comment ends at its first `*/`: one way to read any prefix, so a long run of doc comments cannot backtrack.
    directive: /^(?:\s|\/\/[^\n]*(?![^\n])|\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/)*['"]use (client|server)['"]/,
    browser:
      /\bfrom\s+['"](?:react|react-dom(?:\/client)?|vue|svelte|preact|solid-js|@angular\/core|jquery|mobx-react(?:-lite)?|react-router(?:-dom)?)['"]|\b(?:window|localStorage|sessionStorage|navigator)\.\w|\bdocument\.(?:getElementById|getElementsBy\w+|querySelector(?:All)?|createElement|body|cookie|location|referrer|addEventListener)\b/,
    server:
      /(?:\bfrom\s+|\brequire\(\s*)['"](?:express|koa|@koa\/router|koa-router|fastify|@hapi\/hapi|hapi|restify|next\/server|h3|@nestjs\/\w+|(?:node:)?(?:http|https|fs|fs\/promises|child_process|net|cluster))['"]/,
    // Folder names that say the side plainly; `pages/`, `views/` or `services/` hold either.
    browserFolders: /^(client|frontend|front-end|browser|public|static|components|hooks|scenes|stores|assets)$/i,
    serverFolders: /^(server|backend|back-end|api|routes|routers|controllers|middlewares?|handlers|queues|workers|migrations)$/i,
  },
  importPatterns: [
    /require\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    // A project's path aliases (`@server/utils/x`, `@/lib/x`, `~/x`); `@scope/package` has no second slash.
    /(?:\bfrom\s+|require\(\s*)['"]((?:@[\w-]*\/[^'"/]+|~|#[\w-]*)\/[^'"]+)['"]/g,
  ],
  countMembers: /^length$/,
};
