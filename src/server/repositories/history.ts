import { and, asc, eq } from 'drizzle-orm';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import type { Db } from '../db/client.ts';
import { recordHistory, users } from '../db/schema.ts';
import { isoOrNull } from './sql-helpers.ts';
import type { HistoryEntity } from './record-changes.ts';

/** Every recorded change of one record, oldest first. */
export async function readHistory(db: Db, entity: HistoryEntity, recordId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      version: recordHistory.version,
      field: recordHistory.field,
      oldValue: recordHistory.oldValue,
      newValue: recordHistory.newValue,
      userId: users.id,
      userName: users.name,
      changedAt: recordHistory.changedAt,
      clientTime: recordHistory.clientTime,
    })
    .from(recordHistory)
    .leftJoin(users, eq(users.id, recordHistory.userId))
    .where(and(eq(recordHistory.entity, entity), eq(recordHistory.recordId, recordId)))
    .orderBy(asc(recordHistory.version), asc(recordHistory.id));
  return rows.map((row) => ({
    version: row.version,
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    changedBy: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
    changedAt: row.changedAt.toISOString(),
    clientTime: isoOrNull(row.clientTime),
  }));
}
