import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Role } from '#shared/enums.ts';
import type { Tx } from '../db/client.ts';
import { inboxEntries, users } from '../db/schema.ts';

/** An inbox entry as each person told gets it: everything but whose inbox it is in. */
export type Notice = Omit<typeof inboxEntries.$inferInsert, 'userId'>;

/**
 * Puts the same entry in the inbox of each of `people`, in the write's transaction (give it the
 * write's change_seq, so it reaches the devices' feed). A person who already has the key keeps the
 * entry they have: a replayed write tells nobody twice.
 */
export async function noticeEach(tx: Tx, people: readonly string[], notice: Notice): Promise<void> {
  if (people.length === 0) return;
  await tx
    .insert(inboxEntries)
    .values(people.map((userId) => ({ ...notice, userId })))
    .onConflictDoNothing();
}

/** Every active user of these roles but `except` (who caused the notice): who is told to act. */
export async function activeWithRoles(tx: Tx, roles: readonly Role[], except: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.active, true), ne(users.id, except)));
  return rows.map(({ id }) => id);
}

/** Nobody else has to act on it: the entry under this key is read for everyone it was given to. */
export async function settleNotice(tx: Tx, changeSeq: number, key: string): Promise<void> {
  await tx
    .update(inboxEntries)
    .set({ readAt: new Date(), changeSeq })
    .where(and(eq(inboxEntries.key, key), isNull(inboxEntries.readAt)));
}
