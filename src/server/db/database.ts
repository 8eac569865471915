import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
export const changeChannel = 'imsp_changes';
// Serialises writers so that change_seq order is commit order: /api/sync can then never skip a change.
const writeLockKey = 7_341_001;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Grows on every committed change, from this server at once and from the others through LISTEN/NOTIFY. */
  version(): number;
  /** False while other servers' commits may go unnoticed (PostgreSQL's LISTEN connection is down): trust no cache then. */
  isListening(): boolean;
  /** A write transaction holding the next change sequence number; readers of the change feed see commits in order. */
  write<T>(work: (tx: Tx, changeSeq: number) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Rows of a raw `execute`, whose result type differs between the PGlite and node-postgres drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createDatabase(
  db: Db,
  kind: Database['kind'],
  subscribe: (onChange: () => void) => Promise<void>,
  close: () => Promise<void>,
  isListening: () => boolean = () => true,
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
    isListening,
    async write(work) {
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${writeLockKey})`);
        const result = await tx.execute(
          sql`select nextval('change_seq')::text as seq, pg_notify(${changeChannel}, '')`,
        );
        return work(tx, Number(rowsOf<{ seq: string }>(result)[0]!.seq));
      });
      bump();
      return result;
    },
    close,
  };
}
