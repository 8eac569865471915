import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import type { DatabaseLog } from './recovery.ts';
import { openPostgres } from './postgres.ts';

export { rowsOf, type Database, type Db, type Tx } from './database.ts';

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent PGlite runs in memory (tests). */
  dataDir?: string;
  /** Where trouble with the database is reported (standard error by default). */
  log?: DatabaseLog;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.log) : openPglite(options.dataDir, options.log);
}
