import type { LocalDatabase } from './db.ts';

/** Entries of this user still waiting to reach the server (logout warns about them). */
export function pendingCount(db: LocalDatabase, userId: string): Promise<number> {
  return db.outbox.where('userId').equals(userId).count();
}

/** Forgets everything stored for the signed-in user: records, outbox, files and the sync cursor. */
export async function clearLocalData(db: LocalDatabase): Promise<void> {
  await db.transaction('rw', [db.machines, db.tickets, db.incidents, db.schedules, db.outbox, db.files, db.meta], () =>
    Promise.all([db.machines.clear(), db.tickets.clear(), db.incidents.clear(), db.schedules.clear(), db.outbox.clear(), db.files.clear(), db.meta.clear()]),
  );
}
