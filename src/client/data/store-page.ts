import type { SyncEntity, SyncPage } from '../../shared/schemas/sync.ts';
import { applyPending } from './apply-pending.ts';
import { tableOf, type LocalDatabase, type OutboxEntry } from './db.ts';
import { storeInbox } from './inbox-store.ts';
import { forgetRecord, newerCopy, tableFor } from './local-records.ts';
import { writeSyncPosition, type SyncPosition } from './sync-position.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

const pageKeys: [SyncEntity, keyof Pick<SyncPage, 'machines' | 'tickets' | 'incidents' | 'schedules'>][] = [
  ['machine', 'machines'],
  ['ticket', 'tickets'],
  ['incident', 'incidents'],
  ['schedule', 'schedules'],
];

export const recordCount = (page: SyncPage): number =>
  pageKeys.reduce((sum, [, key]) => sum + page[key].length, 0);

function groupByRecord(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of entries.sort((a, b) => a.seq! - b.seq!)) {
    groups.set(entry.recordId, [...(groups.get(entry.recordId) ?? []), entry]);
  }
  return groups;
}

/**
 * Stores a page in one transaction with the position it moves to: each record becomes the server
 * copy with this device's pending changes kept on top (a copy older than the stored one is ignored),
 * the inbox entries and deletions follow, so a page is stored whole or not at all.
 */
export async function storePage(db: LocalDatabase, page: SyncPage, position: SyncPosition): Promise<void> {
  const tables = Object.values(tableOf).map((name) => db.table(name));
  await db.transaction('rw', [...tables, db.outbox, db.meta, db.inbox], async () => {
    const ids = pageKeys.flatMap(([, key]) => page[key].map((record) => record._id));
    const pending = groupByRecord(ids.length > 0 ? await db.outbox.where('recordId').anyOf(ids).toArray() : []);
    for (const [entity, key] of pageKeys) {
      const incoming: AnyRecord[] = page[key];
      if (incoming.length === 0) continue;
      const table = tableFor(db, entity);
      const stored = await table.bulkGet(incoming.map((record) => record._id));
      const rows = incoming.map((record, index) => {
        const server = newerCopy(stored[index]?._server, record)!;
        const entries = pending.get(server._id) ?? [];
        return { ...applyPending(server, entries)!, _server: server, _pending: entries.length };
      });
      await table.bulkPut(rows);
    }
    for (const { entity, _id } of page.deleted) await forgetRecord(db, entity, _id);
    await storeInbox(db, page.inbox);
    await writeSyncPosition(db, position);
  });
}
