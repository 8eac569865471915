import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { inboxEntries, users } from '../db/schema.ts';

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
 * leads a shift (`handover:lead`), told in the write's transaction, never the writer.
 */
export async function noticeHandover(tx: Tx, changeSeq: number, written: Written, detail: string): Promise<void> {
  const leads = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.department, written.department),
        eq(users.active, true),
        inArray(users.role, [...permissions['handover:lead'].roles]),
        ne(users.id, written.writerId),
      ),
    );
  if (leads.length === 0) return;
  await tx
    .insert(inboxEntries)
    .values(
      leads.map((lead) => ({
        userId: lead.id,
        key: handoverKey(written.id),
        kind: 'handover' as const,
        entity: 'handover' as const,
        recordId: written.id,
        title: written.title,
        detail,
        byId: written.writerId,
        changeSeq,
      })),
    )
    .onConflictDoNothing();
}

/** Once acknowledged, nothing is left to do: the reminder is read for every lead. */
export async function settleHandoverNotices(tx: Tx, changeSeq: number, handoverId: string): Promise<void> {
  await tx
    .update(inboxEntries)
    .set({ readAt: new Date(), changeSeq })
    .where(and(eq(inboxEntries.key, handoverKey(handoverId)), isNull(inboxEntries.readAt)));
}
