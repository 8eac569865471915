import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { checkDataDir, lockDataDir } from '../lib/data-dir.ts';
import { changeChannel, createDatabase, onePlaceholder, stampStatement, type Database, type Db } from './database.ts';
import { PgliteWorkerClient } from './pglite-client.ts';
import type { WorkerOptions } from './pglite-protocol.ts';
import type { DatabaseLog } from './recovery.ts';
import * as schema from './schema.ts';

/**
 * PGlite in a worker thread (see pglite-worker.ts), persisted to DATA_DIR/pgdata, or in memory
 * without a data directory (tests). One server at a time may use a data directory. `restoreFrom`
 * fills an empty directory with a backup first (src/server/backup).
 */
export async function openPglite(
  dataDir?: string,
  log?: DatabaseLog,
  { restoreFrom }: Pick<WorkerOptions, 'restoreFrom'> = {},
): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    checkDataDir(dataDir);
    unlock = lockDataDir(dataDir);
  }
  const location = dataDir && path.resolve(dataDir, 'pgdata');
  let client: PgliteWorkerClient;
  try {
    client = await PgliteWorkerClient.start({ location, restoreFrom }, log);
  } catch (error) {
    unlock();
    throw error;
  }
  // Drizzle's PGlite driver needs only query and transaction, which the worker client provides.
  const db = drizzle(client as never, { schema }) as unknown as Db;
  const writer = drizzle(client.committingWith(stampStatement(onePlaceholder)) as never, { schema }) as unknown as Db;
  const database = createDatabase({
    db,
    writer,
    stampsAtCommit: true,
    kind: 'pglite',
    storage: location ? `the embedded database's directory ${location} (DATA_DIR/pgdata)` : 'memory',
    parallelism: 16,
    subscribe: (onChange) => client.listen(changeChannel, onChange),
    backup: () => client.backup(),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  });
  await database.ready;
  return database;
}
