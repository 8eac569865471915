import { eq, sql } from 'drizzle-orm';
import { roleLabels } from '#shared/enums.ts';
import { can, deniedMessage, mayUsePartsFor, type Actor } from '#shared/permissions.ts';
import type { Database, Tx } from '../db/client.ts';
import { bins, partReservations, parts, schedules, stockMoves, tickets } from '../db/schema.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { recordChange } from './change-effects.ts';
import { createOnce } from './create-once.ts';
import { lockRecord, type ChangeContext } from './record-changes.ts';

/** The checks moves and reservations share: the part, bins and work they name, and who may use that work. */

export interface Work {
  ticketId: string | null;
  scheduleId: string | null;
  /** "TKT-000042" or "maintenance "Gearbox oil"". */
  label: string;
  /** Whose work it is: the ticket's reporter and assignee, the job's assignee. */
  people: (string | null)[];
}

export async function partExists(tx: Tx, partId: string) {
  const [row] = await tx.select({ id: parts.id }).from(parts).where(eq(parts.id, partId));
  if (!row) throw badRequest('part: no part with this _id');
}

export async function binExists(tx: Tx, binId: string, field: 'bin' | 'toBin') {
  const [row] = await tx.select({ id: bins.id }).from(bins).where(eq(bins.id, binId));
  if (!row) throw badRequest(`${field}: no bin with this _id`);
}

export async function workOf(tx: Tx, input: { ticket?: string; schedule?: string }): Promise<Work | null> {
  if (input.ticket) {
    const [ticket] = await tx
      .select({ number: tickets.ticketNumber, reportedBy: tickets.reportedBy, assignedTo: tickets.assignedTo })
      .from(tickets)
      .where(eq(tickets.id, input.ticket));
    if (!ticket) throw badRequest('ticket: no ticket with this _id');
    return {
      ticketId: input.ticket,
      scheduleId: null,
      label: ticket.number,
      people: [ticket.reportedBy, ticket.assignedTo],
    };
  }
  if (input.schedule) {
    const [schedule] = await tx
      .select({ title: schedules.title, assignedTo: schedules.assignedTo })
      .from(schedules)
      .where(eq(schedules.id, input.schedule));
    if (!schedule) throw badRequest('schedule: no maintenance schedule with this _id');
    return {
      ticketId: null,
      scheduleId: input.schedule,
      label: `maintenance "${schedule.title}"`,
      people: [schedule.assignedTo],
    };
  }
  return null;
}

/**
 * Engineers and admins (`part:manage`) use parts for any work; everyone else (`part:issue`) only for a
 * ticket they reported or are assigned, or maintenance assigned to them, and never without work.
 */
export function assertMayUseFor(actor: Actor, work: Work | null, doing: string) {
  if (can(actor.role, 'part:manage')) return;
  if (!work) throw forbidden(deniedMessage(actor.role, 'part:manage'));
  if (!can(actor.role, 'part:issue')) throw forbidden(deniedMessage(actor.role, 'part:issue'));
  if (!mayUsePartsFor(actor, work.people)) {
    throw forbidden(
      `The ${roleLabels[actor.role]} role may ${doing} only for tickets they reported or are assigned to and maintenance assigned to them: ${work.label} is not theirs`,
    );
  }
}

/** A change of a part's stock or plan: a new version of the part, with the change in its history. */
export async function recordPartChange(
  tx: Tx,
  partId: string,
  change: { field: string; oldValue?: unknown; newValue: unknown },
  context: ChangeContext,
) {
  const [row] = await tx
    .update(parts)
    .set({ version: sql`${parts.version} + 1`, updatedAt: new Date() })
    .where(eq(parts.id, partId))
    .returning({ version: parts.version });
  await recordChange(tx, 'part', partId, row!.version, [{ oldValue: null, ...change }], context);
}

const creators = {
  'stock move': { table: stockMoves, creator: stockMoves.movedBy },
  reservation: { table: partReservations, creator: partReservations.reservedBy },
};

/**
 * Creates a move or a reservation of a part once per client `_id`. The part's writes take turns from
 * here to their commit: replays sent at the same moment find the first, and a count reads the bin as
 * the moves before it left it.
 */
export function createForPart<R>(
  database: Database,
  label: keyof typeof creators,
  input: { _id: string; part: string },
  context: ChangeContext,
  insert: (tx: Tx, id: string) => Promise<void>,
  load: (tx: Tx, id: string) => Promise<R>,
): Promise<{ record: R; created: boolean }> {
  const { table, creator } = creators[label];
  return database.write(async (tx) => {
    await lockRecord(database, tx, 'part', input.part);
    const { id, created } = await createOnce({
      id: input._id,
      userId: context.userId,
      label,
      findCreator: async (candidate) => {
        const [row] = await tx.select({ creator }).from(table).where(eq(table.id, candidate));
        return row;
      },
      insert: async (candidate) => {
        await insert(tx, candidate!);
        return candidate!;
      },
    });
    return { record: await load(tx, id), created };
  });
}
