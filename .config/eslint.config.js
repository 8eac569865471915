// Lint for the whole repository: typescript-eslint (type-aware), React hooks, and the layer rule that
// makes the one-way import flow of the README checkable (see ./layers.js).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './layers.js';

const root = new URL('..', import.meta.url).pathname;

export default defineConfig(
  { ignores: ['dist/', '.tmp/', 'data/', 'src/client/route-tree.gen.ts', 'src/server/db/migrations/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { layers },
    rules: {
      'layers/one-way': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // TanStack Router's guards end a navigation by throwing redirect() or notFound(), which are not Errors.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
    },
  },
  {
    // A Fastify plugin is async by contract: avvio waits for its promise (or a `done` callback), so a
    // plugin that registers routes without awaiting anything is still correct.
    files: ['src/server/plugins/**/*.ts', 'src/server/routes/**/*.ts', 'src/server/lib/*-routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  { files: ['src/client/**/*.tsx', 'src/client/**/*.ts'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    files: ['sw/**/*.ts'],
    languageOptions: {
      globals: globals.serviceworker,
      parserOptions: { projectService: false, project: `${root}tsconfig.sw.json` },
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
