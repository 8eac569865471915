import { rmSync } from 'node:fs';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { clientDir } from './client-dir.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding the demo plant, copied by every e2e server (see startServer). */
    seededDataDir: string;
  }
}

/** The end-to-end tests drive the built app as users get it, service worker included. */
export async function buildApp() {
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Seeds the demo plant once: a server started on an empty directory seeds it, then stops. */
async function seedDemoPlant(): Promise<string> {
  const server = await startServer();
  await server.stop();
  return server.dataDir;
}

export default async function setup(project: TestProject) {
  await buildApp();
  const seededDataDir = await seedDemoPlant();
  project.provide('seededDataDir', seededDataDir);
  return () => rmSync(seededDataDir, { recursive: true, force: true });
}
