import { build } from 'vite';
import { clientDir } from './client-dir.ts';

/** The end-to-end tests drive the built app as users get it, service worker included. */
export default async function buildApp() {
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
