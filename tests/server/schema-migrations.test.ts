import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { openTestDatabase } from './helpers/app.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(async () => {
  await database.close();
  await drop();
});

type Shape = Record<string, Record<string, { type: string; nullable: boolean }>>;

/** What schema.ts declares: each table's columns, their SQL types and whether they take null. */
function declared(): Shape {
  const tables = Object.values(schema as Record<string, unknown>).filter(
    (value): value is PgTable => value instanceof PgTable,
  );
  return Object.fromEntries(
    tables.map((table) => {
      const { name, columns } = getTableConfig(table);
      const shape = columns.map((column) => [
        column.name,
        { type: column.getSQLType().replace(/\(.*\)$/, ''), nullable: !column.notNull },
      ]);
      return [name, Object.fromEntries(shape)];
    }),
  );
}

/** What the migrations built, read back from the database in the same words. */
async function migrated(): Promise<Shape> {
  const rows = rowsOf<{ table: string; column: string; type: string; nullable: boolean }>(
    await database.db.execute(sql`select c.relname as table, a.attname as column,
        regexp_replace(format_type(a.atttypid, a.atttypmod), '\\(.*\\)$', '') as type, not a.attnotnull as nullable
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`),
  );
  const shape: Shape = {};
  for (const { table, column, type, nullable } of rows) (shape[table] ??= {})[column] = { type, nullable };
  return shape;
}

const sqlWords: Record<string, string> = {
  'timestamp with time zone': 'timestamp with time zone',
  'character varying': 'varchar',
  // A serial column is an integer column with a default drawn from its sequence.
  bigserial: 'bigint',
  serial: 'integer',
};

describe('the committed migrations', () => {
  it('build exactly the tables, columns, types and nullability that schema.ts declares', async () => {
    const normalise = (shape: Shape) =>
      Object.fromEntries(
        Object.entries(shape).map(([table, columns]) => [
          table,
          Object.fromEntries(
            Object.entries(columns).map(([name, { type, nullable }]) => [
              name,
              { type: sqlWords[type] ?? type, nullable },
            ]),
          ),
        ]),
      );
    expect(normalise(await migrated())).toEqual(normalise(declared()));
  });
});
