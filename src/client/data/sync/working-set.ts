import type { SyncEntity } from '#shared/schemas/sync.ts';
import {
  defaultWindowDays,
  isInWorkingSet,
  scheduleStart,
  windowStart,
  type ScopedRecord,
} from '#shared/working-set.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { pruneInbox } from './inbox-store.ts';
import { tableFor } from '#client/data/store/local-records.ts';

/**
 * The device's side of the working set (src/shared/working-set.ts): the window setting, pins of
 * records the user opened, and pruning of what left the window by time.
 */

const windowKey = 'windowDays';
const prunedAtKey = 'prunedAt';
const pruneEveryMs = 3_600_000;
const pruneBatch = 200;

/** Gives the screen back between batches, so that no task runs long. */
export const yieldToUi = () => new Promise<void>((resolve) => setTimeout(resolve));

export async function readWindowDays(db: LocalDatabase): Promise<number> {
  return ((await db.meta.get(windowKey))?.value as number | undefined) ?? defaultWindowDays;
}

/**
 * A new window. The next pull prunes by it; a longer one also brings the records it adds, by a
 * snapshot under the log's cursor (sync-position.ts).
 */
export async function setWindowDays(db: LocalDatabase, days: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: windowKey, value: days });
    await db.meta.delete(prunedAtKey);
  });
}

const pinKey = (entity: SyncEntity, id: string) => `${entity}:${id}`;

/** A record the user opened stays on the device whatever the window says. */
export async function pinRecord(db: LocalDatabase, entity: SyncEntity, id: string): Promise<void> {
  await db.pinned.put({ key: pinKey(entity, id), openedAt: new Date().toISOString() });
}

/** The working set was pruned, or brought whole, at `now`: the next prune is due an hour later. */
export async function notePruned(db: LocalDatabase, now = Date.now()): Promise<void> {
  await db.meta.put({ key: prunedAtKey, value: now });
}

export async function isPruneDue(db: LocalDatabase, now = Date.now()): Promise<boolean> {
  const prunedAt = (await db.meta.get(prunedAtKey))?.value as number | undefined;
  return prunedAt === undefined || now - prunedAt >= pruneEveryMs;
}

/**
 * Removes the records the window no longer keeps, unless they wait in the outbox or the user opened
 * them. Only records dated before the window's start can have left it (ranges of the `updatedAt`
 * and `scheduledDate` indexes), read in small batches. Returns how many were removed.
 */
export async function pruneWorkingSet(db: LocalDatabase, now = new Date()): Promise<number> {
  const windowDays = await readWindowDays(db);
  const before = {
    ticket: windowStart(now, windowDays),
    incident: windowStart(now, windowDays),
    schedule: scheduleStart(now),
  };
  let removed = 0;
  for (const [entity, start] of Object.entries(before) as [SyncEntity, Date][]) {
    const table = tableFor(db, entity);
    const index = entity === 'schedule' ? 'scheduledDate' : 'updatedAt';
    const candidates = await table.where(index).below(start.toISOString()).primaryKeys();
    for (let at = 0; at < candidates.length; at += pruneBatch) {
      const ids = candidates.slice(at, at + pruneBatch);
      removed += await db.transaction('rw', [table, db.outbox, db.pinned], async () => {
        const records = await table.bulkGet(ids);
        const pinned = await db.pinned.bulkGet(ids.map((id) => pinKey(entity, id)));
        const waiting = new Set(await db.outbox.where('recordId').anyOf(ids).keys());
        const leaving = records.flatMap((record, index) =>
          record &&
          record._server &&
          !waiting.has(record._id) &&
          !pinned[index] &&
          !isInWorkingSet(entity, record as unknown as ScopedRecord, { now, windowDays })
            ? [record._id]
            : [],
        );
        await table.bulkDelete(leaving);
        return leaving.length;
      });
      await yieldToUi();
    }
  }
  await pruneInbox(db, now);
  await notePruned(db, now.getTime());
  return removed;
}
