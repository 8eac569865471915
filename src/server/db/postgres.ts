import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { changeChannel, createDatabase, migrationsFolder, type Database, type Db } from './database.ts';
import * as schema from './schema.ts';

const migrationLockKey = 7_341_002;

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // an idle client's error is reported by the next query that uses the pool
  await migrateWithLock(url);
  const db = drizzle(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  let closed = false;
  const database = createDatabase(
    db,
    'postgres',
    async function listen(onChange) {
      listener = new pg.Client({ connectionString: url });
      listener.on('notification', onChange);
      listener.on('error', () => {
        // Changes may be missed while reconnecting, so treat the gap as a change.
        onChange();
        if (!closed) setTimeout(() => void listen(onChange).catch(() => {}), 1000);
      });
      await listener.connect();
      await listener.query(`listen ${changeChannel}`);
    },
    async () => {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
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
