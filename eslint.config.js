// One linter for the whole monorepo; formatting is Prettier's job (eslint-config-prettier turns off clashes).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/server/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'focused test',
        },
      ],
    },
  },
  {
    // the console, and browser tests whose callbacks run in the page
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/web.mjs', 'bench/live-map.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // React's rules of hooks: hooks only at the top of components and hooks, and effects that list what they read
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
);
