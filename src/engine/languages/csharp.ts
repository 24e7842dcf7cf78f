import type { LanguageSyntax } from './types.ts';

/** C# (ASP.NET Core controllers, minimal APIs, services). */
export const csharp: LanguageSyntax = {
  id: 'csharp',
  extensions: ['cs', 'csx'],
  grammar: { package: 'tree-sitter-c-sharp', wasm: 'tree-sitter-c_sharp.wasm' },
  comments: ['comment'],
  identifiers: ['identifier', 'this', 'base'],
  literals: [
    'string_literal', 'verbatim_string_literal', 'raw_string_literal', 'integer_literal', 'real_literal',
    'boolean_literal', 'null_literal', 'character_literal', 'string_literal_content', 'typeof_expression',
    'default_expression', 'sizeof_expression', 'nameof_expression',
    // The fixed text of an interpolated string (`$"/help/{page}"`), which prefix sanitisers read.
    'interpolation_start', 'string_content',
  ],
  interpolatedStrings: ['interpolated_string_expression'],
  concatenations: ['binary_expression'],
  objectsBuiltByFields: true,
  numericOperators: /^(-|\*|\/|%)$/,
  // `Exec(cmd, env: vars)`: bound to the parameter named env, not to the next position.
  keywordArguments: { argument: { name: 'name' } },
  calls: {
    invocation_expression: { callee: 'function', args: 'arguments' },
    object_creation_expression: { callee: 'type', args: 'arguments', isConstructor: true },
  },
  members: { member_access_expression: { object: 'expression', property: 'name' } },
  subscripts: { element_access_expression: { object: 'expression', property: 'subscript' } },
  // An object initializer (`new Dto { Container = c, Path = p }`) places each value in its property.
  objects: { initializer_expression: { pair: 'assignment_expression', key: 'left', value: 'right' } },
  assignments: {
    assignment_expression: { left: 'left', right: 'right' },
    variable_declarator: { left: 'name', right: '#1' },
    foreach_statement: { left: 'left', right: 'right' },
  },
  functions: {
    method_declaration: { name: 'name', params: 'parameters', body: 'body' },
    constructor_declaration: { name: 'name', params: 'parameters', body: 'body' },
    local_function_statement: { name: 'name', params: 'parameters', body: 'body' },
    lambda_expression: { params: 'parameters', body: 'body' },
    anonymous_method_expression: { params: 'parameters', body: '#-1' },
  },
  params: {
    parameter: { name: 'name', type: 'type' },
    identifier: {},
  },
  decorators: ['attribute'],
  returns: ['return_statement', 'arrow_expression_clause'],
  ifs: {
    if_statement: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' },
    conditional_expression: { condition: 'condition', consequence: 'consequence', alternative: 'alternative' },
  },
  // Records a store looks up by untrusted keys are the store's data (EF Core `Find`/`FirstOrDefaultAsync(x => …)`,
  // repositories' `GetUserByIdAsync(id)`/`FindBy…`/`Load…`), when the called code is not visible; a
  // collection's `Find` still carries its receiver's data.
  // `sql.Append(name)` on a StringBuilder, `list.Add(x)`; `doc.Load(Request.Body)` / `doc.LoadXml(xml)`
  // fill an XmlDocument (or XDocument, DataSet) with what they read.
  // LINQ: the lambda gets each element; `Select` gives what it returns.
  elementCallbacks: /^(Select|SelectMany|ConvertAll|Where|ForEach|Any|All|First|FirstOrDefault|Single|SingleOrDefault|Last|LastOrDefault|OrderBy|OrderByDescending|ThenBy|ThenByDescending|DistinctBy|GroupBy)$/,
  elementMappers: /^(Select|SelectMany|ConvertAll)$/,
  mutators: /^(Append|AppendLine|AppendFormat|Insert|Add|AddRange|Push|Enqueue|Load|LoadXml|ReadXml)$/,
  lookupCalls: /^(Find|FindAsync|FirstOrDefaultAsync|FirstAsync|SingleOrDefaultAsync|SingleAsync)$|^(Get|Find|Load|Fetch)\w*By[A-Z]\w*$|^(Find|Load|Fetch)[A-Z]\w*$/,
  // `string.Format("https://api.example.com/users/{0}", id)` starts with its format's constant text.
  formatCalls: /^(string|String)\.Format$/,
  exits: ['return_statement', 'throw_statement', 'throw_expression', 'continue_statement', 'break_statement'],
  throwExpressions: ['throw_expression'],
  typedDeclarations: { variable_declaration: 'type' },
  switches: { statements: ['switch_statement'], cases: ['switch_section'] },
  classes: ['class_declaration', 'record_declaration', 'struct_declaration', 'interface_declaration'],
  receiverCallsRunMethods: true,
  selfNames: ['this'],
  implicitSelfFields: ['field_declaration', 'property_declaration'],
  inheritedBareCalls: true,
  importPatterns: [],
  namespaces: { declares: /^\s*namespace\s+([\w.]+)/gm, uses: /^\s*(?:global\s+)?using\s+(?:static\s+)?([\w.]+)\s*;/gm },
  selects: { switch_expression: { subject: '#0' } },
  casts: [{ node: 'cast_expression', type: 'type', match: /^(int|long|short|byte|uint|ulong|ushort|sbyte|decimal|double|float|bool|Guid|DateTime|DateTimeOffset)\??$/ }],
  // Not char: one character can be a line break; nor a byte array, which holds the text's own bytes.
  scalarParameters: /^(?:(?:System\.)?(?:(?:int|long|short|uint|ulong|ushort|decimal|double|float|bool|Int16|Int32|Int64|UInt16|UInt32|UInt64|Decimal|Double|Single|Boolean|Guid|DateTime|DateTimeOffset|DateOnly|TimeOnly|TimeSpan)\??(?:\[\])?|(?:byte|sbyte|Byte|SByte)\??)|(?:IEnumerable|ICollection|IList|IReadOnlyList|IReadOnlyCollection|List|HashSet|ISet)<(?:int|long|short|byte|uint|ulong|Guid)\??>)$/,
  countMembers: /^(Length|LongLength|Count)$/,
};
