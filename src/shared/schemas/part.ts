import { z } from 'zod';
import { hasAtMostThreeDecimals, moveKinds, units } from '../parts.ts';
import {
  idSchema,
  isoInstant,
  oneOf,
  optionalFilter,
  optionalText,
  pageInfo,
  requiredText,
  searchFilter,
  updated,
  userRef,
} from './common.ts';

/** Parts, stores and the stock ledger (src/docs/parts.md). */

export const bin = z.object({
  _id: idSchema,
  storeroom: idSchema,
  code: z.string(),
  description: z.string(),
});
export type Bin = z.infer<typeof bin>;

export const storeroom = z.object({
  _id: idSchema,
  name: z.string(),
  location: z.string(),
  bins: z.array(bin),
  createdAt: z.string(),
});
export type Storeroom = z.infer<typeof storeroom>;

export const storeroomCreate = z.object({
  _id: idSchema.optional(),
  name: requiredText('name', 100),
  location: optionalText('location', 200).default(''),
});
export type StoreroomCreate = z.infer<typeof storeroomCreate>;

export const binCreate = z.object({
  _id: idSchema.optional(),
  code: requiredText('code', 40),
  description: optionalText('description', 200).default(''),
});
export type BinCreate = z.infer<typeof binCreate>;

/** A bin as a part or a move names it: where it is. */
export const binRef = z.object({
  _id: idSchema,
  code: z.string(),
  storeroom: z.object({ _id: idSchema, name: z.string() }),
});
export type BinRef = z.infer<typeof binRef>;

/** Stock figures: free is on hand less what open work has reserved; negative on hand is a discrepancy. */
const stockFigures = {
  onHand: z.number(),
  reserved: z.number(),
  free: z.number(),
  discrepancy: z.boolean(),
};

export const partBin = z.object({ bin: binRef, ...stockFigures });
export type PartBin = z.infer<typeof partBin>;

export const part = z.object({
  _id: idSchema,
  partNumber: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.enum(units),
  unitCost: z.number(),
  minStock: z.number(),
  maxStock: z.number(),
  /** The machines it fits. */
  machines: z.array(z.object({ _id: idSchema, name: z.string(), machineId: z.string() })),
  /** A file `_id` from `POST /api/upload`. */
  photo: idSchema.nullable(),
  /** Every bin the part has moved through, by storeroom and code. */
  bins: z.array(partBin),
  /** Totals over the bins; `reserved` also counts what is planned without naming a bin. */
  ...stockFigures,
  /** The total on hand is under `minStock`: time to reorder. */
  belowMinimum: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Part = z.infer<typeof part>;

export const partUpdated = updated(part);

/** A line of the stock export: a part in one of its bins (a part never stocked: one line, no bin). */
export interface PartStockLine {
  part: Part;
  stock: PartBin | null;
}

export const quantity = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(1_000_000_000, `${label} must be at most 1000000000`)
    .refine(hasAtMostThreeDecimals, `${label} has at most 3 decimals`);
export const positiveQuantity = (label: string) =>
  quantity(label).refine((value) => value > 0, `${label} must be more than 0`);

const money = z
  .number({ error: 'unitCost must be a number' })
  .min(0, 'unitCost must not be negative')
  .max(100_000_000, 'unitCost must be at most 100000000')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'unitCost has at most 2 decimals');

const partFields = {
  partNumber: requiredText('partNumber', 60),
  name: requiredText('name', 200),
  description: optionalText('description', 2000),
  unit: oneOf('unit', units),
  unitCost: money,
  minStock: quantity('minStock'),
  maxStock: quantity('maxStock'),
  machines: z.array(idSchema).max(200, 'machines lists at most 200 machines'),
  photo: idSchema.nullable(),
};

const minNotAboveMax = (value: { minStock?: number; maxStock?: number }) =>
  value.minStock === undefined || value.maxStock === undefined || value.minStock <= value.maxStock;
const minAboveMax = { message: 'minStock must not be more than maxStock', path: ['minStock'] };

export const partCreate = z
  .object({
    _id: idSchema.optional(),
    ...partFields,
    description: partFields.description.default(''),
    unitCost: money.default(0),
    minStock: partFields.minStock.default(0),
    maxStock: partFields.maxStock.default(0),
    machines: partFields.machines.default([]),
    photo: partFields.photo.default(null),
  })
  .refine(minNotAboveMax, minAboveMax);
export type PartCreate = z.infer<typeof partCreate>;

export const partUpdate = z.object(partFields).partial().strict().refine(minNotAboveMax, minAboveMax);
export type PartUpdate = z.infer<typeof partUpdate>;

export const partRef = z.object({ _id: idSchema, partNumber: z.string(), name: z.string(), unit: z.enum(units) });

const workRef = {
  ticket: z.object({ _id: idSchema, ticketNumber: z.string(), title: z.string() }).nullable(),
  schedule: z.object({ _id: idSchema, title: z.string() }).nullable(),
};

export const stockMove = z.object({
  _id: idSchema,
  part: partRef,
  kind: z.enum(moveKinds),
  /** As sent: the quantity moved; for an adjustment, the quantity counted in the bin. */
  quantity: z.number(),
  /** An adjustment's effect on the bin: counted less what the ledger held when it arrived. Null otherwise. */
  change: z.number().nullable(),
  bin: binRef,
  toBin: binRef.nullable(),
  ...workRef,
  reason: z.string().nullable(),
  by: userRef.nullable(),
  /** The device's time (`X-Client-Time`) when it sent one, else when the server stored it. */
  movedAt: z.string(),
  clientTime: z.string().nullable(),
  recordedAt: z.string(),
});
export type StockMove = z.infer<typeof stockMove>;

export const stockMoveCreate = z
  .object({
    _id: idSchema,
    part: idSchema,
    kind: oneOf('kind', moveKinds),
    /** The quantity moved; for an adjustment, what was counted in `bin` (0 for an empty bin). */
    quantity: quantity('quantity'),
    bin: idSchema,
    toBin: idSchema.optional(),
    ticket: idSchema.optional(),
    schedule: idSchema.optional(),
    reason: optionalText('reason', 500).optional(),
  })
  .superRefine((move, context) => {
    const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (move.kind !== 'adjustment' && move.quantity === 0) fail('quantity', 'quantity must be more than 0');
    if (move.kind === 'adjustment' && !move.reason) fail('reason', 'reason is required for a count adjustment');
    if (move.kind === 'transfer' && !move.toBin) fail('toBin', 'toBin is required for a transfer');
    if (move.kind === 'transfer' && move.toBin === move.bin) fail('toBin', 'toBin must be another bin than bin');
    if (move.kind !== 'transfer' && move.toBin) fail('toBin', 'toBin belongs to a transfer only');
    if (move.ticket && move.schedule) fail('schedule', 'give a ticket or a schedule, not both');
    if (move.kind === 'issue' && !move.ticket && !move.schedule) {
      fail('ticket', 'an issue is to a ticket or a schedule: give ticket or schedule');
    }
    if (move.kind !== 'issue' && move.kind !== 'return' && (move.ticket || move.schedule)) {
      fail(move.ticket ? 'ticket' : 'schedule', 'only an issue or a return names a ticket or schedule');
    }
  });
export type StockMoveCreate = z.infer<typeof stockMoveCreate>;

/** A part planned for a ticket or a schedule: held from the free stock until issued or the work finishes. */
export const reservation = z.object({
  _id: idSchema,
  part: partRef,
  quantity: z.number(),
  /** The bin it will be taken from; null: any bin. */
  bin: binRef.nullable(),
  ...workRef,
  by: userRef.nullable(),
  createdAt: z.string(),
});
export type Reservation = z.infer<typeof reservation>;

export const reservationCreate = z
  .object({
    _id: idSchema,
    part: idSchema,
    quantity: positiveQuantity('quantity'),
    bin: idSchema.optional(),
    ticket: idSchema.optional(),
    schedule: idSchema.optional(),
  })
  .refine((value) => (value.ticket ? 1 : 0) + (value.schedule ? 1 : 0) === 1, {
    message: 'a reservation is for one ticket or one schedule: give exactly one of ticket or schedule',
    path: ['ticket'],
  });
export type ReservationCreate = z.infer<typeof reservationCreate>;

/** The parts of one ticket or schedule: planned, what of that is still held, and what was used. */
export const partsForWork = z.object({
  /** Reservations not released, oldest first. */
  planned: z.array(reservation),
  /** What the plan still holds per part and bin (bin null: any bin); nothing once the work is finished. */
  held: z.array(z.object({ part: partRef, bin: binRef.nullable(), quantity: z.number() })),
  /** Issued less returned, per part and bin. */
  used: z.array(z.object({ part: partRef, bin: binRef, quantity: z.number(), unitCost: z.number() })),
});
export type PartsForWork = z.infer<typeof partsForWork>;

export const forWorkQuery = z
  .object({ ticket: optionalFilter(idSchema), schedule: optionalFilter(idSchema) })
  .refine((value) => (value.ticket ? 1 : 0) + (value.schedule ? 1 : 0) === 1, {
    message: 'give exactly one of ticket or schedule',
  });
export type ForWorkQuery = z.infer<typeof forWorkQuery>;

export const partExportQuery = z.object({
  search: searchFilter,
  storeroom: optionalFilter(idSchema),
  belowMinimum: optionalFilter(
    z.enum(['true', 'false'], { error: 'belowMinimum must be true or false' }).transform((value) => value === 'true'),
  ),
});
export type PartExportQuery = z.infer<typeof partExportQuery>;

export const partListQuery = partExportQuery.extend({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000, 'page must be at most 100000').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').default(50),
});
export type PartListQuery = z.infer<typeof partListQuery>;

export const partPage = pageInfo.extend({ parts: z.array(part) });
export type PartPage = z.infer<typeof partPage>;

export const partDetail = part.extend({
  /** The latest moves, newest first (up to 50). */
  moves: z.array(stockMove),
  /** Reservations not released of work not finished. */
  reservations: z.array(reservation),
});
export type PartDetail = z.infer<typeof partDetail>;

export const moveExportQuery = z.object({
  part: optionalFilter(idSchema),
  from: optionalFilter(isoInstant('from')),
  to: optionalFilter(isoInstant('to')),
});
export type MoveExportQuery = z.infer<typeof moveExportQuery>;

export const moveListQuery = moveExportQuery.extend({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').default(100),
});
export type MoveListQuery = z.infer<typeof moveListQuery>;
