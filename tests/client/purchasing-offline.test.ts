import { describe, expect, it } from 'vitest';
import { queueChange } from '#client/data/outbox/writes.ts';
import { pullParts } from '#client/data/sync/parts-store.ts';
import { pullPurchaseRequests } from '#client/data/sync/purchase-requests-store.ts';
import { purchaseReceiptChange, purchaseRequestChange } from '#client/features/purchasing/purchase-changes.ts';
import { reorderLines } from '#client/features/purchasing/use-purchasing.ts';
import { partDetail } from '#shared/schemas/part.ts';
import { purchaseRequest, purchaseRequestDetail } from '#shared/schemas/purchase-request.ts';
import { useLiveDevice } from './helpers/device.ts';
import { partStores } from './helpers/part-stores.ts';

const device = useLiveDevice('maintenance_engineer');
const { user } = device;

const { post, stores, stockedPart } = partStores(device);

/** A bin, and a part with 1 in it: at its minimum of 1, so on the reorder list with 9 suggested. */
async function partAtMinimum() {
  const where = await stores();
  return { part: await stockedPart(where, 1), bin: where.bin };
}

const localLine = async (partId: string) =>
  reorderLines(await device.db.parts.toArray(), await device.db.purchaseRequests.toArray()).find(
    (line) => line.part._id === partId,
  );

describe('purchasing on a device', () => {
  it('saves a request and a receipt offline; each reaches the server once through a lost answer', async () => {
    const { part, bin } = await partAtMinimum();
    await pullParts(device.db, device.network.transport);
    await pullPurchaseRequests(device.db, device.network.transport);
    expect(await localLine(part._id)).toMatchObject({ onOrder: 0, suggested: 9 });

    const asked = purchaseRequestChange(user(), (await device.db.parts.get(part._id))!, {
      quantity: 9,
      supplier: 'Freudenberg',
      neededBy: '2026-12-20',
      note: '',
    });
    await queueChange(device.db, asked);
    expect(await device.db.purchaseRequests.get(asked.recordId)).toMatchObject({ status: 'Requested', _pending: 1 });
    expect(await localLine(part._id)).toMatchObject({ onOrder: 9, suggested: 0 });
    await device.sendThroughALostAnswer(1);
    const listed = purchaseRequest
      .array()
      .parse((await device.adminGet(`/api/purchase-requests?part=${part._id}`)).json());
    expect(listed.map((request) => [request._id, request.status, request.quantity])).toEqual([
      [asked.recordId, 'Requested', 9],
    ]);

    await post(`/api/purchase-requests/${asked.recordId}/status`, { status: 'Approved' });
    await pullPurchaseRequests(device.db, device.network.transport);
    const approved = (await device.db.purchaseRequests.get(asked.recordId))!;
    expect(approved).toMatchObject({ status: 'Approved', _pending: 0 });

    const receipt = purchaseReceiptChange(user(), approved, 4, bin);
    await queueChange(device.db, receipt);
    expect(await device.db.purchaseRequests.get(asked.recordId)).toMatchObject({
      status: 'Partly received',
      received: 4,
      outstanding: 5,
      _pending: 1,
    });
    await device.sendThroughALostAnswer(1);
    const onServer = purchaseRequestDetail.parse(
      (await device.adminGet(`/api/purchase-requests/${asked.recordId}`)).json(),
    );
    expect(onServer).toMatchObject({ status: 'Partly received', received: 4, outstanding: 5 });
    expect(onServer.receipts.map((move) => move._id)).toEqual([receipt.id]);
    expect(partDetail.parse((await device.adminGet(`/api/parts/${part._id}`)).json())).toMatchObject({ onHand: 5 });
    expect(await device.db.purchaseRequests.get(asked.recordId)).toMatchObject({
      status: 'Partly received',
      received: 4,
      _pending: 0,
    });
  });
});
