import type { LanguageSyntax } from './types.ts';
import { javascript } from './javascript.ts';

const typescriptBase = {
  ...javascript,
  literals: [...javascript.literals],
  functions: {
    ...javascript.functions,
    function_signature: { name: 'name', params: 'parameters' },
  },
  calls: { ...javascript.calls },
  assignments: {
    ...javascript.assignments,
    public_field_definition: { left: 'name', right: 'value' },
  },
  // `x as T` and `x!` keep the value they wrap; the default "taint of children" rule covers them.
};

export const typescript: LanguageSyntax = {
  ...typescriptBase,
  id: 'typescript',
  extensions: ['ts', 'mts', 'cts'],
  shebangs: ['ts-node', 'tsx'],
  grammar: { package: 'tree-sitter-typescript', wasm: 'tree-sitter-typescript.wasm' },
};

export const tsx: LanguageSyntax = {
  ...typescriptBase,
  id: 'tsx',
  extensions: ['tsx'],
  shebangs: [],
  grammar: { package: 'tree-sitter-typescript', wasm: 'tree-sitter-tsx.wasm' },
};
