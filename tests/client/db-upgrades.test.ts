import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';

/**
 * The tables each version added that upgrades no record: the versions that added them are no longer
 * declared (db.ts), so a device still at one of them must keep what it stored there.
 */
const addedWithoutUpgrade = [
  { version: 5, table: 'inbox', schema: 'key, at, readPending', row: { key: 'n-1', at: '2026-03-01', readPending: 0 } },
  { version: 11, table: 'handovers', schema: '_id, [department+shiftStart]', row: { _id: 'h-1' } },
  { version: 13, table: 'permits', schema: '_id, updatedAt', row: { _id: 'p-1', updatedAt: '2026-03-01' } },
  { version: 14, table: 'parts', schema: '_id, partNumber', row: { _id: 'part-1', partNumber: 'BRG-6205' } },
  { version: 15, table: 'purchaseRequests', schema: '_id, status', row: { _id: 'pr-1', status: 'Requested' } },
];

it.each(addedWithoutUpgrade)(
  'keeps the $table a device stored at version $version when it upgrades',
  async ({ version, table, schema, row }) => {
    const name = `upgrade-${table}-${crypto.randomUUID()}`;
    const before = new Dexie(name);
    before.version(version).stores({ [table]: schema, outbox: '++seq, &id, userId, recordId, state', meta: 'key' });
    await before.table(table).put(row);
    before.close();

    const db = new LocalDatabase(name);
    expect(await db.table(table).toArray()).toMatchObject([row]);
    expect(db.verno).toBe(17);
    db.close();
  },
);
