import type { SyncEntity } from '../../shared/schemas/sync.ts';
import type { LocalDatabase, OutboxEntry } from './db.ts';
import { refreshRecord, tableFor } from './local-records.ts';

export interface QueuedChange {
  userId: string;
  entity: SyncEntity;
  recordId: string;
  kind: OutboxEntry['kind'];
  method: OutboxEntry['method'];
  url: string;
  body: Record<string, unknown>;
  preview: Record<string, unknown>;
  label: string;
  /** The client id of what is created (entry id); defaults to a new UUID. */
  id?: string;
  file?: { blob: Blob; name: string; type: string };
}

/**
 * Saves a change on this device: the outbox entry (and file) and the record as it will be shown are
 * written in one transaction, so a change is never half-saved. Returns the entry.
 */
export async function queueChange(db: LocalDatabase, change: QueuedChange): Promise<OutboxEntry> {
  const table = tableFor(db, change.entity);
  return db.transaction('rw', [table, db.outbox, db.files], async () => {
    const current = await table.get(change.recordId);
    const id = change.id ?? crypto.randomUUID();
    const fileId = change.file ? id : undefined;
    if (change.file) {
      await db.files.put({ id, blob: change.file.blob, name: change.file.name, type: change.file.type, size: change.file.blob.size });
    }
    const entry: OutboxEntry = {
      id,
      userId: change.userId,
      entity: change.entity,
      recordId: change.recordId,
      kind: change.kind,
      method: change.method,
      url: change.url,
      body: change.body,
      preview: change.preview,
      label: change.label,
      ...(fileId ? { fileId } : {}),
      clientTime: new Date().toISOString(),
      baseVersion: change.kind === 'create' ? null : ((current?._server?.version as number | undefined) ?? null),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
    };
    entry.seq = await db.outbox.add(entry);
    await refreshRecord(db, change.entity, change.recordId);
    return entry;
  });
}

/** Drops an entry (Sync panel's discard) and rolls its record back to what is left. */
export async function discardEntry(db: LocalDatabase, entry: OutboxEntry): Promise<void> {
  const table = tableFor(db, entry.entity);
  await db.transaction('rw', [table, db.outbox, db.files], async () => {
    await db.outbox.delete(entry.seq!);
    if (entry.fileId) await db.files.delete(entry.fileId);
    await refreshRecord(db, entry.entity, entry.recordId);
  });
}

/** Puts a failed entry back in the queue (Sync panel's retry). */
export async function retryEntry(db: LocalDatabase, entry: OutboxEntry): Promise<void> {
  await db.outbox.update(entry.seq!, { state: 'pending', attempts: 0, nextAttemptAt: 0, error: null });
}
