import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  figures,
  finishedScheduleStatuses,
  finishedTicketStatuses,
  onHandByBin,
  outstanding,
  roundQuantity,
  type BinFigures,
  type Planned,
  type Used,
} from '#shared/parts.ts';
import type { Db, Tx } from '../db/client.ts';
import { partReservations, parts, schedules, stockMoves, tickets } from '../db/schema.ts';

/**
 * Stock figures read from the ledger (src/docs/parts.md). On hand is summed per part, bin, target bin
 * and kind in SQL, and those few sums go through the same arithmetic as single moves (shared/parts.ts).
 */

/**
 * A part's total on hand in SQL, for filters: moveEffects summed over every bin (a transfer moves
 * stock between bins and leaves the total as it was). parts.test.ts checks it against the figures.
 */
export const onHandTotal = sql`coalesce((select sum(case m.kind
    when 'receipt' then m.quantity when 'return' then m.quantity when 'issue' then -m.quantity
    when 'adjustment' then m.change else 0 end) from stock_moves m where m.part_id = ${parts.id}), 0)`;

/** On hand per bin of each part. */
export async function onHandOf(executor: Db | Tx, partIds: string[]): Promise<Map<string, Map<string, number>>> {
  const byPart = new Map<string, Map<string, number>>();
  if (partIds.length === 0) return byPart;
  const sums = await executor
    .select({
      partId: stockMoves.partId,
      kind: stockMoves.kind,
      bin: stockMoves.binId,
      toBin: stockMoves.toBinId,
      quantity: sql<number>`sum(${stockMoves.quantity})`.mapWith(Number),
      change: sql<number>`coalesce(sum(${stockMoves.change}), 0)`.mapWith(Number),
    })
    .from(stockMoves)
    .where(inArray(stockMoves.partId, partIds))
    .groupBy(stockMoves.partId, stockMoves.kind, stockMoves.binId, stockMoves.toBinId);
  const sumsOf = Map.groupBy(sums, (sum) => sum.partId);
  for (const [partId, ofPart] of sumsOf) byPart.set(partId, onHandByBin(ofPart));
  return byPart;
}

/** One bin's on hand, as a count finds it before it changes it. */
export async function onHandInBin(tx: Tx, partId: string, binId: string): Promise<number> {
  return (await onHandOf(tx, [partId])).get(partId)?.get(binId) ?? 0;
}

/** Reservations that still hold stock: not released, and their ticket or schedule not finished. */
export const openReservation = and(
  isNull(partReservations.releasedAt),
  or(isNull(tickets.status), notInArray(tickets.status, [...finishedTicketStatuses])),
  or(isNull(schedules.status), notInArray(schedules.status, [...finishedScheduleStatuses])),
);

const workKey = (row: { partId: string; ticketId: string | null; scheduleId: string | null }) =>
  `${row.partId}|${row.ticketId ?? ''}|${row.scheduleId ?? ''}`;

/** What is still reserved of each part per bin (`null`: planned without a bin), over all open work. */
export async function reservedOf(
  executor: Db | Tx,
  partIds: string[],
): Promise<Map<string, Map<string | null, number>>> {
  const byPart = new Map<string, Map<string | null, number>>();
  if (partIds.length === 0) return byPart;
  const planned = await executor
    .select({
      partId: partReservations.partId,
      ticketId: partReservations.ticketId,
      scheduleId: partReservations.scheduleId,
      bin: partReservations.binId,
      quantity: sql<number>`sum(${partReservations.quantity})`.mapWith(Number),
    })
    .from(partReservations)
    .leftJoin(tickets, eq(tickets.id, partReservations.ticketId))
    .leftJoin(schedules, eq(schedules.id, partReservations.scheduleId))
    .where(and(inArray(partReservations.partId, partIds), openReservation))
    .groupBy(partReservations.partId, partReservations.ticketId, partReservations.scheduleId, partReservations.binId);
  if (planned.length === 0) return byPart;
  const used = await usedFor(executor, partIds, planned);
  const plans = new Map<string, { partId: string; planned: Planned[]; used: Used[] }>();
  for (const row of planned) {
    const entry = plans.get(workKey(row)) ?? { partId: row.partId, planned: [], used: [] };
    entry.planned.push({ bin: row.bin, quantity: row.quantity });
    plans.set(workKey(row), entry);
  }
  for (const row of used) plans.get(workKey(row))?.used.push({ bin: row.bin, quantity: row.quantity });
  for (const { partId, planned: plan, used: taken } of plans.values()) {
    const reserved = byPart.get(partId) ?? new Map<string | null, number>();
    for (const [bin, quantity] of outstanding(plan, taken)) {
      reserved.set(bin, roundQuantity((reserved.get(bin) ?? 0) + quantity));
    }
    byPart.set(partId, reserved);
  }
  return byPart;
}

/** Issued less returned per part, work and bin, for this work (of these parts, or of every part). */
export async function usedFor(
  executor: Db | Tx,
  partIds: string[] | null,
  work: { ticketId: string | null; scheduleId: string | null }[],
) {
  const ticketIds = [...new Set(work.flatMap((item) => (item.ticketId ? [item.ticketId] : [])))];
  const scheduleIds = [...new Set(work.flatMap((item) => (item.scheduleId ? [item.scheduleId] : [])))];
  return executor
    .select({
      partId: stockMoves.partId,
      ticketId: stockMoves.ticketId,
      scheduleId: stockMoves.scheduleId,
      bin: stockMoves.binId,
      quantity:
        sql<number>`sum(case when ${stockMoves.kind} = 'issue' then ${stockMoves.quantity} else -${stockMoves.quantity} end)`.mapWith(
          Number,
        ),
    })
    .from(stockMoves)
    .where(
      and(
        partIds ? inArray(stockMoves.partId, partIds) : undefined,
        inArray(stockMoves.kind, ['issue', 'return']),
        or(
          ticketIds.length > 0 ? inArray(stockMoves.ticketId, ticketIds) : undefined,
          scheduleIds.length > 0 ? inArray(stockMoves.scheduleId, scheduleIds) : undefined,
        ),
      ),
    )
    .groupBy(stockMoves.partId, stockMoves.ticketId, stockMoves.scheduleId, stockMoves.binId);
}

export interface StockFigures extends BinFigures {
  bins: (BinFigures & { bin: string })[];
}

/** Each part's figures per bin and in total. A bin that holds nothing and has nothing reserved still shows. */
export async function stockOf(executor: Db | Tx, partIds: string[]): Promise<Map<string, StockFigures>> {
  const onHand = await onHandOf(executor, partIds);
  const reserved = await reservedOf(executor, partIds);
  const result = new Map<string, StockFigures>();
  for (const partId of partIds) {
    const held = onHand.get(partId) ?? new Map<string, number>();
    const holds = reserved.get(partId) ?? new Map<string | null, number>();
    const binIds = new Set([...held.keys(), ...[...holds.keys()].filter((bin): bin is string => bin !== null)]);
    const bins = [...binIds].map((bin) => ({ bin, ...figures(held.get(bin) ?? 0, holds.get(bin) ?? 0) }));
    const sum = (values: Iterable<number>) => roundQuantity([...values].reduce((total, value) => total + value, 0));
    const total = figures(sum(held.values()), sum(holds.values()));
    result.set(partId, { ...total, discrepancy: total.discrepancy || bins.some((bin) => bin.discrepancy), bins });
  }
  return result;
}
