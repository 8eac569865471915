import type { EntryOf, LocalDatabase, OutboxEntry, OutboxKind } from '#client/data/store/db.ts';
import { refreshRecord, tableFor } from '#client/data/store/local-records.ts';
import { newId } from '#shared/ids.ts';

type EntryState =
  | 'seq'
  | 'id'
  | 'clientTime'
  | 'baseVersion'
  | 'state'
  | 'attempts'
  | 'nextAttemptAt'
  | 'waitsForNetwork'
  | 'error';

/** A change of one kind as the screens build it; the outbox adds the rest when it is queued. */
export type QueuedOf<K extends OutboxKind> = Omit<EntryOf<K>, EntryState | 'fileId'> & {
  /** The client id of what is created (entry id); defaults to a new UUID. */
  id?: string;
  /**
   * The version an edit form opened from, when it differs from the server's copy now: a value someone
   * else saved while the form was open is then reported as overwritten. Defaults to the server's copy.
   */
  baseVersion?: number | null;
} & (K extends 'attachment' ? { file: { blob: Blob; name: string; type: string } } : unknown);

export type QueuedChange = { [K in OutboxKind]: QueuedOf<K> }[OutboxKind];

/**
 * Saves a change on this device: the outbox entry (and file) and the record as it will be shown are
 * written in one transaction, so a change is never half-saved. Returns the entry.
 */
export async function queueChange(db: LocalDatabase, change: QueuedChange): Promise<OutboxEntry> {
  const table = tableFor(db, change.entity);
  return db.transaction('rw', [table, db.outbox, db.files], async () => {
    const current = await table.get(change.recordId);
    const { file, baseVersion, ...queued } = change as QueuedChange & {
      file?: { blob: Blob; name: string; type: string };
    };
    const id = change.id ?? newId();
    if (file) await db.files.put({ id, blob: file.blob, name: file.name, type: file.type, size: file.blob.size });
    const entry = {
      ...queued,
      ...(file ? { fileId: id } : {}),
      id,
      clientTime: new Date().toISOString(),
      baseVersion:
        change.kind === 'create'
          ? null
          : baseVersion !== undefined
            ? baseVersion
            : ((current?._server?.version as number | undefined) ?? null),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
    } as OutboxEntry;
    entry.seq = await db.outbox.add(entry);
    await refreshRecord(db, change.entity, change.recordId);
    return entry;
  });
}

/** Drops an entry (Sync panel's discard) and rolls its record back to what is left. */
export async function discardEntry(db: LocalDatabase, entry: OutboxEntry): Promise<void> {
  const table = tableFor(db, entry.entity);
  await db.transaction('rw', [table, db.outbox, db.files], async () => {
    await db.outbox.delete(entry.seq);
    if (entry.kind === 'attachment') await db.files.delete(entry.fileId);
    await refreshRecord(db, entry.entity, entry.recordId);
  });
}

/** Puts a failed entry back in the queue (Sync panel's retry). */
export async function retryEntry(db: LocalDatabase, entry: OutboxEntry): Promise<void> {
  await db.outbox.update(entry.seq, { state: 'pending', attempts: 0, nextAttemptAt: 0, error: null });
}
