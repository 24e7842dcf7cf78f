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
  objectsBuiltByFields: true,
  numericOperators: /^(-|\*|\/|%)$/,
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
  constructorCalls: /^(?:[a-z_]\w*\.)?New([A-Z]\w*)$/,
  typedLiterals: ['composite_literal'],
  // A struct literal keeps each field's value apart (`&params{endpoint: e, node: r.FormValue("node")}`).
  objects: { literal_value: { pair: 'keyed_element', key: 'key', value: 'value', mapTypes: ['map_type'] } },
  ifs: { if_statement: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
  formatCalls: /^fmt\.(Sprintf|Printf|Fprintf|Errorf|Appendf)$/,
  // The string package's functions return the text they were given, changed in case, space or separators, and `append`
  // the slice with the values added: the data itself.
  copyCalls: /^(strings|bytes)\.(ToLower|ToUpper|ToTitle|Title|TrimSpace|Trim|TrimLeft|TrimRight|TrimPrefix|TrimSuffix|TrimFunc|Replace|ReplaceAll|Join|Fields|Split|SplitN|SplitAfter)$|^(string|\[\]byte|append)$/,
  exits: ['return_statement', 'continue_statement', 'break_statement'],
  switches: { statements: ['expression_switch_statement', 'type_switch_statement', 'select_statement'], cases: ['expression_case', 'type_case', 'communication_case', 'default_case'] },
  exitCalls: /(^|\.)(Error|Fatal\w*|Exit|Abort\w*|AbortWithStatus\w*|Redirect|NotFound|Panic\w*)$/,
  classes: ['type_declaration'],
  receiverCallsRunMethods: true,
  selfNames: [],
  errorResultLast: true,
  // Numbers, truth values, times and ids hold no text: a value converted to one (a parameter, a struct field or a
  // variable `rows.Scan` fills) carries no markup or SQL.
  scalarParameters: /^\*?(u?int(8|16|32|64)?|float(32|64)|bool|byte|rune|uintptr|time\.(Time|Duration)|uuid\.UUID|sql\.Null(Int16|Int32|Int64|Float64|Bool|Time|Byte))$/,
  namesBeforeTypes: true,
  mutators: /^(WriteString|Write|WriteByte|WriteRune|Add|Set|Store)$/,
  // `func NAME(`, `func (r T) NAME(`, `NAME := func`
  definitionNames: /\bfunc\s*(?:\([^)]*\)\s*)?(\w+)\s*[[(]|\b(\w+)\s*:?=\s*func\b/g,
  importPatterns: [],
  addressOf: 'unary_expression',
  importSpecs: { node: 'import_spec', name: 'name', path: 'path' },
};
