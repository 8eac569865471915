import { roundQuantity } from '#shared/parts.ts';
import { outstandingOf, statusForReceived, type PurchaseStatus } from '#shared/purchasing.ts';
import type { PurchaseRequest } from '#shared/schemas/purchase-request.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

/** A decision made here, shown on the request until the server confirms it. */
export const requestAfterDecision = (record: AnyRecord, decision: Partial<PurchaseRequest>): AnyRecord => ({
  ...record,
  ...decision,
});

/** A receipt made here: received, outstanding and the status as the server will compute them. */
export function requestAfterReceipt(record: AnyRecord, quantity: number): AnyRecord {
  const request = record as unknown as PurchaseRequest;
  const received = roundQuantity(request.received + quantity);
  const status: PurchaseStatus = statusForReceived(request.quantity, received);
  return {
    ...record,
    received,
    outstanding: outstandingOf(request.quantity, received),
    overReceived: received > request.quantity,
    status,
  };
}
