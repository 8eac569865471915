import { and, eq, isNull, ne } from 'drizzle-orm';
import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { inboxEntries, users } from '../db/schema.ts';
import { noticeEach } from './inbox-notices.ts';

interface Written {
  id: string;
  department: string;
  /** "Casting, 2026-11-27 06:00–14:00" */
  title: string;
  writerId: string;
}

export const handoverKey = (handoverId: string) => `handover:${handoverId}`;

/**
 * The incoming shift's leads (src/docs/shift-handover.md): the department's active users whose role
 * leads a shift (`handover:lead`); in a department without one, its active users, so the handover
 * still reaches the incoming shift. Told in the write's transaction, never the writer.
 */
export async function noticeHandover(tx: Tx, changeSeq: number, written: Written, detail: string): Promise<void> {
  const people = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.department, written.department), eq(users.active, true), ne(users.id, written.writerId)));
  const leadRoles: readonly string[] = permissions['handover:lead'].roles;
  const leads = people.filter((person) => leadRoles.includes(person.role));
  const told = leads.length > 0 ? leads : people;
  await noticeEach(
    tx,
    told.map((person) => person.id),
    {
      key: handoverKey(written.id),
      kind: 'handover',
      entity: 'handover',
      recordId: written.id,
      title: written.title,
      detail,
      byId: written.writerId,
      changeSeq,
    },
  );
}

/** Once acknowledged, nothing is left to do: the reminder is read for every lead. */
export async function settleHandoverNotices(tx: Tx, changeSeq: number, handoverId: string): Promise<void> {
  await tx
    .update(inboxEntries)
    .set({ readAt: new Date(), changeSeq })
    .where(and(eq(inboxEntries.key, handoverKey(handoverId)), isNull(inboxEntries.readAt)));
}
