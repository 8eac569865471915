import { syncPage, type SyncEntity, type SyncPage } from '../../shared/schemas/sync.ts';
import { syncScopes, type SyncScope } from '../../shared/working-set.ts';
import { ApiError, createApi, type Transport } from '../lib/api.ts';
import { applyPending } from './apply-pending.ts';
import { tableOf, type LocalDatabase, type OutboxEntry } from './db.ts';
import { storeInbox } from './inbox-store.ts';
import { forgetRecord, newerCopy, tableFor } from './local-records.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { cursorKey, migrateCursor, readWindowDays, yieldToUi } from './working-set.ts';

type AnyRecord = Record<string, unknown> & { _id: string };
type Api = ReturnType<typeof createApi>;

const pageKeys: [SyncEntity, keyof Pick<SyncPage, 'machines' | 'tickets' | 'incidents' | 'schedules'>][] = [
  ['machine', 'machines'],
  ['ticket', 'tickets'],
  ['incident', 'incidents'],
  ['schedule', 'schedules'],
];
/** Records stored per transaction: small enough that storing them never holds the screen for long. */
const recordsPerTransaction = 100;

function groupByRecord(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of entries.sort((a, b) => a.seq! - b.seq!)) {
    groups.set(entry.recordId, [...(groups.get(entry.recordId) ?? []), entry]);
  }
  return groups;
}

/** Stores received records: each becomes the server copy, with this device's pending changes kept on top. */
async function storeRecords(db: LocalDatabase, received: { entity: SyncEntity; record: AnyRecord }[]) {
  const tables = Object.values(tableOf).map((name) => db.table(name));
  await db.transaction('rw', [...tables, db.outbox], async () => {
    const ids = received.map(({ record }) => record._id);
    const pending = groupByRecord(await db.outbox.where('recordId').anyOf(ids).toArray());
    for (const [entity] of pageKeys) {
      const table = tableFor(db, entity);
      const incoming = received.filter((item) => item.entity === entity).map(({ record }) => record);
      if (incoming.length === 0) continue;
      const stored = await table.bulkGet(incoming.map((record) => record._id));
      const rows = incoming.map((record, index) => {
        const server = newerCopy(stored[index]?._server, record)!;
        const entries = pending.get(server._id) ?? [];
        return { ...applyPending(server, entries)!, _server: server, _pending: entries.length };
      });
      await table.bulkPut(rows);
    }
  });
}

/** Stores one page in small transactions, giving the screen back between them; the cursor moves last. */
async function applyPage(db: LocalDatabase, page: SyncPage, cursorKeyOfScope: string): Promise<void> {
  const received = pageKeys.flatMap(([entity, key]) => page[key].map((record: AnyRecord) => ({ entity, record })));
  for (let at = 0; at < received.length; at += recordsPerTransaction) {
    await storeRecords(db, received.slice(at, at + recordsPerTransaction));
    await yieldToUi();
  }
  const tables = Object.values(tableOf).map((name) => db.table(name));
  await db.transaction('rw', [...tables, db.meta, db.inbox], async () => {
    for (const { entity, _id } of page.deleted) await forgetRecord(db, entity, _id);
    await storeInbox(db, page.inbox);
    await db.meta.put({ key: cursorKeyOfScope, value: page.cursor });
  });
}

/** Pulls one scope to its end; the number of records received, or null when the server could not be reached. */
async function pullScope(
  db: LocalDatabase,
  api: Api,
  status: SyncStatusStore,
  scope: SyncScope,
  windowDays: number,
  limit: number,
): Promise<number | null> {
  const key = cursorKey(scope, windowDays);
  let cursor = ((await db.meta.get(key))?.value as string | undefined) ?? '';
  let received = 0;
  status.set({ pullScope: scope, isFullPull: cursor === '', pulledRecords: 0 });
  for (;;) {
    let page: SyncPage;
    try {
      page = await api.get('sync', { searchParams: { cursor, limit, scope, windowDays } }).json(syncPage);
    } catch (error) {
      const answered = error instanceof ApiError ? error.status : null;
      status.set({ isOnline: answered !== 0 });
      if (answered === 401) status.set({ needsSignIn: true });
      return null;
    }
    status.set({ isOnline: true });
    await applyPage(db, page, key);
    received += page.machines.length + page.tickets.length + page.incidents.length + page.schedules.length;
    status.set({ pulledRecords: received });
    cursor = page.cursor;
    if (!page.hasMore) return received;
  }
}

/**
 * Brings what changed on the server in this device's working set: the core scope (machines and the
 * open work) to its end first, so the app is usable, then the history within the window. Returns the
 * number of records received, or null when the server could not be reached.
 */
export async function pullChanges(
  db: LocalDatabase,
  transport: Transport,
  status: SyncStatusStore,
  limit = 500,
): Promise<number | null> {
  const api = createApi(transport);
  const windowDays = await readWindowDays(db);
  await migrateCursor(db, windowDays);
  status.set({ isPulling: true });
  try {
    let received = 0;
    for (const scope of syncScopes) {
      const scopeReceived = await pullScope(db, api, status, scope, windowDays, limit);
      if (scopeReceived === null) return null;
      received += scopeReceived;
    }
    const lastPulledAt = new Date().toISOString();
    await db.meta.put({ key: 'lastPulledAt', value: lastPulledAt });
    status.set({ lastPulledAt });
    return received;
  } finally {
    status.set({ isPulling: false, pullScope: null });
  }
}
