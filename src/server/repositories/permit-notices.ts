import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { inboxEntries, users } from '../db/schema.ts';

const approverRoles = [...permissions['permit:approve'].roles];

export const permitRequestedKey = (permitId: string) => `permitRequested:${permitId}`;
export const permitApprovedKey = (permitId: string) => `permitApproved:${permitId}`;

interface Notice {
  permitId: string;
  /** "PTW-000012 · Potline 3 Crane" */
  title: string;
  detail: string;
  byId: string;
}

/**
 * A permit waiting for approval reaches every active safety officer and admin but its requester,
 * in the request's transaction and under its change_seq (src/docs/permits.md).
 */
export async function noticePermitRequested(tx: Tx, changeSeq: number, notice: Notice): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, approverRoles), eq(users.active, true), ne(users.id, notice.byId)));
  if (people.length === 0) return;
  await tx
    .insert(inboxEntries)
    .values(
      people.map(({ id }) => ({
        userId: id,
        key: permitRequestedKey(notice.permitId),
        kind: 'permitRequested' as const,
        entity: 'permit' as const,
        recordId: notice.permitId,
        title: notice.title,
        detail: notice.detail,
        byId: notice.byId,
        changeSeq,
      })),
    )
    .onConflictDoNothing();
}

/** Approved (or cancelled): nobody else has to approve it, so the request is read for everyone told. */
export async function settlePermitRequested(tx: Tx, changeSeq: number, permitId: string): Promise<void> {
  await tx
    .update(inboxEntries)
    .set({ readAt: new Date(), changeSeq })
    .where(and(eq(inboxEntries.key, permitRequestedKey(permitId)), isNull(inboxEntries.readAt)));
}

/** The requester learns their permit was approved, and by whom. */
export async function noticePermitApproved(
  tx: Tx,
  changeSeq: number,
  notice: Notice & { requesterId: string | null },
): Promise<void> {
  if (!notice.requesterId || notice.requesterId === notice.byId) return;
  await tx
    .insert(inboxEntries)
    .values({
      userId: notice.requesterId,
      key: permitApprovedKey(notice.permitId),
      kind: 'permitApproved',
      entity: 'permit',
      recordId: notice.permitId,
      title: notice.title,
      detail: notice.detail,
      byId: notice.byId,
      changeSeq,
    })
    .onConflictDoNothing();
}
