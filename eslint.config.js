// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of ARCHITECTURE.md, enforced:
 *
 *     app → features → components → queries → api → lib
 *
 * Each layer imports only the layers to its right; a feature never imports another feature;
 * the two programs, `gateway` and `backend`, and what they share (`http`) never import React or
 * the UI; the backend never imports the gateway, and the gateway imports the backend only where
 * `npm start` runs it in process (stack.ts); `testing` is for tests. Tests may reach across the
 * layers (a component test starts the real backend), except that nothing imports a feature's
 * internals from outside it. The route table (src/app/route-table.ts) and the layout's values
 * (src/app/layout-values.ts) are data that import nothing: pages read the table for their links
 * and headings, the gateway reads both for its first frame. src/testing/lint-layers.test.ts proves
 * each rule with a fixture.
 */
/** Where React runs. */
const UI = ['src/{app,features,components,queries,testing}/**/*.{ts,tsx}'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/backend/contract/**'];
/** The server side: the two programs and what they share. */
const SERVER = ['./src/gateway', './src/backend', './src/http'];

/** Folders under `dir`, read when lint starts: a new page folder is isolated without editing this file. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const layer = (target, from, message) => ({ target, from, message });

/** Where each layer may not reach (resolved paths, so `../../x` and `./x` are judged alike). */
const zones = [
  layer(
    './src/lib',
    ['./src/api', './src/queries', './src/components', './src/features', './src/app', ...SERVER, './src/testing'],
    'src/lib holds small pure helpers: it imports nothing of the project.',
  ),
  layer(
    './src/api',
    ['./src/queries', './src/components', './src/features', './src/app', ...SERVER, './src/testing'],
    'src/api imports only zod and src/lib: it runs in browsers and in Node.',
  ),
  layer(
    './src/queries',
    ['./src/components', './src/features', './src/app', ...SERVER, './src/testing'],
    'src/queries (query keys, factories, mutations) sits on src/api and src/lib only.',
  ),
  layer(
    './src/components',
    ['./src/features', ...SERVER, './src/testing'],
    'src/components is shared by every page: it may use queries, api and lib, never a feature or the app.',
  ),
  {
    ...layer('./src/components', ['./src/app'], 'src/components is shared by every page: of the app it reads only the route table.'),
    except: ['./route-table.ts'],
  },
  layer('./src/features', [...SERVER, './src/testing'], 'A feature uses queries, components, api and lib; what it needs from app/ belongs in one of those.'),
  {
    ...layer(
      './src/features',
      ['./src/app'],
      'A feature uses queries, components, api and lib, and the route table for its links; what else it needs from app/ belongs in one of those.',
    ),
    except: ['./route-table.ts'],
  },
  layer('./src/app', [...SERVER, './src/testing'], 'The UI reaches the service only through src/api.'),
  ...SERVER.map((dir) =>
    layer(dir, ['./src/features', './src/components', './src/queries', './src/testing'], `${dir.slice(2)} imports api/schemas and lib, never React or the UI.`),
  ),
  // The route table is data (paths, titles, module names): the gateway derives its preloads from it.
  {
    ...layer('./src/gateway', ['./src/app'], 'src/gateway reads only the route table and the layout values of src/app.'),
    except: ['./route-table.ts', './layout-values.ts'],
  },
  layer('./src/backend', ['./src/app', './src/gateway'], 'The reference backend is a program of its own: it never imports the gateway (nor the app).'),
  layer('./src/http', ['./src/app', './src/gateway', './src/backend'], 'src/http is what both programs share: it imports neither program.'),
  // The one place the gateway reaches into the backend: stack.ts runs it in process for `npm start`.
  layer('./src/gateway/**/!(stack).ts', ['./src/backend'], 'The gateway talks to the backend through its upstream; only stack.ts starts it in process.'),
  layer('./src/app/route-table.ts', ['./src'], 'The route table is data only: the server reads it too.'),
  layer('./src/app/layout-values.ts', ['./src'], 'The layout values are data only: the server reads them too.'),
  ...foldersOf('./src/features/').map((name) =>
    layer(
      `./src/features/${name}`,
      ['./src/features'],
      `Features do not import each other: move what src/features/${name} shares into src/components or src/queries.`,
    ),
  ),
].map((zone) => ({
  ...zone,
  ...(zone.from.length === 1 && zone.from[0] === './src' ? { except: ['./app/route-table.ts', './app/layout-values.ts'] } : {}),
  // A feature may import its own files.
  ...(zone.target.startsWith('./src/features/') ? { except: [`./${zone.target.slice('./src/features/'.length)}`] } : {}),
}));

/** Packages a layer may not use (module names, not paths). */
const packages = (files, group, message) => ({
  files,
  ignores: TESTS,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] },
});

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'e2e/screenshots/', 'test-results/', 'playwright-report/', 'reports/', 'lint-fixtures/'] },
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
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    files: UI,
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat['recommended-latest'].rules).map((name) => [name, 'error'])),
  },
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: UI,
    rules: {
      ...Object.fromEntries(Object.keys(config.rules ?? {}).map((name) => [name, 'error'])),
      // Paging options (page size, progress, concurrency) change how a whole list loads, not what it holds;
      // the API client and the query client are one per app, never part of what a key names.
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { types: ['ListAllQueryOptions', 'ApiClient', 'QueryClient'] } }],
    },
  })),
  packages(
    ['src/api/**', 'src/lib/**'],
    ['react', 'react-*', '@mui/*', '@tanstack/*', 'node:*'],
    'src/api and src/lib run in browsers and in Node: no UI, no Node built-ins.',
  ),
  packages(['src/queries/**'], ['@mui/*', 'node:*'], 'src/queries is data only: no UI kit, no Node built-ins.'),
  packages(
    ['src/gateway/**', 'src/backend/**', 'src/http/**', 'src/app/route-table.ts', 'src/app/layout-values.ts'],
    ['react', 'react-*', '@mui/*', '@tanstack/*'],
    'The gateway, the backend, and the route table and layout values the gateway reads never import React or the UI.',
  ),
  packages(['src/features/**', 'src/components/**', 'src/app/**'], ['node:*'], 'The UI runs in the browser.'),
  {
    // Route prefetch modules run while the page's code loads, before React and MUI have been
    // evaluated (src/app/early-start.ts starts them after the first paint): a UI import there
    // would pull the UI into the early chunk and delay the data it exists to start. Types are fine.
    files: ['src/features/**/prefetch-*.ts', 'src/queries/route-prefetch.ts', 'src/app/early-start.ts', 'src/app/route-modules.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*', '@mui/*', '@emotion/*'],
              allowTypeImports: true,
              message: 'A prefetch module starts data before the UI has loaded: no React, router or MUI here (types only).',
            },
            { regex: '\\.tsx$', allowTypeImports: true, message: 'A prefetch module imports no component (a .tsx module): it runs before the UI has loaded.' },
          ],
        },
      ],
    },
  },
  {
    // A journey's `test` must come from e2e/fixtures.ts, which gives each worker its own server (and so its baseURL).
    files: ['e2e/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: "Import test and expect from ./fixtures.ts: it starts the worker's server." }] },
      ],
    },
  },
);
