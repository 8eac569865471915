import type { LocalDatabase } from '#client/data/store/db.ts';

/** Entries of this user still waiting to reach the server (logout warns about them). */
export function pendingCount(db: LocalDatabase, userId: string): Promise<number> {
  return db.outbox.where('userId').equals(userId).count();
}

/** Forgets everything stored for the signed-in user: records, pins, outbox, files and the sync cursor. */
export async function clearLocalData(db: LocalDatabase): Promise<void> {
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())));
}
