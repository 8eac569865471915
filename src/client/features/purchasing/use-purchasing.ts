import { needsReorder, isOpenPurchase, outstandingOf, suggestedOrder } from '#shared/purchasing.ts';
import { roundQuantity } from '#shared/parts.ts';
import type { PurchaseRequest } from '#shared/schemas/purchase-request.ts';
import { localDb, type Local } from '#client/data/store/db.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import type { LocalPart } from '#client/features/parts/use-parts.ts';

export type LocalRequest = Local<PurchaseRequest>;

/** The purchase requests this device holds (with its own on top), newest first. */
export function usePurchaseRequests(): LocalRequest[] | undefined {
  return useLiveQuery(async () => {
    const rows = await localDb.purchaseRequests.toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, []);
}

export interface LocalReorderLine {
  part: LocalPart;
  onOrder: number;
  suggested: number;
}

/**
 * The reorder list from the device's parts and requests, by the rules the server's
 * `GET /api/parts/reorder` applies (shared/purchasing.ts), so it works offline.
 */
export function reorderLines(parts: LocalPart[], requests: PurchaseRequest[]): LocalReorderLine[] {
  const onOrder = new Map<string, number>();
  for (const request of requests.filter((candidate) => isOpenPurchase(candidate.status))) {
    const still = outstandingOf(request.quantity, request.received);
    onOrder.set(request.part._id, roundQuantity((onOrder.get(request.part._id) ?? 0) + still));
  }
  return parts.filter(needsReorder).map((part) => {
    const ordered = onOrder.get(part._id) ?? 0;
    return { part, onOrder: ordered, suggested: suggestedOrder(part, ordered) };
  });
}
