import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'rules/', 'test/fixtures/', 'bench/out/', '.scanner/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // Walking a scope chain starts from `this`.
      '@typescript-eslint/no-this-alias': 'off',
    },
  },
);
