import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { activeWithRoles, noticeEach, settleNotice } from './inbox-notices.ts';

const requestedKey = (requestId: string) => `purchaseRequested:${requestId}`;

interface Notice {
  requestId: string;
  /** "BRG-004 · 12 each from SKF Distribution" */
  title: string;
  detail: string;
  byId: string;
}

const entryOf = (
  kind: 'purchaseRequested' | 'purchaseDecided',
  { requestId, title, detail, byId }: Notice,
  changeSeq: number,
) => ({
  key: kind === 'purchaseRequested' ? requestedKey(requestId) : `purchaseDecided:${requestId}`,
  kind,
  entity: 'purchaseRequest' as const,
  recordId: requestId,
  title,
  detail,
  byId,
  changeSeq,
});

/** A request waiting for approval reaches every active admin but its requester (src/docs/parts.md). */
export async function noticePurchaseRequested(tx: Tx, changeSeq: number, notice: Notice): Promise<void> {
  const people = await activeWithRoles(tx, permissions['purchase:approve'].roles, notice.byId);
  await noticeEach(tx, people, entryOf('purchaseRequested', notice, changeSeq));
}

/**
 * Decided or cancelled: nobody else has to approve it, so the admins' entry is read; the requester
 * learns an admin's approval or rejection (not their own cancel).
 */
export async function noticePurchaseDecided(
  tx: Tx,
  changeSeq: number,
  notice: Notice & { requesterId: string | null; tell: boolean },
): Promise<void> {
  await settleNotice(tx, changeSeq, requestedKey(notice.requestId));
  if (!notice.tell || !notice.requesterId || notice.requesterId === notice.byId) return;
  await noticeEach(tx, [notice.requesterId], entryOf('purchaseDecided', notice, changeSeq));
}
