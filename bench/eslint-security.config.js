// The ESLint set a JavaScript/TypeScript team would otherwise run for security:
// eslint-plugin-security (recommended) and @microsoft/eslint-plugin-sdl
// (required). Used by bench/speed.ts only. sdl's own "recommended" also
// registers an older eslint-plugin-security under the same name, so it is
// not used here.
import security from 'eslint-plugin-security';
import sdl from '@microsoft/eslint-plugin-sdl';
import tseslint from 'typescript-eslint';

export default [
  {
    files: ['**/*.{js,mjs,cjs,jsx}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
  },
  {
    files: ['**/*.{ts,mts,cts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
  },
  security.configs.recommended,
  ...sdl.configs.required,
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
