import type { Table } from 'dexie';
import type { SyncEntity, SyncPage } from '#shared/schemas/sync.ts';
import { applyPending } from './apply-pending.ts';
import { writeInBatches } from './batches.ts';
import type { LocalDatabase, OutboxEntry } from './db.ts';
import { storeInbox } from '#client/data/sync/inbox-store.ts';
import { forgetRecord, newerCopy, tableFor } from './local-records.ts';
import { ListChanges, listRecordsMyself, listStoreOf, noteRecord, writeChanges } from './postings.ts';
import { isListed } from './record-tokens.ts';
import { storedRow, type StoredRecord, type StoredRow } from './stored-row.ts';
import { writeSyncPosition, type SyncPosition } from '#client/data/sync/sync-position.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

const pageKeys: [SyncEntity, keyof Pick<SyncPage, 'machines' | 'tickets' | 'incidents' | 'schedules'>][] = [
  ['machine', 'machines'],
  ['ticket', 'tickets'],
  ['incident', 'incidents'],
  ['schedule', 'schedules'],
];

/**
 * Rows and lists written per request batch (batches.ts). On the screen's thread each batch is one
 * short task: IndexedDB serialises a value as it is put. The sync's worker has no screen to give way
 * to, so it puts a table's rows at once and IndexedDB writes them while the worker goes on: a batch
 * that waited for the one before left the two taking turns.
 */
const batchSize = typeof document === 'undefined' ? Infinity : 100;

export const recordCount = (page: Record<PageKey, readonly unknown[]>): number =>
  pageKeys.reduce((sum, [, key]) => sum + page[key].length, 0);

function groupByRecord(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of entries.sort((a, b) => a.seq! - b.seq!)) {
    groups.set(entry.recordId, [...(groups.get(entry.recordId) ?? []), entry]);
  }
  return groups;
}

/** Creation times shared with stored records up to which each is read alone rather than the span. */
const timesReadAlone = 20;

/**
 * The stored copies of the incoming records. A listed record's creation time never changes once the
 * server has it, so a stored one has one of the page's creation times: the span's times are read
 * first, keys alone (no block is read, blocks.ts), and only the blocks of the times the page shares
 * are read, where a lookup per record would cost a request each. A first sync's page shares none, and
 * reading its span's blocks read most of what earlier pages stored to find nothing. A record created
 * here carries this device's creation time until its create is confirmed: it has pending entries,
 * and is looked up by id.
 */
async function storedCopies(
  table: Table<StoredRecord, string, StoredRow>,
  incoming: AnyRecord[],
  pending: Map<string, OutboxEntry[]>,
): Promise<Map<string, StoredRecord>> {
  const ids = new Set(incoming.map((record) => record._id));
  const found = new Map<string, StoredRecord>();
  const keep = (records: (StoredRecord | undefined)[]) => {
    for (const record of records) if (record && ids.has(record._id)) found.set(record._id, record);
  };
  if (!isListed(table.name)) {
    keep(await table.bulkGet([...ids]));
    return found;
  }
  const times = incoming.map((record) => String(record.createdAt)).sort();
  const span = table.where('createdAt').between(times[0], times.at(-1), true, true);
  const storedTimes = new Set(await span.clone().uniqueKeys());
  const shared = [...new Set(times.filter((time) => storedTimes.has(time)))];
  if (shared.length > timesReadAlone) keep(await span.toArray());
  else for (const time of shared) keep(await table.where('createdAt').equals(time).toArray());
  keep(await table.bulkGet([...ids].filter((id) => !found.has(id) && pending.has(id))));
  return found;
}

type PageKey = (typeof pageKeys)[number][1];

/**
 * Stores a page in one transaction with the position it moves to (null: the position stays): each
 * record becomes the server copy with this device's pending changes kept on top (a copy older than
 * the stored one is ignored), the search lists are written once for the whole page, the inbox
 * entries and deletions follow, so a page is stored whole or not at all. The transaction covers the
 * tables it writes only: a screen reading the others does not wait for it.
 */
export async function storePage(db: LocalDatabase, page: SyncPage, position: SyncPosition | null): Promise<void> {
  const keys = pageKeys.filter(([, key]) => page[key].length > 0);
  const entities = [...keys.map(([entity]) => entity), ...page.deleted.map(({ entity }) => entity)];
  const tables = entities.map((entity) => tableFor(db, entity));
  const written = new Set([
    ...tables,
    db.outbox,
    ...(tables.some((table) => isListed(table.name)) ? [db.postings] : []),
    ...(page.inbox.length > 0 ? [db.inbox] : []),
    ...(position ? [db.meta] : []),
  ]);
  await db.transaction('rw', [...written], async (transaction) => {
    listRecordsMyself(transaction);
    const ids = keys.flatMap(([, key]) => page[key].map((record) => record._id));
    const pending = groupByRecord(ids.length > 0 ? await db.outbox.where('recordId').anyOf(ids).toArray() : []);
    const lists = new ListChanges();
    for (const [entity, key] of keys) {
      const incoming: AnyRecord[] = page[key];
      const table = tableFor(db, entity);
      const stored = await storedCopies(table, incoming, pending);
      await writeInBatches(incoming, batchSize, (batch) => {
        const rows = batch.map((record) => {
          const before = stored.get(record._id);
          const server = newerCopy(before?._server, record)!;
          const entries = pending.get(server._id) ?? [];
          const row = storedRow(applyPending(server, entries)!, server, entries.length);
          if (isListed(table.name)) noteRecord(lists, table.name, before, row);
          return row;
        });
        // Records new to the device are added: a blocked table stores them without looking for them.
        const [replacing, adding] = [
          rows.filter((row) => stored.has(row._id)),
          rows.filter((row) => !stored.has(row._id)),
        ];
        return table.bulkPut(replacing).then(() => table.bulkAdd(adding));
      });
    }
    for (const { entity, _id } of page.deleted) {
      const table = tableFor(db, entity);
      if (isListed(table.name)) noteRecord(lists, table.name, await table.get(_id), undefined);
      await forgetRecord(db, entity, _id);
    }
    if (lists.records > 0) await writeChanges(listStoreOf(db, transaction), lists, batchSize);
    await storeInbox(db, page.inbox);
    if (position) await writeSyncPosition(db, position);
  });
}
