import type { Tx } from '../db/client.ts';
import { inboxEntries } from '../db/schema.ts';

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
