import { roundQuantity } from '#shared/parts.ts';
import { statusForReceived, type PurchaseStatus } from '#shared/purchasing.ts';
import type { Tx } from '../db/client.ts';
import { purchaseRequests, recordHistory, stockMoves } from '../db/schema.ts';
import { reorderList } from '../repositories/purchase-requests-reorder.ts';
import type { Person } from './demo-records.ts';
import { recordLog, type HistoryRow } from './history.ts';
import { insertInChunks } from './insert.ts';
import type { Random } from './random.ts';

const day = 86_400_000;

const suppliers = [
  'SKF Distribution',
  'Brammer Buck & Hickman',
  'Parker Store Dunkirk',
  'Rexel Industrie',
  'Bearing Point',
];

/** What each seeded request went through: its decision, and how much of it arrived (a share of it). */
const stories: { status: PurchaseStatus; note?: string; arrived?: number }[] = [
  { status: 'Requested' },
  { status: 'Requested' },
  { status: 'Approved' },
  { status: 'Approved', arrived: 0.5 },
  { status: 'Approved', arrived: 1 },
  { status: 'Rejected', note: 'Two on the shelf at Potroom Stores: transfer them first' },
  { status: 'Cancelled', note: 'Ordered by phone with the rush order' },
];

/**
 * Purchase requests (src/docs/parts.md) for the parts the seeded ledger left at or below minimum:
 * waiting for approval, approved, partly and wholly received, rejected and cancelled. Parts without
 * a request stay on the reorder list with nothing on order.
 */
export async function seedPurchaseRequests(tx: Tx, random: Random, people: Person[], now: Date): Promise<void> {
  const storekeeper = people.find((person) => person.role === 'maintenance_engineer')!;
  const admin = people.find((person) => person.role === 'admin')!;
  const lines = (await reorderList(tx)).filter((line) => line.part.bins.length > 0);
  const requests: (typeof purchaseRequests.$inferInsert)[] = [];
  const receipts: (typeof stockMoves.$inferInsert)[] = [];
  const history: HistoryRow[] = [];
  for (const [index, story] of stories.entries()) {
    const line = lines[index];
    if (!line) break;
    const id = random.uuid();
    const quantity = Math.max(1, line.suggested);
    const createdAt = new Date(now.getTime() - random.int(3, 9) * day);
    const log = recordLog('purchaseRequest', id, history, storekeeper.id, createdAt);
    let status: PurchaseStatus = 'Requested';
    const decidedAt = new Date(createdAt.getTime() + day);
    if (story.status !== 'Requested') {
      status = story.status;
      const by = story.status === 'Cancelled' ? storekeeper.id : admin.id;
      log.change(decidedAt, by, {
        status: ['Requested', story.status],
        ...(story.note ? { decisionNote: [null, story.note] } : {}),
      });
    }
    if (story.arrived) {
      const received = roundQuantity(Math.max(1, Math.floor(quantity * story.arrived)));
      const at = new Date(decidedAt.getTime() + random.int(1, 2) * day);
      const receipt = {
        id: random.uuid(),
        partId: line.part._id,
        kind: 'receipt' as const,
        quantity: received,
        binId: line.part.bins[0]!.bin._id,
        reason: 'Purchase order delivery',
        movedBy: storekeeper.id,
        createdAt: at,
        purchaseRequestId: id,
      };
      receipts.push(receipt);
      status = statusForReceived(quantity, received);
      log.change(at, storekeeper.id, {
        receipt: [null, { _id: receipt.id, quantity: received, bin: receipt.binId }],
        status: ['Approved', status],
      });
    }
    requests.push({
      id,
      partId: line.part._id,
      quantity,
      supplier: random.pick(suppliers),
      neededBy: new Date(createdAt.getTime() + random.int(10, 21) * day).toISOString().slice(0, 10),
      status,
      requestedBy: storekeeper.id,
      ...(story.status === 'Requested'
        ? {}
        : {
            decidedBy: story.status === 'Cancelled' ? storekeeper.id : admin.id,
            decidedAt,
            decisionNote: story.note ?? null,
          }),
      version: log.state.version,
      createdAt,
      updatedAt: log.state.updatedAt,
    });
  }
  await insertInChunks(tx, purchaseRequests, requests);
  await insertInChunks(tx, stockMoves, receipts);
  await insertInChunks(tx, recordHistory, history);
}
