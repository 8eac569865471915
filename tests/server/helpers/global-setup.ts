import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A backup of an empty PGlite database with every migration applied (see openTestDatabase). */
    migratedPglite?: string;
  }
}

/** Migrates one PGlite database for the run: each test's database starts from its backup. */
export default async function setup(project: TestProject) {
  const database = await openDatabase({});
  const dir = mkdtempSync(path.join(tmpdir(), 'imsp-migrated-'));
  const file = path.join(dir, 'pglite.tar.gz');
  try {
    writeFileSync(file, await database.backup!());
  } finally {
    await database.close();
  }
  project.provide('migratedPglite', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
