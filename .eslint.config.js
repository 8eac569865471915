// The rules oxlint (.oxlintrc.json) cannot run: the layer rule that makes the one-way import flow of
// src/docs/architecture.md checkable, React's hooks and compiler rules, and the client's restrictions.
// The general and type-aware rules run in oxlint over src, sw and tests, in a fraction of the time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = new URL('.', import.meta.url).pathname;

/** package.json's `imports` (`#shared/*` -> `./src/shared/*`) as [prefix, folder] pairs. */
const aliases = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports).map(
  ([pattern, target]) => [pattern.slice(0, -1), path.join(root, target.slice(0, -1))],
);

/** The file an import names, or null for a package. */
function resolveSource(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  const alias = aliases.find(([prefix]) => source.startsWith(prefix));
  return alias ? path.join(alias[1], source.slice(alias[0].length)) : null;
}

// The one-way import flow of src/docs/architecture.md as a lint rule: shared <- server | client; inside the client,
// app (routes, layout) -> features -> data / components / lib, and a feature reaches into another
// feature only when that one is declared shared below.

/**
 * Features whose modules other features may use: the attachments section of tickets and incidents,
 * the machines' "back to Running?" prompt that resolving a ticket offers, the permits to work a ticket
 * or schedule shows, the list and detail scaffolds of numbered records (tickets, incidents), the QR
 * label sheets and the camera scanner that parts' labels reuse, and the labour and cost a ticket shows.
 */
const sharedFeatures = ['attachments', 'costs', 'machines', 'parts', 'permits', 'records', 'labels', 'scan'];

/** The layer a file belongs to, or null for files the rule does not govern (tests, config). */
function layerOf(file) {
  const relative = path.relative(root, file).split(path.sep);
  const [top, second, third] = relative;
  if (top === 'sw') return 'sw';
  if (top !== 'src') return null;
  if (second === 'shared') return second;
  if (second === 'server') {
    if (third === 'config.ts') return 'server:config';
    return serverLayers.includes(third) ? `server:${third}` : 'server';
  }
  if (second !== 'client') return null;
  if (third === 'features') return `feature:${relative[3]}`;
  if (['data', 'components', 'lib'].includes(third)) return third;
  return 'app'; // routes, layout, main.tsx, router.tsx
}

/**
 * The server's folders: only repositories (and the code that opens, seeds or copies the database)
 * touch it; lib holds helpers any layer may use and imports none of them.
 */
const serverLayers = ['lib', 'db', 'repositories', 'routes', 'plugins', 'seed', 'backup'];

const allowed = {
  shared: ['shared'],
  server: ['server', 'server:config', ...serverLayers.map((layer) => `server:${layer}`), 'shared'],
  'server:config': ['server:config', 'shared'],
  'server:lib': ['server:lib', 'shared'],
  'server:db': ['server:db', 'server:lib', 'shared'],
  'server:repositories': ['server:repositories', 'server:db', 'server:lib', 'shared'],
  'server:routes': ['server:routes', 'server:config', 'server:lib', 'shared'],
  'server:plugins': ['server:plugins', 'server:repositories', 'server:db', 'server:lib', 'shared'],
  'server:seed': ['server:seed', 'server:config', 'server:repositories', 'server:db', 'server:lib', 'shared'],
  'server:backup': ['server:backup', 'server:config', 'server:repositories', 'server:db', 'server:lib', 'shared'],
  sw: ['sw', 'shared'],
  app: ['app', 'feature:*', 'data', 'components', 'lib', 'shared'],
  data: ['data', 'lib', 'shared'],
  components: ['components', 'data', 'lib', 'shared'],
  lib: ['lib', 'shared'],
  feature: ['data', 'components', 'lib', 'shared'],
};

function mayImport(from, to) {
  if (from === to) return true;
  const rules = from.startsWith('feature:') ? allowed.feature : allowed[from];
  if (!to.startsWith('feature:')) return rules.includes(to);
  return rules.includes('feature:*') || (from.startsWith('feature:') && sharedFeatures.includes(to.slice(8)));
}

const oneWay = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way between the layers (src/docs/architecture.md).' },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      const target = typeof source === 'string' && resolveSource(context.filename, source);
      if (!target) return;
      const to = layerOf(target);
      if (to && !mayImport(from, to)) {
        context.report({ node: node.source, message: `${from} may not import ${to} (${source})` });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const layers = { rules: { 'one-way': oneWay } };

export default defineConfig(
  { ignores: ['dist/', '.tmp/', 'data/', 'src/client/route-tree.gen.ts', 'src/server/db/migrations/'] },
  tseslint.configs.base,
  { files: ['**/*.{ts,tsx}'], plugins: { layers }, rules: { 'layers/one-way': 'error' } },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The React Compiler's rules parse a file again: they run where components and hooks live
    // (components in .tsx, hooks in use-*.ts and the few modules that keep a hook beside its data).
    files: [
      'src/client/**/*.tsx',
      'src/client/**/use-*.ts',
      'src/client/data/session/session.ts',
      'src/client/features/analytics/chart-theme.ts',
      'src/client/features/requests/triage/triage-queries.ts',
      'src/client/lib/color-scheme.ts',
      'src/client/lib/period-changes.ts',
    ],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Plants serve the app over plain HTTP on a LAN name, where these exist only in secure contexts.
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'crypto', property: 'randomUUID', message: 'Use newId() from src/shared/ids.ts.' },
        { object: 'crypto', property: 'subtle', message: 'crypto.subtle needs a secure context.' },
      ],
      // Dexie follows a live query's reads past native awaits only when the querier itself is async:
      // a plain function returning an async helper's promise stops watching after the helper's first await.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^(useLiveQuery|liveQuery)$/] > :function[async=false]',
          message: 'Make the live query async (`async () => await ...`) so Dexie watches every read.',
        },
      ],
    },
  },
  {
    // The screens' live queries are counted, so that a first sync gives them their turn (data/store/screen-reads.ts).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/data/store/use-live-query.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'dexie-react-hooks', message: 'Use useLiveQuery from data/store/use-live-query.ts.' }] },
      ],
    },
  },
);
