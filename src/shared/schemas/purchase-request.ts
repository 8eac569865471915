import { z } from 'zod';
import { purchaseDecisions, purchaseStatuses } from '../purchasing.ts';
import { idSchema, oneOf, optionalFilter, optionalText, requiredText, userRef } from './common.ts';
import { part, partRef, positiveQuantity, stockMove } from './part.ts';

/** Purchase requests and the reorder list (src/docs/parts.md, "Reorder and purchase requests"). */

export const purchaseRequest = z.object({
  _id: idSchema,
  part: partRef,
  quantity: z.number(),
  supplier: z.string(),
  /** YYYY-MM-DD */
  neededBy: z.string(),
  note: z.string(),
  status: z.enum(purchaseStatuses),
  requestedBy: userRef.nullable(),
  decidedBy: userRef.nullable(),
  decidedAt: z.string().nullable(),
  /** The reason given with a rejection, or the note of an approval or a cancel. */
  decisionNote: z.string().nullable(),
  /** The sum of the receipts against it. */
  received: z.number(),
  /** Ordered less received, never below 0. */
  outstanding: z.number(),
  /** More arrived than was ordered: accepted, and shown. */
  overReceived: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

export const purchaseRequestDetail = purchaseRequest.extend({
  /** The receipt moves against it, oldest first. */
  receipts: z.array(stockMove),
});
export type PurchaseRequestDetail = z.infer<typeof purchaseRequestDetail>;

export const purchaseRequestCreate = z.object({
  _id: idSchema,
  part: idSchema,
  quantity: positiveQuantity('quantity'),
  supplier: requiredText('supplier', 200),
  neededBy: z.iso.date({ error: 'neededBy must be a date (YYYY-MM-DD)' }),
  note: optionalText('note', 2000).default(''),
});
export type PurchaseRequestCreate = z.infer<typeof purchaseRequestCreate>;

export const purchaseDecision = z
  .object({
    status: oneOf('status', purchaseDecisions),
    note: optionalText('note', 500).default(''),
  })
  .refine((value) => value.status !== 'Rejected' || value.note.length > 0, {
    message: 'give the reason for rejecting',
    path: ['note'],
  });
export type PurchaseDecisionInput = z.input<typeof purchaseDecision>;

export const purchaseReceipt = z.object({
  /** The receipt move's client id. */
  _id: idSchema,
  quantity: positiveQuantity('quantity'),
  bin: idSchema,
});
export type PurchaseReceipt = z.infer<typeof purchaseReceipt>;

export const purchaseRequestQuery = z.object({
  status: optionalFilter(oneOf('status', purchaseStatuses)),
  part: optionalFilter(idSchema),
});
export type PurchaseRequestQuery = z.infer<typeof purchaseRequestQuery>;

export const purchaseRequestListQuery = purchaseRequestQuery.extend({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').default(200),
});
export type PurchaseRequestListQuery = z.infer<typeof purchaseRequestListQuery>;

/** A line of the reorder list: a part whose free stock is at or below its minimum. */
export const reorderLine = z.object({
  part,
  /** Requested or approved and not yet received. */
  onOrder: z.number(),
  /** Up to the maximum, less the free stock and what is on order; never below 0. */
  suggested: z.number(),
});
export type ReorderLine = z.infer<typeof reorderLine>;
