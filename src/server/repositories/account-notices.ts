import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { roleLabels, type Role } from '#shared/enums.ts';
import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { inboxEntries, users } from '../db/schema.ts';
import { noticeEach } from './inbox-notices.ts';

interface Requester {
  id: string;
  name: string;
  /** The user's version after the change: each request or decision is told once. */
  version: number;
}

/** Every active admin but `actor`: who approves role requests. */
async function approversBesides(tx: Tx, actor: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.role, [...permissions['user:manage'].roles]), eq(users.active, true), ne(users.id, actor)),
    );
  return rows.map((row) => row.id);
}

/** A role asked for at registration: every admin's inbox gets it, with the write's change_seq. */
export async function noticeRoleRequest(tx: Tx, changeSeq: number, requester: Requester, role: Role): Promise<void> {
  await noticeEach(tx, await approversBesides(tx, requester.id), {
    key: `roleRequest:${requester.id}:${requester.version}`,
    kind: 'roleRequest',
    entity: 'user',
    recordId: requester.id,
    title: requester.name,
    detail: `Asks for the ${roleLabels[role]} role`,
    byId: requester.id,
    changeSeq,
  });
}

/**
 * An admin's answer: the requester is told, and the request is marked read in every admin's inbox, as
 * nothing is left to do about it.
 */
export async function noticeRoleDecision(
  tx: Tx,
  changeSeq: number,
  requester: Requester,
  outcome: { role: Role; approved: boolean; actor: string },
): Promise<void> {
  const detail = outcome.approved
    ? `${roleLabels[outcome.role]} role approved`
    : `${roleLabels[outcome.role]} role declined: you stay ${roleLabels.operator}`;
  await noticeEach(tx, [requester.id], {
    key: `roleDecided:${requester.id}:${requester.version}`,
    kind: 'roleDecided',
    entity: 'user',
    recordId: requester.id,
    title: requester.name,
    detail,
    byId: outcome.actor,
    changeSeq,
  });
  await tx
    .update(inboxEntries)
    .set({ readAt: new Date(), changeSeq })
    .where(
      and(eq(inboxEntries.kind, 'roleRequest'), eq(inboxEntries.recordId, requester.id), isNull(inboxEntries.readAt)),
    );
}
