import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { finishedScheduleStatuses, finishedTicketStatuses, outstanding } from '#shared/parts.ts';
import { can, type Actor } from '#shared/permissions.ts';
import type { ForWorkQuery, PartsForWork, Reservation, ReservationCreate } from '#shared/schemas/part.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { partReservations, parts, schedules, tickets } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { selectReservations, toReservations } from './move-rows.ts';
import { binRefs } from './part-refs.ts';
import { usedFor } from './part-stock.ts';
import { assertMayUseFor, binExists, createForPart, partExists, recordPartChange, workOf } from './part-work.ts';
import { lockRecord, type ChangeContext } from './record-changes.ts';

async function loadReservation(executor: Db | Tx, id: string): Promise<Reservation> {
  const [found] = await selectReservations(executor).where(eq(partReservations.id, id));
  if (!found) throw notFound('Reservation not found');
  return (await toReservations(executor, [found]))[0]!;
}

const forWork = (query: { ticket?: string | undefined; schedule?: string | undefined }) =>
  query.ticket ? { ticketId: query.ticket, scheduleId: null } : { ticketId: null, scheduleId: query.schedule! };

/**
 * Parts planned for tickets and schedules (src/docs/parts.md). A reservation holds stock until it is
 * released, until the parts are issued to its work, or until its work is finished; only the release
 * is written, the other two are read from the ledger and the work's status.
 */
export function createPartReservationRepository(database: Database) {
  return {
    create(input: ReservationCreate, actor: Actor, context: ChangeContext) {
      return createForPart(
        database,
        'reservation',
        input,
        context,
        async (tx, id) => {
          const work = await workOf(tx, input);
          assertMayUseFor(actor, work, 'reserve parts');
          await partExists(tx, input.part);
          if (input.bin) await binExists(tx, input.bin, 'bin');
          await tx.insert(partReservations).values({
            id,
            partId: input.part,
            quantity: input.quantity,
            binId: input.bin ?? null,
            ticketId: work!.ticketId,
            scheduleId: work!.scheduleId,
            reservedBy: context.userId,
          });
          const { _id, quantity, bin, ticket, schedule } = input;
          await recordPartChange(
            tx,
            input.part,
            { field: 'reservation', newValue: { _id, quantity, bin, ticket, schedule } },
            context,
          );
        },
        loadReservation,
      );
    },

    /** Releases a reservation: its author or an engineer or admin. Releasing it again changes nothing. */
    release(id: string, actor: Actor, context: ChangeContext) {
      return database.write(async (tx) => {
        const [row] = await tx.select().from(partReservations).where(eq(partReservations.id, id));
        if (!row) throw notFound('Reservation not found');
        await lockRecord(database, tx, 'part', row.partId);
        if (row.reservedBy !== actor._id && !can(actor.role, 'part:manage')) {
          throw forbidden('Only the person who reserved these parts, an engineer or an admin may release them');
        }
        const [released] = await tx
          .update(partReservations)
          .set({ releasedBy: actor._id, releasedAt: new Date() })
          .where(and(eq(partReservations.id, id), isNull(partReservations.releasedAt)))
          .returning({ id: partReservations.id });
        if (released) {
          await recordPartChange(
            tx,
            row.partId,
            { field: 'reservationReleased', oldValue: { _id: id, quantity: row.quantity }, newValue: null },
            context,
          );
        }
        return loadReservation(tx, id);
      });
    },

    /** The parts of one ticket or schedule: what is planned and still held, and what was used. */
    async forWork(query: ForWorkQuery): Promise<PartsForWork> {
      const db = database.db;
      const work = forWork(query);
      const planned = await toReservations(
        db,
        await selectReservations(db)
          .where(
            and(
              work.ticketId
                ? eq(partReservations.ticketId, work.ticketId)
                : eq(partReservations.scheduleId, work.scheduleId!),
              isNull(partReservations.releasedAt),
            ),
          )
          .orderBy(asc(partReservations.createdAt), asc(partReservations.id)),
      );
      const used = (await usedFor(db, null, [work])).filter((row) => row.quantity !== 0);
      const partIds = [...new Set([...planned.map((item) => item.part._id), ...used.map((row) => row.partId)])];
      const partRows =
        partIds.length === 0
          ? []
          : await db
              .select({
                _id: parts.id,
                partNumber: parts.partNumber,
                name: parts.name,
                unit: parts.unit,
                unitCost: parts.unitCost,
              })
              .from(parts)
              .where(inArray(parts.id, partIds));
      const partOf = new Map(partRows.map(({ unitCost, ...ref }) => [ref._id, { ref, unitCost }]));
      const bins = await binRefs(
        db,
        used.map((row) => row.bin),
      );
      const held: PartsForWork['held'] = [];
      if (await isOpen(db, work)) {
        const heldBins = new Map(planned.filter((item) => item.bin).map((item) => [item.bin!._id, item.bin!]));
        for (const partId of new Set(planned.map((item) => item.part._id))) {
          const plan = planned
            .filter((item) => item.part._id === partId)
            .map((item) => ({ bin: item.bin?._id ?? null, quantity: item.quantity }));
          const taken = used.filter((row) => row.partId === partId);
          for (const [bin, quantity] of outstanding(plan, taken)) {
            if (quantity > 0)
              held.push({ part: partOf.get(partId)!.ref, bin: bin ? heldBins.get(bin)! : null, quantity });
          }
        }
      }
      return {
        planned,
        held,
        used: used.map((row) => ({
          part: partOf.get(row.partId)!.ref,
          bin: bins.get(row.bin)!,
          quantity: row.quantity,
          unitCost: partOf.get(row.partId)!.unitCost,
        })),
      };
    },
  };
}

/** A ticket not yet Resolved or Closed, maintenance not yet Completed: its reservations hold stock. */
async function isOpen(db: Db, work: { ticketId: string | null; scheduleId: string | null }): Promise<boolean> {
  const [row] = work.ticketId
    ? await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, work.ticketId), notInArray(tickets.status, [...finishedTicketStatuses])))
    : await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(eq(schedules.id, work.scheduleId!), notInArray(schedules.status, [...finishedScheduleStatuses])));
  return row !== undefined;
}
