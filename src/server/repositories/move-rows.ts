import { eq } from 'drizzle-orm';
import type { Reservation, StockMove } from '#shared/schemas/part.ts';
import type { Db, Tx } from '../db/client.ts';
import { partReservations, parts, schedules, stockMoves, tickets, users } from '../db/schema.ts';
import { binRefs } from './part-refs.ts';
import { iso, isoOrNull } from './sql-helpers.ts';

/** Stock moves and reservations as the API hands them: with their part, bins, work and who made them. */

export const partRef = { _id: parts.id, partNumber: parts.partNumber, name: parts.name, unit: parts.unit };
const workRef = {
  ticket: { _id: tickets.id, ticketNumber: tickets.ticketNumber, title: tickets.title },
  schedule: { _id: schedules.id, title: schedules.title },
  byName: users.name,
};

export function selectMoves(executor: Db | Tx) {
  return executor
    .select({ row: stockMoves, part: partRef, ...workRef })
    .from(stockMoves)
    .innerJoin(parts, eq(parts.id, stockMoves.partId))
    .leftJoin(tickets, eq(tickets.id, stockMoves.ticketId))
    .leftJoin(schedules, eq(schedules.id, stockMoves.scheduleId))
    .leftJoin(users, eq(users.id, stockMoves.movedBy));
}

export function selectReservations(executor: Db | Tx) {
  return executor
    .select({ row: partReservations, part: partRef, ...workRef })
    .from(partReservations)
    .innerJoin(parts, eq(parts.id, partReservations.partId))
    .leftJoin(tickets, eq(tickets.id, partReservations.ticketId))
    .leftJoin(schedules, eq(schedules.id, partReservations.scheduleId))
    .leftJoin(users, eq(users.id, partReservations.reservedBy));
}

type SelectedMove = Awaited<ReturnType<ReturnType<typeof selectMoves>['where']>>[number];
type SelectedReservation = Awaited<ReturnType<ReturnType<typeof selectReservations>['where']>>[number];

const work = (selected: SelectedMove | SelectedReservation, userId: string | null) => ({
  ticket: selected.ticket?._id ? selected.ticket : null,
  schedule: selected.schedule?._id ? selected.schedule : null,
  by: userId ? { _id: userId, name: selected.byName ?? '' } : null,
});

export async function toMoves(executor: Db | Tx, selected: SelectedMove[]): Promise<StockMove[]> {
  const bins = await binRefs(
    executor,
    selected.flatMap(({ row }) => [row.binId, row.toBinId]),
  );
  return selected.map((item) => {
    const { row } = item;
    return {
      _id: row.id,
      part: item.part,
      kind: row.kind,
      quantity: row.quantity,
      change: row.change,
      bin: bins.get(row.binId)!,
      toBin: row.toBinId ? bins.get(row.toBinId)! : null,
      ...work(item, row.movedBy),
      reason: row.reason,
      movedAt: iso(row.movedAt),
      clientTime: isoOrNull(row.clientTime),
      recordedAt: iso(row.createdAt),
    };
  });
}

export async function toReservations(executor: Db | Tx, selected: SelectedReservation[]): Promise<Reservation[]> {
  const bins = await binRefs(
    executor,
    selected.map(({ row }) => row.binId),
  );
  return selected.map((item) => ({
    _id: item.row.id,
    part: item.part,
    quantity: item.row.quantity,
    bin: item.row.binId ? bins.get(item.row.binId)! : null,
    ...work(item, item.row.reservedBy),
    createdAt: iso(item.row.createdAt),
  }));
}
