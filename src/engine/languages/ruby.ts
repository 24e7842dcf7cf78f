import type { LanguageSyntax } from './types.ts';

/**
 * Ruby. Every `a.b` is a call (there is no field access), so calls carry the
 * member chains; a bare `params` is an identifier that may be a method call.
 */
export const ruby: LanguageSyntax = {
  id: 'ruby',
  extensions: ['rb', 'rake', 'gemspec', 'ru', 'jbuilder'],
  shebangs: ['ruby', 'jruby', 'rackup'],
  grammar: { package: 'tree-sitter-ruby', wasm: 'tree-sitter-ruby.wasm' },
  comments: ['comment'],
  identifiers: ['identifier', 'constant', 'instance_variable', 'class_variable', 'global_variable', 'self'],
  literals: ['integer', 'float', 'true', 'false', 'nil', 'simple_symbol', 'hash_key_symbol', 'string_content', 'escape_sequence', 'regex', 'heredoc_beginning', 'heredoc_content', 'heredoc_end', 'character', 'rational', 'complex'],
  interpolatedStrings: ['string', 'subshell', 'heredoc_body', 'delimited_symbol', 'string_array'],
  heredoc: { beginning: 'heredoc_beginning', body: 'heredoc_body' },
  concatenations: ['binary'],
  calls: { call: { object: 'receiver', name: 'method', args: 'arguments' } },
  members: { scope_resolution: { object: 'scope', property: 'name' } },
  subscripts: { element_reference: { object: 'object', property: '#1' } },
  assignments: {
    assignment: { left: 'left', right: 'right' },
    operator_assignment: { left: 'left', right: 'right' },
    for: { left: 'pattern', right: 'value' },
  },
  keywordArguments: { pair: { name: 'key', value: 'value' } },
  functions: {
    method: { name: 'name', params: 'parameters', body: 'body' },
    singleton_method: { name: 'name', params: 'parameters', body: 'body' },
    block: { params: 'parameters', body: 'body' },
    do_block: { params: 'parameters', body: 'body' },
    lambda: { params: 'parameters', body: 'body' },
  },
  params: {
    identifier: {},
    optional_parameter: { name: 'name' },
    keyword_parameter: { name: 'name' },
    splat_parameter: { name: 'name' },
    hash_splat_parameter: { name: 'name' },
    block_parameter: { name: 'name' },
    destructured_parameter: {},
  },
  decorators: [],
  returns: ['return'],
  ifs: {
    if: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' },
    elsif: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' },
    unless: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' },
    if_modifier: { condition: 'condition', consequence: 'body' },
    unless_modifier: { condition: 'condition', consequence: 'body' },
    conditional: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' },
  },
  formatCalls: /^(format|sprintf|Kernel\.(format|sprintf))$/,
  exits: ['return', 'next', 'break', 'redo', 'retry'],
  switches: { statements: ['case', 'case_match'], cases: ['when', 'in_clause', 'else'] },
  exitCalls: /(^|\.)(raise|fail|head|redirect_to|render|halt|abort|exit|not_found!|forbidden!)$/,
  classes: ['class', 'module'],
  receiverCallsRunMethods: true,
  selfNames: ['self'],
  inheritedBareCalls: true,
  sourceRootsAreMethods: true,
  importPatterns: [/^\s*require_relative\s+['"]([^'"]+)['"]/gm],
  implicitReturn: true,
  routeFiles: /(^|\/)config\/routes(\/[\w/-]+)?\.rb$/,
  // A model's finders give a record of the class (`Attachment.find(id)`, `User.find_by(login: x)`), as `Foo.new` does.
  constructorCalls: /^(?:[A-Z]\w*::)*([A-Z]\w*)\.(?:find|find_by!?|find_by_\w+?!?|find_or_create_by!?|find_or_initialize_by|create!?|first!?|last!?|take!?)$/,
  // `"ids #{ids}"` prints `Array#inspect`: `["1", "2\\n3"]`.
  reprContainers: { interpolation: 'interpolation', containers: ['array', 'hash'] },
  bareCalls: true,
};

/** ERB views: the Ruby inside `<% %>` / `<%= %>`, parsed as Ruby with the markup blanked out. */
export const erb: LanguageSyntax = {
  ...ruby,
  id: 'erb',
  extensions: ['erb', 'rhtml'],
  shebangs: [],
  template: {
    grammar: { package: 'tree-sitter-embedded-template', wasm: 'tree-sitter-embedded_template.wasm' },
    code: ['code'],
    separator: ';',
    rawOutput: { prefix: '<%==', open: 'raw(', close: ');' },
  },
};
