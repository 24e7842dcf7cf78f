import type { LanguageSyntax } from './types.ts';

export const java: LanguageSyntax = {
  id: 'java',
  extensions: ['java'],
  grammar: { package: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
  comments: ['line_comment', 'block_comment'],
  identifiers: ['identifier', 'this'],
  literals: ['string_literal', 'decimal_integer_literal', 'true', 'false', 'null_literal', 'character_literal', 'class_literal'],
  interpolatedStrings: ['template_expression'],
  concatenations: ['binary_expression'],
  calls: {
    method_invocation: { object: 'object', name: 'name', args: 'arguments' },
    object_creation_expression: { callee: 'type', args: 'arguments', isConstructor: true },
  },
  members: { field_access: { object: 'object', property: 'field' } },
  subscripts: { array_access: { object: 'array', property: 'index' } },
  assignments: {
    assignment_expression: { left: 'left', right: 'right' },
    variable_declarator: { left: 'name', right: 'value' },
    enhanced_for_statement: { left: 'name', right: 'value' },
    resource: { left: 'name', right: 'value' },
  },
  functions: {
    method_declaration: { name: 'name', params: 'parameters', body: 'body' },
    constructor_declaration: { name: 'name', params: 'parameters', body: 'body' },
    lambda_expression: { params: 'parameters', body: 'body' },
  },
  params: {
    formal_parameter: { name: 'name', type: 'type' },
    spread_parameter: { type: 'type' },
    identifier: {},
    inferred_parameters: {},
  },
  decorators: ['annotation', 'marker_annotation'],
  returns: ['return_statement'],
  ifs: { if_statement: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
  ternaries: { ternary_expression: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' } },
  typedDeclarations: { local_variable_declaration: 'type', field_declaration: 'type' },
  formatCalls: /^(String\.format|\w+\.printf|\w+\.format)$/,
  exits: ['return_statement', 'throw_statement', 'continue_statement', 'break_statement'],
  switches: { statements: ['switch_expression', 'switch_statement'], cases: ['switch_block_statement_group', 'switch_rule'] },
  classes: ['class_declaration', 'interface_declaration', 'record_declaration', 'enum_declaration'],
  annotationTypes: ['annotation_type_declaration'],
  // Spring's Assert, Guava's Preconditions and Commons Lang's Validate throw unless the check holds.
  assertionCalls: { holds: /^((org\.springframework\.util\.)?Assert\.(isTrue|state)|(com\.google\.common\.base\.)?Preconditions\.(checkArgument|checkState)|(org\.apache\.commons\.lang3?\.)?Validate\.(isTrue|validState))$/ },
  selfNames: ['this'],
  implicitSelfFields: ['field_declaration'],
  // Not char or Character: one character can be a line break.
  scalarParameters: /^(?:final\s+)?(?:(?:java\.lang\.|java\.math\.|java\.util\.|java\.time\.)?(?:int|long|short|byte|double|float|boolean|Integer|Long|Short|Byte|Double|Float|Boolean|BigDecimal|BigInteger|Number|UUID|Date|LocalDate|LocalDateTime|LocalTime|Instant|OffsetDateTime|ZonedDateTime|Duration)(?:\[\])*|(?:List|Set|Collection|Iterable|ArrayList|LinkedList|HashSet|LinkedHashSet|SortedSet|TreeSet|Optional)<(?:Integer|Long|Short|Byte|Double|Float|Boolean|BigDecimal|BigInteger|UUID)>)$/,
  inheritedBareCalls: true,
  mutators: /^(append|insert|add|addAll|addFirst|addLast|put|putAll|putIfAbsent|offer|push|set|setProperty|write|print|println|printf|format)$/,
  keyedAccess: { write: /^(put|putIfAbsent|setProperty)$/, read: /^(get|getOrDefault|getProperty|remove)$/ },
  // a method or constructor `T NAME(` / `public NAME(`, or a lambda `NAME = (…) ->`
  definitionNames: /(?:^|[^\w$.])(?!(?:return|new|throw|else|case|yield)\s)[\w$]+(?:<[^;{}()]*>)?(?:\[\])*\s+([\w$]+)\s*\(|([\w$]+)\s*=\s*(?:\(|[\w$]+\s*->)/gm,
  importPatterns: [],
  memberImports: /^import\s+static\s+(?:[\w$]+\s*\.\s*)*?([\w$]+\s*\.\s*([\w$]+))\s*;/,
  countMembers: /^length$/,
};
