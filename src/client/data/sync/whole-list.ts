import type { LocalDatabase } from '#client/data/store/db.ts';
import { isStoredAsIs, refreshRecord, tableFor } from '#client/data/store/local-records.ts';

type Listed = Record<string, unknown> & { _id: string };

/**
 * A list the server sends whole after every pull, outside the change feed (the open permits, the parts
 * catalogue, the latest purchase requests), becomes this device's: each record with this device's
 * pending changes on top; one the list no longer has leaves unless a change of this device waits on
 * it. A record stored as listed with nothing pending is not written again: the list comes every
 * minute, mostly as it was.
 */
export async function storeWholeList(
  db: LocalDatabase,
  entity: 'part' | 'permit' | 'purchaseRequest',
  listed: readonly Listed[],
): Promise<void> {
  const table = tableFor(db, entity);
  await db.transaction('rw', [table, db.outbox], async () => {
    const stored = await table.bulkGet(listed.map((copy) => copy._id));
    for (const [index, copy] of listed.entries()) {
      if (!isStoredAsIs(stored[index], copy)) await refreshRecord(db, entity, copy._id, copy);
    }
    const ids = new Set(listed.map((copy) => copy._id));
    await table.filter((row) => row._pending === 0 && !ids.has(row._id)).delete();
  });
}
