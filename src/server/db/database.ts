import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
export const changeChannel = 'imsp_changes';
// Serialises the last step of every write, so that change_seq order is commit order: /api/sync can then never skip a change.
const writeLockKey = 7_341_001;
/** The tables whose rows carry a change_seq (the synced records and the users' inboxes). */
const sequencedTables = ['machines', 'tickets', 'incidents', 'schedules', 'inbox_entries'] as const;
// A deadlock, or a unique key a concurrent write took: the next attempt sees its commit.
const retriedStates = new Set(['40P01', '23505']);
const writeAttempts = 5;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Where the data is kept, as a log line names it when that storage is full. */
  readonly storage: string;
  /**
   * How many requests to serve at once: the connections there are (PGlite has one, but its round
   * trips overlap with the main thread's work). The others wait their turn, first come first served.
   */
  readonly parallelism: number;
  /** Grows on every committed change, from this server at once and from the others through LISTEN/NOTIFY. */
  version(): number;
  /** Calls `listener` whenever the version grows; returns the function that stops it. */
  onChange(listener: () => void): () => void;
  /** False while other servers' commits may go unnoticed (PostgreSQL's LISTEN connection is down): trust no cache then. */
  isListening(): boolean;
  /**
   * A write transaction. `changeSeq` is a placeholder, unique to this transaction, for the change_seq
   * of every record it writes; the real number is drawn and stamped on those rows at the very end,
   * under a lock held only until commit, so sequence order is commit order while the work itself runs
   * side by side with other writes (a write that reads a record before changing it locks the record
   * first: repositories/record-changes.ts lockRecord). Tried again from the start on a deadlock or a
   * key taken by a concurrent transaction.
   */
  write<T>(work: (tx: Tx, changeSeq: number) => Promise<T>): Promise<T>;
  /**
   * A write holding the lock from its start, for bulk writes whose rows draw `nextval('change_seq')`
   * themselves (seeding); `after` is below every number they draw.
   */
  writeInOrder<T>(work: (tx: Tx, after: number) => Promise<T>): Promise<T>;
  /** The embedded database's consistent copy, a gzipped tarball of its directory (PGlite only). */
  backup?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Rows of a raw `execute`, whose result type differs between the PGlite and node-postgres drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface DatabaseParts {
  /** Reads, including the change feed's read-only transactions. */
  db: Db;
  /** Write transactions; a connection pool of their own keeps reads from queueing behind writes. */
  writer: Db;
  /**
   * The writer runs `stampStatement(onePlaceholder)` itself right before each commit (PGlite, which
   * runs one write transaction at a time, so one fixed placeholder is unique): a round trip less.
   */
  stampsAtCommit?: boolean;
  kind: Database['kind'];
  storage: string;
  parallelism: number;
  subscribe: (onChange: () => void) => Promise<void>;
  close: () => Promise<void>;
  isListening?: () => boolean;
  backup?: () => Promise<Uint8Array>;
}

export function createDatabase({
  db,
  writer,
  kind,
  storage,
  parallelism,
  subscribe,
  close,
  isListening = () => true,
  stampsAtCommit = false,
  backup,
}: DatabaseParts): Database & { ready: Promise<void> } {
  let version = 0;
  const listeners = new Set<() => void>();
  const bump = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  return {
    db,
    kind,
    storage,
    parallelism,
    ready: subscribe(bump),
    version: () => version,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isListening,
    async write(work) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const result = await writer.transaction(async (tx) => {
            const placeholder = stampsAtCommit ? onePlaceholder : -(await drawSeq(tx));
            const result = await work(tx, placeholder);
            // Drizzle's own COMMIT that follows only draws a warning.
            if (!stampsAtCommit) await tx.execute(sql.raw(`${stampStatement(placeholder)}; commit`));
            return result;
          });
          bump();
          return result;
        } catch (error) {
          if (attempt === writeAttempts || !retriedStates.has(sqlState(error) ?? '')) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        }
      }
    },
    async writeInOrder(work) {
      const result = await writer.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${writeLockKey}), pg_notify(${changeChannel}, '')`);
        return work(tx, await drawSeq(tx));
      });
      bump();
      return result;
    },
    backup,
    close,
  };
}

async function drawSeq(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select nextval('change_seq')::text as seq`);
  return Number(rowsOf<{ seq: string }>(result)[0]!.seq);
}

/** The placeholder of a writer that stamps at commit (`stampsAtCommit`). */
export const onePlaceholder = -1;

/**
 * Takes the write lock, gives the rows written under the placeholder the next change_seq and tells
 * the other servers; sent in one message with the commit (PostgreSQL: `; commit`, PGlite:
 * `stampsAtCommit`), so the lock is never held across a round trip and writes wait for each other
 * only as long as the server takes to run it.
 */
export function stampStatement(placeholder: number): string {
  const stamps = sequencedTables.map(
    (table) =>
      `stamp_${table} as (update ${table} set change_seq = (select seq from next) where change_seq = ${placeholder})`,
  );
  return `with locked as (select pg_advisory_xact_lock(${writeLockKey})),
    next as (select nextval('change_seq') as seq from locked),
    ${stamps.join(',\n    ')}
    select pg_notify('${changeChannel}', '') from next`;
}

/** The SQLSTATE of a database error, also when Drizzle wraps it. */
function sqlState(error: unknown): string | undefined {
  for (let cause = error, depth = 0; depth < 5 && cause instanceof Error; depth += 1, cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
