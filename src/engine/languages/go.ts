import type { LanguageSyntax } from './types.ts';

export const go: LanguageSyntax = {
  id: 'go',
  extensions: ['go'],
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  comments: ['comment'],
  identifiers: ['identifier', 'package_identifier'],
  literals: ['interpreted_string_literal', 'raw_string_literal', 'int_literal', 'float_literal', 'true', 'false', 'nil', 'rune_literal'],
  interpolatedStrings: [],
  concatenations: ['binary_expression'],
  calls: { call_expression: { callee: 'function', args: 'arguments' } },
  members: { selector_expression: { object: 'operand', property: 'field' } },
  subscripts: { index_expression: { object: 'operand', property: 'index' } },
  assignments: {
    assignment_statement: { left: 'left', right: 'right' },
    short_var_declaration: { left: 'left', right: 'right' },
    var_spec: { left: 'name', right: 'value' },
    range_clause: { left: 'left', right: 'right' },
  },
  functions: {
    function_declaration: { name: 'name', params: 'parameters', body: 'body' },
    method_declaration: { name: 'name', params: 'parameters', body: 'body' },
    func_literal: { params: 'parameters', body: 'body' },
  },
  params: {
    parameter_declaration: { name: 'name', type: 'type' },
    variadic_parameter_declaration: { name: 'name', type: 'type' },
  },
  decorators: [],
  returns: ['return_statement'],
  typedDeclarations: { var_spec: 'type' },
  ifs: { if_statement: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
  exits: ['return_statement', 'continue_statement', 'break_statement'],
  exitCalls: /(^|\.)(Error|Fatal\w*|Exit|Abort\w*|AbortWithStatus\w*|Redirect|NotFound|Panic\w*)$/,
  classes: ['type_declaration'],
  selfNames: [],
  mutators: /^(WriteString|Write|WriteByte|WriteRune|Add|Set|Store)$/,
  // `func NAME(`, `func (r T) NAME(`, `NAME := func`
  definitionNames: /\bfunc\s*(?:\([^)]*\)\s*)?(\w+)\s*[[(]|\b(\w+)\s*:?=\s*func\b/g,
  importPatterns: [],
  addressOf: 'unary_expression',
  importSpecs: { node: 'import_spec', name: 'name', path: 'path' },
};
