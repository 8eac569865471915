import { roundQuantity } from './parts.ts';

/**
 * Reorder and purchase requests (src/docs/parts.md): the statuses of a request, how receipts move it
 * on, and the reorder suggestion. Both sides use these.
 */

export const purchaseStatuses = [
  'Requested',
  'Approved',
  'Rejected',
  'Partly received',
  'Received',
  'Cancelled',
] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

/** What an admin (approve, reject) or the requester (cancel) decides about a Requested purchase request. */
export const purchaseDecisions = ['Approved', 'Rejected', 'Cancelled'] as const;
export type PurchaseDecision = (typeof purchaseDecisions)[number];

/** Receipts are taken against these. */
export const receivableStatuses = ['Approved', 'Partly received'] as const satisfies readonly PurchaseStatus[];

/** Still to arrive: what is requested or approved and not yet received counts as on order. */
export const openPurchaseStatuses = [
  'Requested',
  'Approved',
  'Partly received',
] as const satisfies readonly PurchaseStatus[];

export const isReceivable = (status: PurchaseStatus) => (receivableStatuses as readonly string[]).includes(status);
export const isOpenPurchase = (status: PurchaseStatus) => (openPurchaseStatuses as readonly string[]).includes(status);

/** An approved request's status follows what its receipts add up to. */
export function statusForReceived(ordered: number, received: number): PurchaseStatus {
  if (received >= ordered) return 'Received';
  return received > 0 ? 'Partly received' : 'Approved';
}

/** What of a request is still to come (never below zero: the supplier may send more than ordered). */
export const outstandingOf = (ordered: number, received: number) => roundQuantity(Math.max(0, ordered - received));

/** Enough to bring the free stock up to the maximum, counting what is already on order. */
export const suggestedOrder = (part: { maxStock: number; free: number }, onOrder: number) =>
  roundQuantity(Math.max(0, part.maxStock - part.free - onOrder));

/** A part is on the reorder list when its free stock is at or below its minimum (a minimum of 0: not stocked). */
export const needsReorder = (part: { minStock: number; free: number }) =>
  part.minStock > 0 && part.free <= part.minStock;
