import tailwindcss from '@tailwindcss/vite';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const serverProjects = [
  { name: 'server:pglite', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'server:postgres', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } }]
    : []),
];

/**
 * Hashed build files, whose bytes never change under their name. The service worker, the shell and the
 * manifest keep their names across versions (and a deploy may patch them), so a stale compressed copy
 * could outlive them: the server compresses those per request. Source maps are left to devtools.
 */
const precompressible = /^assets\/.+\.(?:js|css|svg|json|wasm)$/;
const compressors = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  gz: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * Writes `.br` and `.gz` beside every hashed text file of the build at the highest levels, once, so the
 * server sends them as they are. Runs last, once every file of the build is written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'imsp-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((file) =>
          precompressible.test(file.replaceAll(path.sep, '/')),
        );
        const writes = files.flatMap((file) =>
          Object.entries(compressors).map(async ([extension, compressor]) => {
            const data = await readFile(path.join(outDir, file));
            const compressed = await compressor(data);
            // Below the server's 1 KB threshold, or where compression gains nothing, the file is sent as it is.
            if (data.length >= 1024 && compressed.length < data.length) {
              await writeFile(path.join(outDir, `${file}.${extension}`), compressed);
            }
          }),
        );
        await Promise.all(writes);
      },
    },
  };
}

/**
 * The worker is one file. vite-plugin-pwa asks for it with Rollup's `inlineDynamicImports`, which
 * Vite's bundler now warns about on every build; this says the same in its words.
 */
const oneFileWorker: Plugin = {
  name: 'imsp:one-file-worker',
  config(config) {
    const output = config.build?.rollupOptions?.output;
    if (!output || Array.isArray(output)) return;
    delete output.inlineDynamicImports;
    Object.assign(output, { codeSplitting: false });
  },
};

export default defineConfig({
  // The pull's worker (src/client/data/sync/pull.worker.ts) is a module worker.
  worker: { format: 'es' },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/route-tree.gen.ts',
      // Imports with their .tsx extension, so the tree resolves under NodeNext and routes are typed.
      addExtensions: true,
      // Its scratch files stay out of the project's top level.
      tmpDir: 'node_modules/.cache/tanstack-router',
    }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest,wasm}'],
        buildPlugins: { vite: [oneFileWorker] },
      },
      manifest: {
        name: 'Industrial Maintenance & Safety Portal',
        short_name: 'IMSP',
        description: 'Machines, maintenance tickets, safety incidents and preventive maintenance for the plant floor.',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // A lazy chunk's imports load as the browser finds them: the helper that would preload them
    // appends a <link> for each, which cost a slow tablet's page 150-300 ms per screen opened.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  test: {
    // Most test files wait on a database, a server or a browser; vitest's default (cores - 1) would
    // run one file at a time on a 2-core machine.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      ...serverProjects.map(({ name, env }) => ({
        test: {
          name,
          include: ['tests/server/**/*.test.ts'],
          globalSetup: env.TEST_DATABASE_URL ? [] : ['tests/server/helpers/global-setup.ts'],
          env,
          // Each file builds its own app on its own database; no test mocks a module or changes the
          // environment, so the files of a worker share its imports (a fifth of their time otherwise).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/helpers/global-setup.ts'],
          fileParallelism: true,
          // A browser on a loaded two-core machine often takes more than vitest's default second.
          expect: { poll: { timeout: 10_000 } },
          // A test that signs in on several devices or works every screen takes minutes there.
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.ts'],
          globalSetup: ['tests/server/helpers/global-setup.ts'],
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
