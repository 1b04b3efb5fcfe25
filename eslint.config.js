// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import zones of ARCHITECTURE.md: app → features → components | api | lib; api and lib stay portable. */
const zone = (files, patterns, message) => ({
  files,
  // Tests may reach across zones (a client test starts the real backend).
  ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/server/contract/**'],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'e2e/screenshots/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  zone(['src/api/**'], ['**/server/**', '**/features/**', '**/app/**', '**/components/**', 'react', 'react-*', '@mui/*', '@tanstack/*', 'node:*'], 'src/api imports only zod and src/lib: it runs in browsers and in Node.'),
  zone(['src/lib/**'], ['**/server/**', '**/features/**', '**/app/**', '**/api/**', 'react', '@mui/*', 'node:*'], 'src/lib holds small pure helpers with no dependencies.'),
  zone(['src/server/**'], ['**/features/**', '**/app/**', '**/components/**', '**/testing/**', 'react', 'react-*', '@mui/*', '@tanstack/*'], 'src/server imports api/schemas and lib, never React or the UI.'),
  zone(['src/features/**', 'src/components/**', 'src/app/**'], ['**/server/**', '**/testing/**', 'node:*'], 'The UI reaches the service only through src/api.'),
);
