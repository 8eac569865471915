import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const changeChannel = 'imsp_changes';
// Serialises writers so that change_seq order is commit order: /api/sync can then never skip a change.
const writeLockKey = 7_341_001;
const migrationLockKey = 7_341_002;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Grows on every committed change, from this server at once and from the others through LISTEN/NOTIFY. */
  version(): number;
  /** A write transaction holding the next change sequence number; readers of the change feed see commits in order. */
  write<T>(work: (tx: Tx, changeSeq: number) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Rows of a raw `execute`, whose result type differs between the PGlite and node-postgres drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent PGlite runs in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

function createDatabase(
  db: Db,
  kind: Database['kind'],
  subscribe: (onChange: () => void) => Promise<void>,
  close: () => Promise<void>,
): Database & { ready: Promise<void> } {
  let version = 0;
  const bump = () => {
    version += 1;
  };
  return {
    db,
    kind,
    ready: subscribe(bump),
    version: () => version,
    async write(work) {
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${writeLockKey})`);
        const result = await tx.execute(sql`select nextval('change_seq')::text as seq, pg_notify(${changeChannel}, '')`);
        return work(tx, Number(rowsOf<{ seq: string }>(result)[0]!.seq));
      });
      bump();
      return result;
    },
    close,
  };
}

async function openPglite(dataDir?: string): Promise<Database> {
  let location: string | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const database = createDatabase(
    db,
    'pglite',
    async (onChange) => {
      await client.listen(changeChannel, onChange);
    },
    () => client.close(),
  );
  await database.ready;
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // an idle client's error is reported by the next query that uses the pool
  await migrateWithLock(url);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}
