import { and, eq } from 'drizzle-orm';
import type { TicketSource } from '../../shared/schemas/ticket.ts';
import type { Database, Tx } from '../db/client.ts';
import { schedules, tickets } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { lockRecord } from './record-changes.ts';

/**
 * The ticket a failed checklist item already raised, whoever raised it: raising it again (another
 * tablet, a replay) answers that ticket. Raises from one schedule take turns, so two never both miss it.
 */
export async function ticketFromItem(database: Database, tx: Tx, source: TicketSource): Promise<string | undefined> {
  await lockRecord(database, tx, 'schedule', source._id);
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.sourceScheduleId, source._id), eq(tickets.sourceItemId, source.itemId)));
  return row?.id;
}

export async function assertItemExists(tx: Tx, source: TicketSource): Promise<void> {
  const [row] = await tx.select({ checklist: schedules.checklist }).from(schedules).where(eq(schedules.id, source._id));
  if (!row) throw badRequest('source: maintenance schedule not found');
  if (!row.checklist.some((item) => item._id === source.itemId)) throw badRequest('source: checklist item not found');
}
