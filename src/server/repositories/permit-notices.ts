import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { activeWithRoles, noticeEach, settleNotice } from './inbox-notices.ts';

export const permitRequestedKey = (permitId: string) => `permitRequested:${permitId}`;
export const permitApprovedKey = (permitId: string) => `permitApproved:${permitId}`;

interface Notice {
  permitId: string;
  /** "PTW-000012 · Potline 3 Crane" */
  title: string;
  detail: string;
  byId: string;
}

const keys = { permitRequested: permitRequestedKey, permitApproved: permitApprovedKey };

/** What each person told of a permit gets in their inbox. */
function entryOf(kind: keyof typeof keys, notice: Notice, changeSeq: number) {
  const { permitId, title, detail, byId } = notice;
  return {
    key: keys[kind](permitId),
    kind,
    entity: 'permit' as const,
    recordId: permitId,
    title,
    detail,
    byId,
    changeSeq,
  };
}

/**
 * A permit waiting for approval reaches every active safety officer and admin but its requester,
 * in the request's transaction and under its change_seq (src/docs/permits.md).
 */
export async function noticePermitRequested(tx: Tx, changeSeq: number, notice: Notice): Promise<void> {
  const people = await activeWithRoles(tx, permissions['permit:approve'].roles, notice.byId);
  await noticeEach(tx, people, entryOf('permitRequested', notice, changeSeq));
}

/** Approved (or cancelled): nobody else has to approve it, so the request is read for everyone told. */
export const settlePermitRequested = (tx: Tx, changeSeq: number, permitId: string) =>
  settleNotice(tx, changeSeq, permitRequestedKey(permitId));

/** The requester learns their permit was approved, and by whom. */
export async function noticePermitApproved(
  tx: Tx,
  changeSeq: number,
  notice: Notice & { requesterId: string | null },
): Promise<void> {
  if (!notice.requesterId || notice.requesterId === notice.byId) return;
  await noticeEach(tx, [notice.requesterId], entryOf('permitApproved', notice, changeSeq));
}
