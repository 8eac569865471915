import { purchaseRequest } from '#shared/schemas/purchase-request.ts';
import { createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { storeWholeList } from './whole-list.ts';

/**
 * The latest purchase requests (src/docs/parts.md) become this device's, what was requested, decided
 * or received here kept on top (whole-list.ts).
 */
export async function pullPurchaseRequests(db: LocalDatabase, transport: Transport): Promise<void> {
  const listed = await createApi(transport)
    .get('purchase-requests', { searchParams: { limit: 500 } })
    .json(purchaseRequest.array());
  await storeWholeList(db, 'purchaseRequest', listed);
}
