import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { outstandingOf } from '#shared/purchasing.ts';
import type { PurchaseRequest, PurchaseRequestDetail } from '#shared/schemas/purchase-request.ts';
import type { Db, Tx } from '../db/client.ts';
import { parts, purchaseRequests, stockMoves, users } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { partRef, selectMoves, toMoves } from './move-rows.ts';
import { iso, isoOrNull } from './sql-helpers.ts';

/** Purchase requests as the API hands them: with their part, people and what their receipts add up to. */

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/**
 * What the receipts against a request add up to, from the ledger. The request's id is named with its
 * table: in a select of one table Drizzle leaves columns unqualified, and "id" would be the move's.
 */
export const receivedSum = sql<number>`coalesce((select sum(m.quantity) from ${stockMoves} m
  where m.purchase_request_id = ${purchaseRequests}.id and m.kind = 'receipt'), 0)`.mapWith(Number);

export function selectRequests(executor: Db | Tx, where: SQL | undefined) {
  return executor
    .select({
      row: purchaseRequests,
      part: partRef,
      requesterName: requester.name,
      deciderName: decider.name,
      received: receivedSum,
    })
    .from(purchaseRequests)
    .innerJoin(parts, eq(parts.id, purchaseRequests.partId))
    .leftJoin(requester, eq(requester.id, purchaseRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, purchaseRequests.decidedBy))
    .where(where);
}

type Selected = Awaited<ReturnType<typeof selectRequests>>[number];

const person = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

export function toRequest({ row, part, requesterName, deciderName, received }: Selected): PurchaseRequest {
  return {
    _id: row.id,
    part,
    quantity: row.quantity,
    supplier: row.supplier,
    neededBy: row.neededBy,
    note: row.note,
    status: row.status,
    requestedBy: person(row.requestedBy, requesterName),
    decidedBy: person(row.decidedBy, deciderName),
    decidedAt: isoOrNull(row.decidedAt),
    decisionNote: row.decisionNote,
    received,
    outstanding: outstandingOf(row.quantity, received),
    overReceived: received > row.quantity,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function loadRequest(executor: Db | Tx, id: string): Promise<PurchaseRequestDetail> {
  const [found] = await selectRequests(executor, eq(purchaseRequests.id, id));
  if (!found) throw notFound('Purchase request not found');
  const receipts = await selectMoves(executor)
    .where(and(eq(stockMoves.purchaseRequestId, id), eq(stockMoves.kind, 'receipt')))
    .orderBy(asc(stockMoves.movedAt), asc(stockMoves.id));
  return { ...toRequest(found), receipts: await toMoves(executor, receipts) };
}
