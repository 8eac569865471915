import type { recordHistory } from '../db/schema.ts';
import type { HistoryEntity } from '../repositories/record-changes.ts';

export type HistoryRow = typeof recordHistory.$inferInsert;

/**
 * The change history of one seeded record, written as the API would have written it: every
 * change is a new version, with who made it, when, and the old and new value of each field.
 */
export function recordLog(
  entity: HistoryEntity,
  recordId: string,
  history: HistoryRow[],
  createdBy: string | null,
  createdAt: Date,
) {
  let version = 1;
  let updatedAt = createdAt;
  history.push({
    entity,
    recordId,
    version,
    userId: createdBy,
    field: 'created',
    oldValue: null,
    newValue: true,
    changedAt: createdAt,
  });
  return {
    change(at: Date, userId: string | null, fields: Record<string, [unknown, unknown]>) {
      version += 1;
      updatedAt = at;
      for (const [field, [oldValue, newValue]] of Object.entries(fields)) {
        history.push({ entity, recordId, version, userId, field, oldValue, newValue, changedAt: at });
      }
    },
    /** The `version` and `updatedAt` the record has after its changes. */
    get state() {
      return { version, updatedAt };
    },
  };
}
