import { inboxDays } from '#shared/inbox.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import { ApiError, createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';

/** Marks sent per request (the server takes at most 500). */
const marksPerRequest = 200;

/**
 * Stores the entries a pull brought. A mark made here and not sent yet stays: the server's copy of
 * that entry predates it.
 */
export async function storeInbox(db: LocalDatabase, entries: InboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const stored = await db.inbox.bulkGet(entries.map((entry) => entry.key));
  await db.inbox.bulkPut(
    entries.map((entry, index) => {
      const local = stored[index];
      return local?.readPending ? { ...entry, readAt: local.readAt, readPending: 1 as const } : entry;
    }),
  );
}

/**
 * Forgets entries and marks older than the inbox shows (marks not sent yet stay); the feed never
 * brings them back, as it moves on by change.
 */
export async function pruneInbox(db: LocalDatabase, now: Date): Promise<number> {
  const before = new Date(now.getTime() - inboxDays * 86_400_000).toISOString();
  return db.inbox
    .where('at')
    .below(before)
    .filter((entry) => !entry.readPending)
    .delete();
}

/** Marks entries read here at once; sendReadMarks takes them to the user's other devices. */
export async function markRead(db: LocalDatabase, entries: InboxEntry[], now: Date): Promise<void> {
  const readAt = now.toISOString();
  await db.transaction('rw', db.inbox, async () => {
    const stored = await db.inbox.bulkGet(entries.map((entry) => entry.key));
    const rows = entries.flatMap((entry, index) => {
      const local = stored[index];
      if (local?.readAt) return [];
      // An entry this device derived has no row yet: its mark is one.
      const base: InboxEntry = local ?? { ...entry, kind: 'mark', title: '', detail: '', at: readAt };
      return [{ ...base, readAt, readPending: 1 as const }];
    });
    await db.inbox.bulkPut(rows);
  });
}

/**
 * Sends the marks made here. The server keeps the first mark of a key and ignores repeats, so a mark
 * sent twice (an answer lost) changes nothing; one it refuses as malformed is not sent again.
 */
export async function sendReadMarks(db: LocalDatabase, transport: Transport): Promise<void> {
  const api = createApi(transport);
  for (;;) {
    const pending = await db.inbox.where('readPending').equals(1).limit(marksPerRequest).toArray();
    if (pending.length === 0) return;
    try {
      await api.post('inbox/read', { json: { keys: pending.map((entry) => entry.key) } });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) return;
    }
    await db.inbox.bulkPut(pending.map(({ readPending: _, ...entry }) => entry));
  }
}
