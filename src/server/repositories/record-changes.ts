import { and, desc, eq, gt, inArray, ne, or, isNull } from 'drizzle-orm';
import type { Overwrite } from '../../shared/schemas/common.ts';
import type { Tx } from '../db/client.ts';
import { recordHistory, users } from '../db/schema.ts';

export type Entity = 'machine' | 'ticket' | 'incident' | 'schedule';

/** Who makes a change and from which version of the record (If-Match), as sent by the client. */
export interface ChangeContext {
  userId: string;
  baseVersion?: number | null;
  clientTime?: Date | null;
}

export interface FieldChange {
  field: string;
  column: string;
  oldValue: unknown;
  newValue: unknown;
}

function comparable(value: unknown): string {
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
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

export async function recordHistoryRows(
  tx: Tx,
  entity: Entity,
  recordId: string,
  version: number,
  changes: Pick<FieldChange, 'field' | 'oldValue' | 'newValue'>[],
  context: ChangeContext,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(recordHistory).values(
    changes.map((change) => ({
      entity,
      recordId,
      version,
      userId: context.userId,
      field: change.field,
      oldValue: JSON.parse(comparable(change.oldValue)),
      newValue: JSON.parse(comparable(change.newValue)),
      clientTime: context.clientTime ?? null,
    })),
  );
}

/**
 * Values this update replaces that someone else wrote after the version the client started from:
 * the update still wins, and the response tells the client what it overwrote.
 */
export async function findOverwrites(
  tx: Tx,
  entity: Entity,
  recordId: string,
  changes: FieldChange[],
  context: ChangeContext,
): Promise<Overwrite[]> {
  if (context.baseVersion == null || changes.length === 0) return [];
  const rows = await tx
    .select({
      field: recordHistory.field,
      changedAt: recordHistory.changedAt,
      userId: users.id,
      userName: users.name,
    })
    .from(recordHistory)
    .leftJoin(users, eq(users.id, recordHistory.userId))
    .where(
      and(
        eq(recordHistory.entity, entity),
        eq(recordHistory.recordId, recordId),
        gt(recordHistory.version, context.baseVersion),
        inArray(
          recordHistory.field,
          changes.map((change) => change.field),
        ),
        or(isNull(recordHistory.userId), ne(recordHistory.userId, context.userId)),
      ),
    )
    .orderBy(desc(recordHistory.version));
  const seen = new Set<string>();
  const overwrites: Overwrite[] = [];
  for (const row of rows) {
    if (seen.has(row.field)) continue;
    seen.add(row.field);
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
