import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { roundQuantity } from '#shared/parts.ts';
import { can, deniedMessage, type Actor } from '#shared/permissions.ts';
import { isReceivable, statusForReceived, type PurchaseStatus } from '#shared/purchasing.ts';
import type {
  PurchaseDecisionInput,
  PurchaseReceipt,
  PurchaseRequestCreate,
  PurchaseRequestDetail,
  PurchaseRequestListQuery,
  PurchaseRequestQuery,
  PurchaseRequest,
} from '#shared/schemas/purchase-request.ts';
import type { Database, Tx } from '../db/client.ts';
import { purchaseRequests, stockMoves } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import { recordChange } from './change-effects.ts';
import { createOnce } from './create-once.ts';
import { readHistory } from './history.ts';
import { createForPart, partExists } from './part-work.ts';
import { noticePurchaseDecided, noticePurchaseRequested } from './purchase-requests-notices.ts';
import { reorderList } from './purchase-requests-reorder.ts';
import { loadRequest, selectRequests, toRequest } from './purchase-requests-rows.ts';
import { lockRecord, type ChangeContext } from './record-changes.ts';
import { insertMove } from './stock-moves.ts';

function filters(query: PurchaseRequestQuery): SQL | undefined {
  return and(
    query.status ? eq(purchaseRequests.status, query.status) : undefined,
    query.part ? eq(purchaseRequests.partId, query.part) : undefined,
  );
}

/** What an inbox entry says of a request: the part, and how much from whom by when. */
const noticeOf = (request: PurchaseRequest) => ({
  requestId: request._id,
  title: `${request.part.partNumber} ${request.part.name}`,
  detail: `${request.quantity} ${request.part.unit} from ${request.supplier}, needed by ${request.neededBy}`,
});

const approvedStatuses: readonly PurchaseStatus[] = ['Approved', 'Partly received', 'Received'];

const newest = [desc(purchaseRequests.createdAt), desc(purchaseRequests.id)];

/** A new version of the request with its status and these changes in its history. */
async function changeStatus(
  tx: Tx,
  id: string,
  set: Partial<typeof purchaseRequests.$inferInsert> & { status: PurchaseStatus },
  changes: { field: string; oldValue: unknown; newValue: unknown }[],
  context: ChangeContext,
) {
  const [row] = await tx
    .update(purchaseRequests)
    .set({ ...set, version: sql`${purchaseRequests.version} + 1`, updatedAt: new Date() })
    .where(eq(purchaseRequests.id, id))
    .returning({ version: purchaseRequests.version });
  await recordChange(tx, 'purchaseRequest', id, row!.version, changes, context);
}

/** Who may take this decision on a Requested request (src/docs/parts.md). */
function assertMayDecide(actor: Actor, decision: PurchaseDecisionInput['status'], requestedBy: string | null) {
  if (decision === 'Cancelled') {
    if (requestedBy !== actor._id && !can(actor.role, 'purchase:approve')) {
      throw forbidden('Only the person who requested this purchase or an admin may cancel it');
    }
    return;
  }
  if (!can(actor.role, 'purchase:approve')) throw forbidden(deniedMessage(actor.role, 'purchase:approve'));
  if (decision === 'Approved' && requestedBy === actor._id) {
    throw forbidden('Another admin approves a purchase you requested: nobody approves their own spending');
  }
}

/**
 * Purchase requests (src/docs/parts.md): Requested, then Approved or Rejected by an admin or Cancelled;
 * an approved request is received as receipt moves of the ledger, and its status follows their sum.
 */
export function createPurchaseRequestRepository(database: Database) {
  const db = database.db;
  return {
    async list(query: PurchaseRequestListQuery): Promise<PurchaseRequest[]> {
      const rows = await selectRequests(db, filters(query))
        .orderBy(...newest)
        .limit(query.limit);
      return rows.map(toRequest);
    },

    /** Every request the filters match, newest first, in batches of 500 (the CSV export). */
    async *exportAll(query: PurchaseRequestQuery): AsyncGenerator<PurchaseRequest[]> {
      for (let offset = 0; ; offset += 500) {
        const rows = await selectRequests(db, filters(query))
          .orderBy(...newest)
          .limit(500)
          .offset(offset);
        if (rows.length > 0 || offset === 0) yield rows.map(toRequest);
        if (rows.length < 500) return;
      }
    },

    get: (id: string): Promise<PurchaseRequestDetail> => loadRequest(db, id),

    reorder: () => reorderList(db),

    async history(id: string) {
      await loadRequest(db, id);
      return readHistory(db, 'purchaseRequest', id);
    },

    create(input: PurchaseRequestCreate, context: ChangeContext) {
      return database.write(async (tx, changeSeq) => {
        const { id, created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'purchase request',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: purchaseRequests.requestedBy })
              .from(purchaseRequests)
              .where(eq(purchaseRequests.id, candidate));
            return row;
          },
          insert: async (candidate) => {
            await partExists(tx, input.part);
            const { _id, part, ...fields } = input;
            await tx
              .insert(purchaseRequests)
              .values({ id: candidate!, partId: part, ...fields, requestedBy: context.userId });
            await recordChange(
              tx,
              'purchaseRequest',
              candidate!,
              1,
              [{ field: 'created', oldValue: null, newValue: { part, ...fields } }],
              context,
            );
            const record = await loadRequest(tx, candidate!);
            await noticePurchaseRequested(tx, changeSeq, { ...noticeOf(record), byId: context.userId });
            return candidate!;
          },
        });
        return { record: await loadRequest(tx, id), created };
      });
    },

    /**
     * Approves, rejects or cancels a Requested request. The same decision again (a replay) changes
     * nothing; another decision on a request already decided is 409.
     */
    decide(
      id: string,
      input: { status: PurchaseDecisionInput['status']; note: string },
      actor: Actor,
      context: ChangeContext,
    ) {
      return database.write(async (tx, changeSeq) => {
        await lockRecord(database, tx, 'purchaseRequest', id);
        const [row] = await tx.select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
        if (!row) throw notFound('Purchase request not found');
        assertMayDecide(actor, input.status, row.requestedBy);
        const approvedAlready = input.status === 'Approved' && approvedStatuses.includes(row.status);
        if (approvedAlready || row.status === input.status) return loadRequest(tx, id);
        if (row.status !== 'Requested') {
          throw conflict(
            `This purchase request is ${row.status}: only a Requested one can be ${input.status.toLowerCase()}`,
          );
        }
        const note = input.note || null;
        await changeStatus(
          tx,
          id,
          { status: input.status, decidedBy: actor._id, decidedAt: new Date(), decisionNote: note },
          [
            { field: 'status', oldValue: row.status, newValue: input.status },
            ...(note ? [{ field: 'decisionNote', oldValue: null, newValue: note }] : []),
          ],
          context,
        );
        const record = await loadRequest(tx, id);
        await noticePurchaseDecided(tx, changeSeq, {
          ...noticeOf(record),
          detail: note ? `${input.status}: ${note}` : input.status,
          byId: actor._id,
          requesterId: row.requestedBy,
          tell: input.status !== 'Cancelled',
        });
        return record;
      });
    },

    /**
     * A receipt against an Approved or Partly received request: a `receipt` move of the ledger that
     * names the request, once per `_id`. More than ordered is accepted (and shown as over-received).
     */
    async receive(id: string, input: PurchaseReceipt, actor: Actor, context: ChangeContext) {
      const [request] = await db.select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
      if (!request) throw notFound('Purchase request not found');
      if (!can(actor.role, 'part:manage')) throw forbidden(deniedMessage(actor.role, 'part:manage'));
      return createForPart(
        database,
        'stock move',
        { _id: input._id, part: request.partId },
        context,
        async (tx, moveId) => {
          const [current] = await tx.select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
          if (!isReceivable(current!.status)) {
            throw conflict(`This purchase request is ${current!.status}: only an Approved one is received`);
          }
          const move = { ...input, part: request.partId, kind: 'receipt' as const, purchaseRequest: id };
          await insertMove(tx, moveId, move, actor, context);
          const [{ received } = { received: 0 }] = await tx
            .select({ received: sql<number>`coalesce(sum(${stockMoves.quantity}), 0)`.mapWith(Number) })
            .from(stockMoves)
            .where(eq(stockMoves.purchaseRequestId, id));
          const status = statusForReceived(current!.quantity, roundQuantity(received));
          await changeStatus(
            tx,
            id,
            { status },
            [
              { field: 'receipt', oldValue: null, newValue: { _id: moveId, quantity: input.quantity, bin: input.bin } },
              ...(status === current!.status ? [] : [{ field: 'status', oldValue: current!.status, newValue: status }]),
            ],
            context,
          );
        },
        async (tx, moveId) => {
          const [move] = await tx
            .select({ request: stockMoves.purchaseRequestId })
            .from(stockMoves)
            .where(eq(stockMoves.id, moveId));
          if (move?.request !== id) throw conflict('A stock move with this _id was already made for something else');
          return loadRequest(tx, id);
        },
      );
    },
  };
}
