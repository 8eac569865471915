import { syncPage, type SyncEntity, type SyncPage } from '../../shared/schemas/sync.ts';
import { ApiError, createApi, type Transport } from '../lib/api.ts';
import { applyPending } from './apply-pending.ts';
import { tableOf, type LocalDatabase, type OutboxEntry } from './db.ts';
import { forgetRecord, newerCopy, tableFor } from './local-records.ts';
import type { SyncStatusStore } from './sync-status.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

const pageKeys: [SyncEntity, keyof Pick<SyncPage, 'machines' | 'tickets' | 'incidents' | 'schedules'>][] = [
  ['machine', 'machines'],
  ['ticket', 'tickets'],
  ['incident', 'incidents'],
  ['schedule', 'schedules'],
];

function groupByRecord(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of entries.sort((a, b) => a.seq! - b.seq!)) {
    groups.set(entry.recordId, [...(groups.get(entry.recordId) ?? []), entry]);
  }
  return groups;
}

/** Stores one page: each record becomes the server copy, with this device's pending changes kept on top. */
async function applyPage(db: LocalDatabase, page: SyncPage): Promise<void> {
  const tables = Object.values(tableOf).map((name) => db.table(name));
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const pending = groupByRecord(await db.outbox.toArray());
    for (const [entity, key] of pageKeys) {
      const table = tableFor(db, entity);
      const received: AnyRecord[] = page[key];
      const stored = await table.bulkGet(received.map((record) => record._id));
      const rows = received.map((incoming, index) => {
        const server = newerCopy(stored[index]?._server, incoming)!;
        const entries = pending.get(server._id) ?? [];
        return { ...applyPending(server, entries)!, _server: server, _pending: entries.length };
      });
      if (rows.length > 0) await table.bulkPut(rows);
    }
    for (const { entity, _id } of page.deleted) await forgetRecord(db, entity, _id);
    await db.meta.put({ key: 'cursor', value: page.cursor });
  });
}

/**
 * Brings everything that changed on the server since the stored cursor. Returns the number of
 * records received, or null when the server could not be reached.
 */
export async function pullChanges(
  db: LocalDatabase,
  transport: Transport,
  status: SyncStatusStore,
  limit = 500,
): Promise<number | null> {
  const api = createApi(transport);
  let received = 0;
  let cursor = ((await db.meta.get('cursor'))?.value as string | undefined) ?? '';
  status.set({ isPulling: true, isFullPull: cursor === '', pulledRecords: 0 });
  try {
    for (;;) {
      let page: SyncPage;
      try {
        page = await api.get('sync', { searchParams: { cursor, limit } }).json(syncPage);
      } catch (error) {
        const answered = error instanceof ApiError ? error.status : null;
        status.set({ isOnline: answered !== 0 });
        if (answered === 401) status.set({ needsSignIn: true });
        return null;
      }
      status.set({ isOnline: true });
      await applyPage(db, page);
      received += page.machines.length + page.tickets.length + page.incidents.length + page.schedules.length;
      status.set({ pulledRecords: received });
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const lastPulledAt = new Date().toISOString();
    await db.meta.put({ key: 'lastPulledAt', value: lastPulledAt });
    status.set({ lastPulledAt });
    return received;
  } finally {
    status.set({ isPulling: false });
  }
}
