import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/** Every seeded row of a synced table takes its own place in the change feed. */
export const nextChangeSeq = sql`nextval('change_seq')`;

/** Multi-row inserts in chunks that stay well under the drivers' limit of 65,535 parameters. */
export async function insertInChunks<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[], size = 500) {
  for (let start = 0; start < rows.length; start += size) {
    await tx.insert(table).values(rows.slice(start, start + size));
  }
}
