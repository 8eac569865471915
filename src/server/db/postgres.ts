import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createDatabase, migrationsFolder, type Database, type Db } from './database.ts';
import {
  connectionTimeoutMillis,
  listenForChanges,
  logToStderr,
  type ChangeListener,
  type DatabaseLog,
} from './postgres-listener.ts';
import * as schema from './schema.ts';

const migrationLockKey = 7_341_002;

/**
 * Connecting to a database that is down fails fast (and is answered 503). The pool's own timeout is
 * left off: it would also fail requests that merely wait their turn for a connection under load.
 */
class FailFastClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis });
  }
}

export async function openPostgres(url: string, log: DatabaseLog = logToStderr): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: FailFastClient });
  pool.on('error', () => {}); // an idle client's error is reported by the next query that uses the pool
  await migrateWithLock(url);
  const db = drizzle(pool, { schema }) as unknown as Db;
  let listener: ChangeListener | undefined;
  const database = createDatabase(
    db,
    'postgres',
    async (onChange) => {
      listener = await listenForChanges(url, onChange, log);
    },
    async () => {
      await listener?.close();
      await pool.end();
    },
    () => listener?.isListening() ?? false,
  );
  await database.ready;
  return database;
}

/** Several app servers may start together: one migrates while the others wait on the lock. */
async function migrateWithLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}
