import { eq, type SQL } from 'drizzle-orm';
import type { Actor } from '#shared/permissions.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import type { tickets } from '../db/schema.ts';
import type { Upload } from '../lib/read-uploads.ts';
import { recordChange } from './change-effects.ts';
import { attachFile } from './files.ts';
import {
  assertExists,
  assertMayEdit,
  createNumbered,
  listPage,
  matchingRecords,
  numberedHistory,
  numberedTables,
  recordNotFound,
  saveChanges,
  type EditRule,
  type NumberedEntity,
  type PageRequest,
  type SearchFields,
} from './numbered-records.ts';
import { diffPatch, writeChange, type ChangeContext, type RecordedChange } from './record-changes.ts';

type RowOf<E extends NumberedEntity> = (typeof numberedTables)[E]['$inferSelect'];

/** What an update adds to the fields it changes. */
export interface UpdateExtras {
  /** Values that follow from the changes and get no history of their own (a ticket's resolvedAt). */
  derived?: Record<string, unknown>;
  /** History entries beyond the changed fields (the reason an incident was closed anyway). */
  notes?: RecordedChange['changes'];
}

/**
 * What a kind of numbered record declares; `numberedRepository` builds its list, export, reads,
 * create, update, attachments and history from it.
 */
export interface NumberedKind<E extends NumberedEntity, Key extends string, T, Filter, Create, Update> {
  entity: E;
  /** The list answer's key for its page of records. */
  listKey: Key;
  /** Full API records, in one query however many. */
  load(executor: Db | Tx, ids: string[]): Promise<T[]>;
  filters(query: Filter): SQL[];
  /** Inserts a new record (with the client's id when it sent one); runs only when the create is not a replay. */
  insert(tx: Tx, input: Create, id: string | undefined, changeSeq: number, context: ChangeContext): Promise<string>;
  /** A record to answer a create with instead of a new one. */
  existing?(database: Database, tx: Tx, input: Create): Promise<string | undefined>;
  /** Runs in the create's transaction after a new record was inserted. */
  created?(tx: Tx, changeSeq: number, input: Create, id: string, context: ChangeContext): Promise<void>;
  editRule: EditRule;
  /** The fields an update may change: API field to row column. */
  columns: Record<string, string>;
  /** The patch as it is compared with the stored row. */
  cleanPatch?(patch: Update): Update;
  /** Checks of an update beyond edit rights, run once those passed, and what it adds. */
  checkUpdate?(
    tx: Tx,
    row: RowOf<E>,
    patch: Update,
    changed: Set<string>,
    actor: Actor,
  ): UpdateExtras | Promise<UpdateExtras>;
}

/** The kind's one record, with its comments, actions and attachments; 404 when there is none. */
export function loadOne<E extends NumberedEntity, T extends { _id: string }>(kind: {
  entity: E;
  load(executor: Db | Tx, ids: string[]): Promise<T[]>;
}) {
  return async (executor: Db | Tx, id: string): Promise<T> => {
    const [record] = await kind.load(executor, [id]);
    if (!record) throw recordNotFound(kind.entity);
    return record;
  };
}

export function numberedRepository<
  E extends NumberedEntity,
  Key extends string,
  T extends { _id: string },
  Filter extends { search?: string | undefined },
  Create extends { _id?: string | undefined },
  Update extends Record<string, unknown>,
>(database: Database, kind: NumberedKind<E, Key, T, Filter, Create, Update>) {
  const { db } = database;
  const { entity } = kind;
  // The one table's columns are what every numbered table has; typed as tickets for drizzle's sake.
  const table = numberedTables[entity] as typeof tickets;
  const loadMany = (ids: string[]) => kind.load(db, ids);
  const load = loadOne(kind);

  async function createIn(tx: Tx, changeSeq: number, input: Create, context: ChangeContext) {
    const earlier = await kind.existing?.(database, tx, input);
    if (earlier) return { id: earlier, created: false };
    const { id, created } = await createNumbered(tx, entity, input._id, context, (newId) =>
      kind.insert(tx, input, newId, changeSeq, context),
    );
    if (created) await kind.created?.(tx, changeSeq, input, id, context);
    return { id, created };
  }

  return {
    async list(query: Filter & PageRequest) {
      const { records, ...page } = await listPage(db, entity, kind.filters(query), query, loadMany);
      return { [kind.listKey]: records, ...page } as Record<Key, T[]> & typeof page;
    },

    /** Every record the list's filters and search find, newest first, in batches (the CSV export). */
    exportAll: (query: Filter) => matchingRecords(db, entity, kind.filters(query), query.search, loadMany),

    getMany: (ids: string[], executor: Db | Tx = db) => kind.load(executor, ids),

    get: (id: string) => load(db, id),

    create(input: Create, context: ChangeContext): Promise<{ record: T; created: boolean }> {
      return database.write(async (tx, changeSeq) => {
        const { id, created } = await createIn(tx, changeSeq, input, context);
        return { record: await load(tx, id), created };
      });
    },

    /** A create inside a write that does more (a work request accepted into a ticket). */
    createIn,

    async update(id: string, patch: Update, actor: Actor, context: ChangeContext) {
      return writeChange(database, entity, id, context, load, async (tx, changeSeq) => {
        const [stored] = await tx.select().from(table).where(eq(table.id, id));
        if (!stored) throw recordNotFound(entity);
        // Rows of one table: TypeScript cannot narrow the union of tables by the generic entity.
        const row = stored as RowOf<E> & SearchFields<E>;
        const changes = diffPatch(row, kind.cleanPatch?.(patch) ?? patch, kind.columns);
        const changed = new Set(changes.map((change) => change.field));
        assertMayEdit(kind.editRule, actor, row, [...changed]);
        const { derived = {}, notes = [] } = (await kind.checkUpdate?.(tx, row, patch, changed, actor)) ?? {};
        const overwritten = await saveChanges(tx, changeSeq, entity, row, changes, derived, context);
        await recordChange(tx, entity, id, row.version + 1, notes, context);
        return { record: await load(tx, id), overwritten };
      });
    },

    assertExists: (id: string) => assertExists(db, entity, id),

    attach: (id: string, upload: Upload, context: ChangeContext) =>
      attachFile(database, entity, id, upload, context, load),

    history: (id: string) => numberedHistory(db, entity, id),
  };
}
