import { and, count, desc, eq, getTableColumns, like, sql, type SQL } from 'drizzle-orm';
import { roleLabels } from '#shared/enums.ts';
import { queryWords, wordsOf } from '#shared/search-words.ts';
import { permissions, type Action, type Actor } from '#shared/permissions.ts';
import type { Overwrite } from '#shared/schemas/common.ts';
import type { Db, Tx } from '../db/client.ts';
import { incidents, tickets } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { createOnce } from './create-once.ts';
import { readHistory } from './history.ts';
import { findOverwrites, setFromChanges, type ChangeContext, type FieldChange } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { pageCount } from './sql-helpers.ts';
import { authorOf } from '../lib/change-context.ts';

/**
 * What tickets and incidents share: a number from a database sequence, a reporter, a paged list
 * with text search, attachments, and edit rights that depend on who reported the record.
 */
export type NumberedTable = typeof tickets | typeof incidents;
export type NumberedEntity = 'ticket' | 'incident';

export type { Actor } from '#shared/permissions.ts';

export const numberedTables = { ticket: tickets, incident: incidents } satisfies Record<NumberedEntity, NumberedTable>;
const labels: Record<NumberedEntity, string> = { ticket: 'Ticket', incident: 'Incident' };

export function recordNotFound(entity: NumberedEntity) {
  return notFound(`${labels[entity]} not found`);
}

/** A record table's columns for answers: search_words serves SQL search only and never leaves the database. */
export function recordColumns<T extends NumberedTable>(table: T): Omit<T['_']['columns'], 'searchWords'> {
  const { searchWords: _searchWords, ...columns } = getTableColumns(table);
  return columns;
}

export interface PageRequest {
  page: number;
  limit: number;
  search?: string | undefined;
}

const searchFields = {
  ticket: ['title', 'description'],
  incident: ['title', 'description', 'location'],
} as const satisfies Record<NumberedEntity, readonly string[]>;

export type SearchFields<E extends NumberedEntity> = Record<(typeof searchFields)[E][number], string>;

/** The record's text words (search_words); search_text adds the number's (src/shared/search-words.ts). */
export function searchWordsOf<E extends NumberedEntity>(entity: E, record: SearchFields<E>): string {
  const fields: readonly (keyof SearchFields<E>)[] = searchFields[entity];
  return [...new Set(fields.flatMap((field) => wordsOf(record[field])))].join(' ');
}

/**
 * Every query word must start a word of the record. Words hold only letters and digits, so none
 * needs escaping for LIKE.
 */
function searchFilters(table: NumberedTable, search: string | undefined): SQL[] {
  return queryWords(search ?? '').map((word) => like(table.searchText, `% ${word}%`));
}

/**
 * One page, newest first (ties newest id first, as the device's indexes order them): a query for the
 * page's ids and a count (both served by the indexes on created_at and the trigram index on
 * search_text), then the full records of just that page.
 */
export async function listPage<T extends { _id: string }>(
  db: Db,
  entity: NumberedEntity,
  filters: SQL[],
  query: PageRequest,
  load: (ids: string[]) => Promise<T[]>,
) {
  const table = numberedTables[entity];
  const where = and(...filters, ...searchFilters(table, query.search));
  const [idRows, [counted]] = await Promise.all([
    db
      .select({ id: table.id })
      .from(table)
      .where(where)
      // Spelled as the indexes are declared: a plain DESC means NULLS FIRST and would not use them.
      .orderBy(sql`${table.createdAt} desc nulls last`, desc(table.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(table).where(where),
  ]);
  const ids = idRows.map((row) => row.id);
  const byId = new Map((await load(ids)).map((record) => [record._id, record]));
  const total = counted?.total ?? 0;
  return {
    records: ids.map((id) => byId.get(id)!),
    currentPage: query.page,
    totalPages: pageCount(total, query.limit),
    total,
  };
}

/**
 * Every record that matches, in list order, a batch at a time (for exports): each batch starts after
 * the last one's final (created_at, id), so the thousandth batch costs what the first did.
 */
export async function* matchingRecords<T extends { _id: string }>(
  db: Db,
  entity: NumberedEntity,
  filters: SQL[],
  search: string | undefined,
  load: (ids: string[]) => Promise<T[]>,
  batch = 500,
): AsyncGenerator<T[]> {
  const table = numberedTables[entity];
  let after: { id: string; createdAt: Date } | undefined;
  for (;;) {
    const rows = await db
      .select({ id: table.id, createdAt: table.createdAt })
      .from(table)
      .where(
        and(
          ...filters,
          ...searchFilters(table, search),
          after &&
            sql`(${table.createdAt}, ${table.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(sql`${table.createdAt} desc nulls last`, desc(table.id))
      .limit(batch);
    if (rows.length === 0) return;
    const byId = new Map((await load(rows.map((row) => row.id))).map((record) => [record._id, record]));
    yield rows.map((row) => byId.get(row.id)!);
    if (rows.length < batch) return;
    after = rows.at(-1);
  }
}

export async function numberedHistory(db: Db, entity: NumberedEntity, id: string) {
  await assertExists(db, entity, id);
  return readHistory(db, entity, id);
}

export async function assertExists(executor: Db | Tx, entity: NumberedEntity, id: string): Promise<void> {
  const table = numberedTables[entity];
  const [row] = await executor.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw recordNotFound(entity);
}

/**
 * Marks a record as changed for the change feed and the version check (If-Match) when something
 * it carries changed: a comment or an attachment. Returns the new version.
 */
export async function bumpRecord(tx: Tx, entity: NumberedEntity, id: string, changeSeq: number): Promise<number> {
  const table = numberedTables[entity];
  const [row] = await tx
    .update(table)
    .set({ version: sql`${table.version} + 1`, updatedAt: new Date(), changeSeq })
    .where(eq(table.id, id))
    .returning({ version: table.version });
  if (!row) throw recordNotFound(entity);
  return row.version;
}

/** Replay-safe create (see create-once.ts) that records the creation in the record's history. */
export async function createNumbered(
  tx: Tx,
  entity: NumberedEntity,
  id: string | undefined,
  context: ChangeContext,
  insert: (id: string | undefined) => Promise<string>,
) {
  const table = numberedTables[entity];
  return createOnce({
    id,
    userId: authorOf(context),
    label: entity,
    findCreator: async (candidate) => {
      const [row] = await tx.select({ creator: table.reportedBy }).from(table).where(eq(table.id, candidate));
      return row;
    },
    insert: async (candidate) => {
      const created = await insert(candidate);
      await recordChange(tx, entity, created, 1, [{ field: 'created', oldValue: null, newValue: true }], context);
      return created;
    },
  });
}

/** Who may edit which fields, from shared/permissions.ts. */
export interface EditRule {
  entity: NumberedEntity;
  manage: Action;
  openStatus: string;
  reporterFields: readonly string[];
  editableFields(
    actor: Actor,
    record: { reportedBy: { _id: string } | null; status: string },
  ): readonly string[] | 'all';
}

function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function assertMayEdit(
  rule: EditRule,
  actor: Actor,
  row: { reportedBy: string | null; status: string },
  fields: string[],
): void {
  const record = { reportedBy: row.reportedBy ? { _id: row.reportedBy } : null, status: row.status };
  const allowed = rule.editableFields(actor, record);
  if (allowed === 'all') return;
  const denied = fields.filter((field) => !allowed.includes(field));
  if (denied.length === 0) return;
  const managers = listed(permissions[rule.manage].roles.map((role) => `${roleLabels[role]}s`));
  const reporterRule = `its reporter may edit ${listed(rule.reporterFields)} while it is ${rule.openStatus}`;
  const isReporter = record.reportedBy?._id === actor._id;
  const onlyReporterFields = denied.every((field) => rule.reporterFields.includes(field));
  if (isReporter && record.status !== rule.openStatus && onlyReporterFields) {
    throw forbidden(
      `You may edit your ${rule.entity} only while it is ${rule.openStatus}; ${managers} may edit it now.`,
    );
  }
  throw forbidden(
    `The ${roleLabels[actor.role]} role may not change ${listed(denied)} of this ${rule.entity}: ${managers} may edit every field, ${reporterRule}.`,
  );
}

/**
 * Writes the changes of a partial update (plus values derived from them, which get no history of
 * their own), bumps the version and records history. Returns what the update overwrote.
 */
export async function saveChanges<E extends NumberedEntity>(
  tx: Tx,
  changeSeq: number,
  entity: E,
  row: { id: string; version: number } & SearchFields<E>,
  changes: FieldChange[],
  derived: Record<string, unknown>,
  context: ChangeContext,
): Promise<Overwrite[]> {
  if (changes.length === 0) return [];
  const table: NumberedTable = numberedTables[entity];
  const changed = Object.fromEntries(changes.map((change) => [change.field, change.newValue]));
  const searchWords = searchWordsOf(entity, { ...row, ...changed });
  const overwritten = await findOverwrites(tx, entity, row.id, changes, context);
  const version = row.version + 1;
  await tx
    .update(table)
    .set({ ...setFromChanges(changes), ...derived, searchWords, version, updatedAt: new Date(), changeSeq })
    .where(eq(table.id, row.id));
  await recordChange(tx, entity, row.id, version, changes, context);
  return overwritten;
}
