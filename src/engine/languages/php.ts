import type { LanguageSyntax } from './types.ts';

/** PHP, including files that mix HTML and PHP (the grammar parses both). */
export const php: LanguageSyntax = {
  id: 'php',
  extensions: ['php', 'phtml', 'php3', 'php4', 'php5', 'php7', 'php8', 'phps', 'inc'],
  shebangs: ['php'],
  grammar: { package: 'tree-sitter-php', wasm: 'tree-sitter-php.wasm' },
  comments: ['comment'],
  // Variables carry their `$` (`$_GET`, `$request`); function and class names are `name` nodes.
  identifiers: ['variable_name'],
  literals: ['string', 'nowdoc', 'integer', 'float', 'boolean', 'null', 'string_content', 'text', 'php_tag', 'php_end_tag'],
  interpolatedStrings: ['encapsed_string', 'heredoc', 'shell_command_expression'],
  bracedStringVariable: { node: 'dynamic_variable_name', sigil: '$' },
  calls: {
    function_call_expression: { callee: 'function', args: 'arguments' },
    member_call_expression: { object: 'object', name: 'name', args: 'arguments' },
    nullsafe_member_call_expression: { object: 'object', name: 'name', args: 'arguments' },
    scoped_call_expression: { object: 'scope', name: 'name', args: 'arguments' },
    object_creation_expression: { callee: '#0', args: '#1', isConstructor: true },
  },
  members: {
    member_access_expression: { object: 'object', property: 'name' },
    nullsafe_member_access_expression: { object: 'object', property: 'name' },
    class_constant_access_expression: { object: '#0', property: '#1' },
    scoped_property_access_expression: { object: 'scope', property: 'name' },
  },
  subscripts: { subscript_expression: { object: '#0', property: '#1' } },
  // `['mode' => 'view', 'name' => $name]`: each key keeps its own value (an element without a key has one child).
  objects: { array_creation_expression: { pair: 'array_element_initializer', key: '#0', value: '#1' } },
  assignments: {
    assignment_expression: { left: 'left', right: 'right' },
    augmented_assignment_expression: { left: 'left', right: 'right' },
    reference_assignment_expression: { left: 'left', right: 'right' },
    foreach_statement: { left: '#1', right: '#0' },
  },
  keywordArguments: {},
  functions: {
    function_definition: { name: 'name', params: 'parameters', body: 'body' },
    method_declaration: { name: 'name', params: 'parameters', body: 'body' },
    anonymous_function: { params: 'parameters', body: 'body' },
    arrow_function: { params: 'parameters', body: 'body' },
  },
  params: {
    simple_parameter: { name: 'name', type: 'type' },
    variadic_parameter: { name: 'name', type: 'type' },
    property_promotion_parameter: { name: 'name', type: 'type' },
  },
  decorators: ['attribute'],
  returns: ['return_statement'],
  ifs: {
    if_statement: { condition: 'condition', consequence: 'body', alternative: 'alternative' },
    else_if_clause: { condition: 'condition', consequence: 'body' },
    conditional_expression: { condition: 'condition', consequence: 'body', alternative: 'alternative' },
  },
  formatCalls: /^\\?(sprintf|printf)$/,
  exits: ['return_statement', 'exit_statement', 'throw_expression', 'continue_statement', 'break_statement'],
  throwExpressions: ['throw_expression'],
  switches: { statements: ['switch_statement'], cases: ['case_statement', 'default_statement'] },
  exitCalls: /(^|\.)(abort|abort_if|die|exit|redirect|wp_die|wp_redirect|wp_safe_redirect)$/,
  classes: ['class_declaration', 'trait_declaration', 'interface_declaration', 'enum_declaration'],
  receiverCallsRunMethods: true,
  // An Eloquent model's static finders give a record of the model (`$asset = Asset::findOrFail($id)`), also after
  // eager loading or a query's conditions (`Asset::with('asset')->find($id)`, `Asset::query()->where(…)->first()`).
  constructorCalls:
    /^\\?(?:\w+\\)*([A-Z]\w*)(?:(?:::|->|\.)(?:with|withCount|withTrashed|withoutTrashed|onlyTrashed|query|where\w*|orWhere\w*|latest|oldest|orderBy\w*|select|lockForUpdate|sharedLock)\((?:[^()]|\([^()]*\))*\))*\.(?:find|findOrFail|findOrNew|first|firstOrFail|firstOrNew|firstOrCreate|updateOrCreate|sole|create|make)$/,
  selfNames: ['$this'],
  // Laravel's helpers that abort or throw unless a check holds (`abort_unless(ctype_digit($id), 422)`) or if it does.
  assertionCalls: { holds: /^(abort_unless|throw_unless)$/, fails: /^(abort_if|throw_if)$/ },
  constructorNames: ['__construct'],
  importPatterns: [
    // require __DIR__ . '/../src/auth.php';
    /\b(?:require|include)(?:_once)?\b\s*\(?\s*__DIR__\s*\.\s*['"]\/(\.\.?\/[^'"]+)['"]/g,
    // use App\Repository\UserRepository;  (PSR-4: the vendor prefix is the source root)
    /^use\s+[A-Za-z_]\w*\\([\w\\]+)\s*;/gm,
  ],
  // `'/shelves/' . $slug`: a constant start vets what follows as in a double-quoted string.
  concatenations: ['binary_expression'],
  numericOperators: /^(-|\*|\/|%|\*\*)$/,
  numericWithNumberLiteral: /^\+$/,
  concatOperator: '.',
  extraArgumentsIgnored: true,
  // `function get_request_var($name)` at the top level or in an `if (!function_exists(…))` block.
  globalFunctions: /^[ \t]*function\s+&?\s*([A-Za-z_]\w*)\s*\(/gm,
  dynamicCallee: /^\$/,
  selects: { match_expression: { subject: 'condition' } },
  casts: [
    { node: 'cast_expression', type: 'type', match: /^\(?\s*(int|integer|float|double|bool|boolean)\s*\)?$/ },
    { node: 'cast_expression', type: 'type', match: /^\(?\s*string\s*\)?$/, types: ['NOSQL_INJECTION', 'MASS_ASSIGNMENT'] },
  ],
  ownClassNames: ['self', 'static'],
};
