import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Overwrite } from '#shared/schemas/common.ts';
import type { Database, Tx } from '../db/client.ts';
import { appliedChanges, recordHistory, users } from '../db/schema.ts';
import { conflict } from '../lib/errors.ts';
import { authorOf, type ChangeContext } from '../lib/change-context.ts';

export type Entity = 'machine' | 'ticket' | 'incident' | 'schedule' | 'handover' | 'permit' | 'part';
/** What has a record history: the synced records, and users (changed by admins, src/docs/permissions.md). */
export type HistoryEntity = Entity | 'user' | 'request' | 'purchaseRequest';

/** How long a change id is remembered: a device that comes back within this time replays safely. */
export const changeIdRetentionDays = 90;

export type { ChangeContext };

export interface FieldChange {
  field: string;
  column: string;
  oldValue: unknown;
  newValue: unknown;
}

/** An object's keys in one order: jsonb stores them in its own, so a value read back compares equal to the one sent. */
function inKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inKeyOrder);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => [key, inKeyOrder(item)]),
  );
}

function comparable(value: unknown): string {
  return JSON.stringify(inKeyOrder(value instanceof Date ? value.toISOString() : (value ?? null)));
}

function columnValue(current: unknown, next: unknown): unknown {
  return current instanceof Date && typeof next === 'string' ? new Date(next) : next;
}

/**
 * The fields of a partial update that really change a stored row. `columns` maps API field names
 * to row properties (`machine` -> `machineId`); fields absent from the patch are left alone.
 */
export function diffPatch(
  row: Record<string, unknown>,
  patch: Record<string, unknown>,
  columns: Record<string, string>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, column] of Object.entries(columns)) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const oldValue = row[column];
    const newValue = columnValue(oldValue, patch[field]);
    if (comparable(oldValue) !== comparable(newValue)) changes.push({ field, column, oldValue, newValue });
  }
  return changes;
}

export function setFromChanges(changes: FieldChange[]): Record<string, unknown> {
  return Object.fromEntries(changes.map((change) => [change.column, change.newValue]));
}

/** A change a write made to one record, as its effects read it (change-effects.ts). */
export interface RecordedChange {
  entity: HistoryEntity;
  recordId: string;
  version: number;
  changes: Pick<FieldChange, 'field' | 'oldValue' | 'newValue'>[];
  context: ChangeContext;
}

/** Records who changed what: the record's history, one of a change's effects (change-effects.ts). */
export async function writeHistoryRows(
  tx: Tx,
  { entity, recordId, version, changes, context }: RecordedChange,
): Promise<void> {
  await tx.insert(recordHistory).values(
    changes.map((change) => ({
      entity,
      recordId,
      version,
      userId: authorOf(context),
      field: change.field,
      oldValue: JSON.parse(comparable(change.oldValue)) as unknown,
      newValue: JSON.parse(comparable(change.newValue)) as unknown,
      clientTime: context.clientTime ?? null,
    })),
  );
}

/**
 * Values this update replaces that someone else wrote after the version the client started from:
 * the update still wins, and the response tells the client what it overwrote. The author of a
 * replaced value is whoever set it (the field's latest history row), so a user replacing their own
 * value is not told they overwrote anyone.
 */
export async function findOverwrites(
  tx: Tx,
  entity: Entity,
  recordId: string,
  changes: FieldChange[],
  context: ChangeContext,
): Promise<Overwrite[]> {
  const baseVersion = context.baseVersion;
  if (baseVersion == null || changes.length === 0) return [];
  const rows = await tx
    .select({
      field: recordHistory.field,
      version: recordHistory.version,
      changedAt: recordHistory.changedAt,
      userId: recordHistory.userId,
      userName: users.name,
    })
    .from(recordHistory)
    .leftJoin(users, eq(users.id, recordHistory.userId))
    .where(
      and(
        eq(recordHistory.entity, entity),
        eq(recordHistory.recordId, recordId),
        inArray(
          recordHistory.field,
          changes.map((change) => change.field),
        ),
      ),
    )
    .orderBy(desc(recordHistory.version), desc(recordHistory.id));
  const seen = new Set<string>();
  const overwrites: Overwrite[] = [];
  for (const row of rows) {
    if (seen.has(row.field)) continue;
    seen.add(row.field);
    if (row.version <= baseVersion || row.userId === context.userId) continue;
    const change = changes.find((candidate) => candidate.field === row.field)!;
    overwrites.push({
      field: row.field,
      value: JSON.parse(comparable(change.oldValue)),
      changedBy: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
      changedAt: row.changedAt.toISOString(),
    });
  }
  return overwrites;
}

/**
 * Writes of one record take turns from here to their commit, so each reads the record as the one before
 * it left it and none overwrites another's change from a stale copy. Writes of other records go on.
 * PGlite runs one write transaction at a time anyway, so there it saves the round trip.
 */
export async function lockRecord(database: Database, tx: Tx, entity: HistoryEntity, recordId: string): Promise<void> {
  if (database.kind === 'pglite') return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${entity}:${recordId}`}, 0))`);
}

/** The same change id from the same user for the same record: the update was applied already. */
async function wasApplied(tx: Tx, entity: Entity, recordId: string, changeId: string, userId: string) {
  const [applied] = await tx.select().from(appliedChanges).where(eq(appliedChanges.changeId, changeId));
  if (!applied) return false;
  if (applied.userId !== userId || applied.entity !== entity || applied.recordId !== recordId) {
    throw conflict('This change id was already used for another change');
  }
  return true;
}

async function rememberChange(tx: Tx, entity: Entity, recordId: string, changeId: string, userId: string) {
  const retention = new Date(Date.now() - changeIdRetentionDays * 24 * 60 * 60 * 1000);
  await tx.delete(appliedChanges).where(lt(appliedChanges.appliedAt, retention));
  await tx.insert(appliedChanges).values({ changeId, userId, entity, recordId });
}

/**
 * An update in a write transaction, applied once per change id: its id is stored in the same
 * transaction, and a replay (after a lost response) answers the current record with nothing
 * overwritten instead of applying the change again over what others wrote since.
 */
export function writeChange<R>(
  database: Database,
  entity: Entity,
  recordId: string,
  context: ChangeContext,
  load: (tx: Tx, id: string) => Promise<R>,
  work: (tx: Tx, changeSeq: number) => Promise<{ record: R; overwritten: Overwrite[] }>,
): Promise<{ record: R; overwritten: Overwrite[] }> {
  const { changeId, userId } = context;
  return database.write(async (tx, changeSeq) => {
    await lockRecord(database, tx, entity, recordId);
    if (!changeId) return work(tx, changeSeq);
    if (await wasApplied(tx, entity, recordId, changeId, userId))
      return { record: await load(tx, recordId), overwritten: [] };
    const result = await work(tx, changeSeq);
    await rememberChange(tx, entity, recordId, changeId, userId);
    return result;
  });
}
