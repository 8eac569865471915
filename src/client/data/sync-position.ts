import type { SyncScope } from '../../shared/working-set.ts';
import type { LocalDatabase } from './db.ts';

/**
 * Where this device stands in the feed (src/docs/offline-sync.md): the log's cursor once the first
 * sync has ended, and a snapshot while one is under way. Both are stored with the page they follow,
 * so a reload goes on where the last stored page ended.
 */
export interface SnapshotPosition {
  scope: SyncScope;
  /** The high-water mark: the log goes on from it once both scopes are stored. */
  mark: string;
  /** The last stored record's position in the snapshot's order; none before the scope's first page. */
  after?: string;
  /** Records the snapshot brings in all, as the server counted them at its start (0: not known). */
  expected: number;
  /** Records stored by the snapshot so far. */
  stored: number;
}

export interface SyncPosition {
  log?: string;
  snapshot?: SnapshotPosition;
}

const logKey = 'sync:log';
const snapshotKey = 'sync:snapshot';

export async function readSyncPosition(db: LocalDatabase): Promise<SyncPosition> {
  await migrateCursors(db);
  const [log, snapshot] = await db.meta.bulkGet([logKey, snapshotKey]);
  return { log: log?.value as string | undefined, snapshot: snapshot?.value as SnapshotPosition | undefined };
}

/** Call inside a transaction over `meta`: the position moves with the page it follows. */
export async function writeSyncPosition(db: LocalDatabase, position: SyncPosition): Promise<void> {
  await db.meta.bulkDelete([logKey, snapshotKey]);
  if (position.log !== undefined) await db.meta.put({ key: logKey, value: position.log });
  if (position.snapshot) await db.meta.put({ key: snapshotKey, value: position.snapshot });
}

/**
 * A longer window: the records it adds come by a snapshot of the working set under the log's cursor,
 * after which the log goes on from the same cursor (a snapshot under way starts its scopes again).
 */
export async function resnapshot(db: LocalDatabase): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const { log, snapshot } = await readSyncPosition(db);
    const mark = snapshot?.mark ?? log;
    if (mark === undefined) return;
    await writeSyncPosition(db, { log, snapshot: { scope: 'core', mark, expected: 0, stored: 0 } });
  });
}

/**
 * Devices of earlier versions kept one cursor (`cursor`), then one per scope (`cursor:core`,
 * `cursor:history:<days>`). Each held every change up to its cursor, so the log goes on from the
 * lowest; a history never finished is brought by a snapshot under the core cursor.
 */
async function migrateCursors(db: LocalDatabase): Promise<void> {
  const keys = (await db.meta.toCollection().primaryKeys()).filter((key) => key === 'cursor' || key.startsWith('cursor:'));
  if (keys.length === 0) return;
  await db.transaction('rw', db.meta, async () => {
    const rows = await db.meta.bulkGet(keys);
    const cursorOf = (match: (key: string) => boolean) =>
      rows.find((row) => row && match(row.key))?.value as string | undefined;
    const single = cursorOf((key) => key === 'cursor');
    const core = cursorOf((key) => key === 'cursor:core');
    const history = cursorOf((key) => key.startsWith('cursor:history:'));
    const lowest = [single, core !== undefined && history !== undefined ? lowerOf(core, history) : undefined];
    const log = lowest.find((cursor) => cursor !== undefined);
    if (log !== undefined) await writeSyncPosition(db, { log });
    else if (core !== undefined)
      await writeSyncPosition(db, { snapshot: { scope: 'history', mark: core, expected: 0, stored: 0 } });
    await db.meta.bulkDelete(keys);
  });
}

const lowerOf = (a: string, b: string) => (BigInt(a || 0) < BigInt(b || 0) ? a : b);
