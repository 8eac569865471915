import { maxWindowDays, type SyncScope } from '#shared/working-set.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';

/**
 * Where this device stands in the feed (src/docs/offline-sync.md): the log's cursor once the first
 * sync has ended, a snapshot while one is under way, and the window the records were brought for.
 * The position is stored with the page it follows, so a reload goes on where the last page ended.
 */
export interface SnapshotPosition {
  scope: SyncScope;
  /** The high-water mark: the log goes on from it once both scopes are stored ('' before the first page). */
  mark: string;
  /** The last stored record's position in the snapshot's order; none before the scope's first page. */
  after?: string;
  /** Records the snapshot brings in all, as the server counted them at its start (0: not known). */
  expected: number;
  /** Records stored by the snapshot so far. */
  stored: number;
  /** The device held no records when it began: once stored, it holds the working set of now, nothing to prune. */
  fresh?: boolean;
}

export interface SyncPosition {
  windowDays: number;
  log?: string;
  snapshot?: SnapshotPosition;
}

const keys = { log: 'sync:log', snapshot: 'sync:snapshot', windowDays: 'sync:windowDays' } as const;

const snapshotFrom = (mark: string): SnapshotPosition => ({ scope: 'core', mark, expected: 0, stored: 0 });

/**
 * Where a pull for `windowDays` starts: where the last one stopped; a first sync on a device with
 * none; and a snapshot under the log's cursor when the window grew since the records were brought
 * (a snapshot under way starts its scopes again), as the records it adds came by no feed.
 */
export async function startingPosition(db: LocalDatabase, windowDays: number): Promise<SyncPosition> {
  await migrateCursors(db);
  const [log, snapshot, broughtFor] = (await db.meta.bulkGet(Object.values(keys))).map((row) => row?.value);
  const stored = {
    log: log as string | undefined,
    snapshot: snapshot as SnapshotPosition | undefined,
    windowDays: (broughtFor as number | undefined) ?? windowDays,
  };
  const mark = stored.snapshot?.mark ?? stored.log;
  if (mark === undefined) return { windowDays, snapshot: { ...snapshotFrom(''), fresh: true } };
  if (stored.windowDays < windowDays) return { windowDays, log: stored.log, snapshot: snapshotFrom(mark) };
  return { ...stored, windowDays };
}

/** Call inside a transaction over `meta`: the position moves with the page it follows. */
export async function writeSyncPosition(db: LocalDatabase, position: SyncPosition): Promise<void> {
  await db.meta.bulkDelete([keys.log, keys.snapshot]);
  await db.meta.put({ key: keys.windowDays, value: position.windowDays });
  if (position.log !== undefined) await db.meta.put({ key: keys.log, value: position.log });
  if (position.snapshot) await db.meta.put({ key: keys.snapshot, value: position.snapshot });
}

/** A first sync again, keeping what is stored: the server's database no longer holds this position. */
export async function startOver(db: LocalDatabase, windowDays: number): Promise<void> {
  await db.transaction('rw', db.meta, () => writeSyncPosition(db, { windowDays, snapshot: snapshotFrom('') }));
}

/**
 * Devices of earlier versions kept one cursor (`cursor`), then one per scope (`cursor:core`,
 * `cursor:history:<days>`). Each held every change up to its cursor, so the log goes on from the
 * lowest, for the window of that history; a history never finished is brought by a snapshot under the
 * core cursor.
 */
async function migrateCursors(db: LocalDatabase): Promise<void> {
  const old = (await db.meta.toCollection().primaryKeys()).filter(
    (key) => key === 'cursor' || key.startsWith('cursor:'),
  );
  if (old.length === 0) return;
  await db.transaction('rw', db.meta, async () => {
    const rows = await db.meta.bulkGet(old);
    const cursorOf = (match: (key: string) => boolean) =>
      rows.find((row) => row && match(row.key))?.value as string | undefined;
    const single = cursorOf((key) => key === 'cursor');
    const core = cursorOf((key) => key === 'cursor:core');
    const history = cursorOf((key) => key.startsWith('cursor:history:'));
    // The whole feed, and a history to come under the window set then, cover any window.
    const historyKey = rows.find((row) => row?.key.startsWith('cursor:history:'))?.key;
    const windowDays = historyKey ? Number(historyKey.split(':')[2]) : maxWindowDays;
    const log = single ?? (core !== undefined && history !== undefined ? lowerOf(core, history) : undefined);
    if (log !== undefined) await writeSyncPosition(db, { windowDays, log });
    else if (core !== undefined)
      await writeSyncPosition(db, { windowDays, snapshot: { ...snapshotFrom(core), scope: 'history' } });
    await db.meta.bulkDelete(old);
  });
}

const lowerOf = (a: string, b: string) => (BigInt(a || 0) < BigInt(b || 0) ? a : b);
