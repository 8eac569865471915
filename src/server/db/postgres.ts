import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createDatabase, migrationsFolder, type Database, type Db } from './database.ts';
import { connectionTimeoutMillis, listenForChanges, type ChangeListener } from './postgres-listener.ts';
import { logToStderr, type DatabaseLog } from './recovery.ts';
import * as schema from './schema.ts';

const migrationLockKey = 7_341_002;
// Writes spend most of their time waiting on round trips, so they get more connections than reads.
export const poolSizes = { reads: 10, writes: 30 };

/**
 * Connecting to a database that is down fails fast (and is answered 503). The pool's own timeout is
 * left off: it would also fail requests that merely wait their turn for a connection under load.
 */
class FailFastClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis });
    // A lost connection also fails the queries it carried, which answer 503; node-postgres emits it as
    // well, and an 'error' event nobody listens to would end the process (the pool listens only while
    // the client is idle in it, not while a request holds it).
    this.on('error', () => {});
  }
}

type ConnectCallback = Parameters<pg.Pool['connect']>[0] & {};

/**
 * Drizzle releases a transaction's client only if its BEGIN succeeded, so a client whose connection
 * broke during BEGIN stayed checked out for ever, and a few database restarts under load left the
 * pool with no connection to give. A client checked out this way is released (and so dropped) as
 * soon as its connection breaks; the release Drizzle may still make is then ignored.
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback) {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenBroken);
  }
}

function releasedWhenBroken(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', releaseOnce);
    release(error);
  };
  client.once('error', releaseOnce);
  client.release = releaseOnce;
  return client;
}

export async function openPostgres(url: string, log: DatabaseLog = logToStderr): Promise<Database> {
  // Reads and writes have a pool each, so that a burst of writes (which wait their turn for the write
  // lock holding a connection) never leaves the reads without one.
  const pools = [openPool(url, poolSizes.reads), openPool(url, poolSizes.writes)] as const;
  await migrateWithLock(url);
  const [db, writer] = pools.map((pool) => drizzle(pool, { schema }) as unknown as Db) as [Db, Db];
  let listener: ChangeListener | undefined;
  const database = createDatabase({
    db,
    writer,
    kind: 'postgres',
    storage: `the storage of the PostgreSQL server ${storageName(url)}`,
    parallelism: poolSizes.reads + poolSizes.writes,
    subscribe: async (onChange) => {
      listener = await listenForChanges(url, onChange, log);
    },
    close: async () => {
      await listener?.close();
      await Promise.all(pools.map((pool) => pool.end()));
    },
    isListening: () => listener?.isListening() ?? false,
  });
  await database.ready;
  return database;
}

/** The database and its server, without the credentials the URL may hold. */
function storageName(url: string) {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432} (database ${pathname.slice(1)})`;
}

function openPool(url: string, max: number) {
  const pool = new Pool({ connectionString: url, max, Client: FailFastClient });
  pool.on('error', () => {}); // an idle client's error is reported by the next query that uses the pool
  return pool;
}

/** Several app servers may start together: one migrates while the others wait on the lock. */
async function migrateWithLock(url: string): Promise<void> {
  const client = new FailFastClient({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}
