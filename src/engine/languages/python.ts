import type { LanguageSyntax } from './types.ts';

export const python: LanguageSyntax = {
  id: 'python',
  extensions: ['py', 'pyw'],
  shebangs: ['python', 'python2', 'python3'],
  grammar: { package: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  comments: ['comment'],
  identifiers: ['identifier'],
  literals: ['integer', 'float', 'true', 'false', 'none', 'string_content', 'escape_sequence'],
  interpolatedStrings: ['string', 'concatenated_string'],
  concatenations: ['binary_operator'],
  calls: { call: { callee: 'function', args: 'arguments' } },
  members: { attribute: { object: 'object', property: 'attribute' } },
  subscripts: { subscript: { object: 'value', property: 'subscript' } },
  assignments: {
    assignment: { left: 'left', right: 'right' },
    augmented_assignment: { left: 'left', right: 'right' },
    named_expression: { left: 'name', right: 'value' },
    for_statement: { left: 'left', right: 'right' },
    for_in_clause: { left: 'left', right: 'right' },
    as_pattern: { left: 'alias' },
  },
  keywordArguments: { keyword_argument: { name: 'name', value: 'value' } },
  // Dict literals keep what each key holds (a query filter `{"name": name}`, an options dict).
  objects: { dictionary: { pair: 'pair', key: 'key', value: 'value' } },
  functions: {
    function_definition: { name: 'name', params: 'parameters', body: 'body' },
    lambda: { params: 'parameters', body: 'body' },
  },
  params: {
    identifier: {},
    typed_parameter: { type: 'type' },
    default_parameter: { name: 'name' },
    typed_default_parameter: { name: 'name', type: 'type' },
    list_splat_pattern: {},
    dictionary_splat_pattern: {},
  },
  decorators: ['decorator'],
  returns: ['return_statement'],
  ifs: { if_statement: { condition: 'condition', consequence: 'consequence' } },
  // `a if cond else b` has no field names: the arms are children 0 and 2, the condition child 1.
  ternaries: { conditional_expression: { condition: '#1', consequence: '#0', alternative: '#2' } },
  // Records looked up by untrusted values are the database's data, not the values (Django's ORM,
  // DB-API cursors, SQLAlchemy): `Page.objects.get(id=request.POST["id"])`, `qs.first()`. Not
  // `filter`: the builtin `filter(None, xs)` keeps its data (querysets' `.filter()` is a sanitiser
  // in rules/python/sources.yaml, which a bare call does not match).
  // `clauses.append(f"name = '{q}'")`: the list holds the data.
  mutators: /^(append|extend|insert|add|setdefault)$/,
  // A dict read by a fixed key (`values.get("keyA")`, `pop`) gives that entry, as `values["keyA"]` does.
  keyedAccess: { write: /^setdefault$/, read: /^(get|pop|setdefault)$/ },
  formatMethod: 'format',
  copyCalls: /^(dict|list|tuple|set|frozenset|sorted|reversed|zip|enumerate|copy\.copy|copy\.deepcopy)$/,
  lookupCalls:
    /^(get|get_or_create|first|last|latest|earliest|in_bulk|fetchone|fetchall|fetchmany|scalar|scalars|one|one_or_none|scalar_one|scalar_one_or_none)$/,
  exits: ['return_statement', 'raise_statement', 'continue_statement', 'break_statement'],
  switches: { statements: ['match_statement'], cases: ['case_clause'] },
  exitCalls: /(^|\.)(abort|exit|_exit|redirect)$/,
  classes: ['class_definition'],
  receiverCallsRunMethods: true,
  selfNames: ['self', 'cls'],
  fieldValidators: /^@\s*(?:pydantic\.)?(?:field_)?validator\(/,
  metadataMembers: /^(pk|_meta|Meta|__class__|__name__|__qualname__|__module__|__doc__|DoesNotExist|MultipleObjectsReturned)$/,
  bareCallsNeedImport: true,
  constructorNames: ['__init__'],
  comprehensions: ['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression'],
  comprehensionFilters: ['if_clause'],
  // `f"sent to {addresses}"` prints the list's repr: `['a@x.org', 'b\\nc']`.
  reprContainers: {
    interpolation: 'interpolation',
    containers: ['list', 'tuple', 'set', 'dictionary', 'list_comprehension', 'set_comprehension', 'dictionary_comprehension'],
    modifiers: ['type_conversion', 'format_specifier'],
    // `f"for {email!r}"` and `f"for {email=}"` print `repr(email)`: `email='a\\nb'`.
    reprConversion: { node: 'type_conversion', text: /^!(r|a)$/, selfDocumenting: '=', formatSpecifier: 'format_specifier' },
  },
  importAliases: { aliased_import: { name: 'name', alias: 'alias' } },
  // `def NAME(` or `NAME = lambda …`
  definitionNames: /\bdef\s+(\w+)\s*\(|\b(\w+)\s*=\s*lambda\b/g,
  importPatterns: [/^\s*from\s+(\.[\w.]*)\s+import\b/gm, /^\s*from\s+([\w.]+)\s+import\b/gm, /^\s*import\s+([\w.]+)/gm],
};
