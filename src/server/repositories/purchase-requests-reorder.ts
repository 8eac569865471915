import { and, asc, gt, inArray, or, sql } from 'drizzle-orm';
import { roundQuantity } from '#shared/parts.ts';
import { needsReorder, openPurchaseStatuses, outstandingOf, suggestedOrder } from '#shared/purchasing.ts';
import type { ReorderLine } from '#shared/schemas/purchase-request.ts';
import type { Db, Tx } from '../db/client.ts';
import { parts, purchaseRequests } from '../db/schema.ts';
import { withStock } from './part-rows.ts';
import { onHandTotal } from './part-stock.ts';
import { receivedSum } from './purchase-requests-rows.ts';

/** What is on order per part: requested or approved, less what has been received of it. */
async function onOrderOf(db: Db | Tx, partIds: string[]): Promise<Map<string, number>> {
  const onOrder = new Map<string, number>();
  if (partIds.length === 0) return onOrder;
  const open = await db
    .select({ partId: purchaseRequests.partId, quantity: purchaseRequests.quantity, received: receivedSum })
    .from(purchaseRequests)
    .where(and(inArray(purchaseRequests.partId, partIds), inArray(purchaseRequests.status, [...openPurchaseStatuses])));
  for (const { partId, quantity, received } of open) {
    onOrder.set(partId, roundQuantity((onOrder.get(partId) ?? 0) + outstandingOf(quantity, received)));
  }
  return onOrder;
}

/**
 * The reorder list (src/docs/parts.md): parts whose free stock is at or below their minimum, by part
 * number, each with what is on order and a suggestion up to the maximum. Free stock needs the
 * reservations, so SQL keeps the parts that may qualify (on hand at or below the minimum, or stock
 * reserved) and the figures decide.
 */
export async function reorderList(db: Db | Tx): Promise<ReorderLine[]> {
  const reserved = sql`exists (select 1 from part_reservations r where r.part_id = ${parts.id} and r.released_at is null)`;
  const rows = await db
    .select()
    .from(parts)
    .where(and(gt(parts.minStock, 0), or(sql`${onHandTotal} <= ${parts.minStock}`, reserved)))
    .orderBy(asc(parts.partNumber));
  const candidates = (await withStock(db, rows)).filter(needsReorder);
  const onOrder = await onOrderOf(
    db,
    candidates.map((part) => part._id),
  );
  return candidates.map((part) => {
    const ordered = onOrder.get(part._id) ?? 0;
    return { part, onOrder: ordered, suggested: suggestedOrder(part, ordered) };
  });
}
