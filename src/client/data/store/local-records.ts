import { applyPending } from './apply-pending.ts';
import { tableOf, type LocalDatabase, type OutboxEntity, type OutboxEntry } from './db.ts';
import { storedRow, type StoredRecord, type StoredRow } from './stored-row.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

export function tableFor(db: LocalDatabase, entity: OutboxEntity) {
  return db.table<StoredRecord, string, StoredRow>(tableOf[entity]);
}

/** Pending entries of one record, in queue order. */
export function entriesFor(db: LocalDatabase, recordId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('recordId').equals(recordId).sortBy('seq');
}

/**
 * The server copy to keep: a stored copy never goes back in version, so an answer that left the
 * server before a change was confirmed (a slow pull) cannot put an older copy over the newer one.
 */
export function newerCopy(stored: AnyRecord | null | undefined, incoming: AnyRecord | null): AnyRecord | null {
  if (!stored || !incoming) return incoming;
  return (stored.version as number) > (incoming.version as number) ? stored : incoming;
}

/**
 * Stores a record as the screens show it. `server` undefined keeps the server copy already stored,
 * an older one than stored is ignored; a record with neither a server copy nor pending changes is
 * removed. Call inside a transaction that covers the record's table and the outbox.
 */
export async function refreshRecord(
  db: LocalDatabase,
  entity: OutboxEntity,
  recordId: string,
  server?: AnyRecord | null,
  entries?: OutboxEntry[],
): Promise<void> {
  const table = tableFor(db, entity);
  const stored = (await table.get(recordId))?._server;
  const serverCopy = server !== undefined ? newerCopy(stored, server) : (stored ?? null);
  const pending = entries ?? (await entriesFor(db, recordId));
  const shown = applyPending(serverCopy, pending);
  if (!shown) {
    await table.delete(recordId);
    return;
  }
  await table.put(storedRow(shown, serverCopy, pending.length));
}

/** A record stored as the server sent it, nothing pending on it: storing the copy again changes nothing. */
export const isStoredAsIs = (row: StoredRecord | undefined, copy: AnyRecord): boolean =>
  row?._pending === 0 && JSON.stringify(row._server) === JSON.stringify(copy);

/** A record the server has deleted leaves this device (a pull's `deleted` list, or this user's own delete). */
export function forgetRecord(db: LocalDatabase, entity: OutboxEntity, recordId: string): Promise<void> {
  return tableFor(db, entity).delete(recordId);
}

/** A file the server has deleted leaves its record on this device at once; the next pull confirms it. */
export async function forgetAttachment(db: LocalDatabase, entity: OutboxEntity, recordId: string, fileId: string) {
  const table = tableFor(db, entity);
  await db.transaction('rw', [table, db.outbox], async () => {
    const server = (await table.get(recordId))?._server;
    if (!server) return;
    const attachments = (server.attachments as { _id: string }[]).filter((file) => file._id !== fileId);
    await refreshRecord(db, entity, recordId, { ...server, attachments });
  });
}
