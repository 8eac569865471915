import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { changeChannel, createDatabase, migrationsFolder, type Database, type Db } from './database.ts';
import * as schema from './schema.ts';

export async function openPglite(dataDir?: string): Promise<Database> {
  let location: string | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
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
