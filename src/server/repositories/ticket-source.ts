import { and, eq } from 'drizzle-orm';
import type { TicketSource } from '#shared/schemas/ticket.ts';
import type { Database, Tx } from '../db/client.ts';
import { schedules, tickets } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { saveActions, storedActions } from './action-rows.ts';
import { lockRecord, type ChangeContext } from './record-changes.ts';

const sourceColumn = { schedule: tickets.sourceScheduleId, incident: tickets.sourceIncidentId };

/** The ticket's source columns: the schedule or incident, and its checklist item or action. */
export const sourceValues = (source: TicketSource | undefined) => ({
  sourceScheduleId: source?.kind === 'schedule' ? source._id : null,
  sourceIncidentId: source?.kind === 'incident' ? source._id : null,
  sourceItemId: source?.itemId ?? null,
});

/**
 * The ticket a failed checklist item or an action already raised, whoever raised it: raising it again
 * (another tablet, a replay) answers that ticket. Raises from one record take turns, so two never both miss it.
 */
export async function ticketFromItem(database: Database, tx: Tx, source: TicketSource): Promise<string | undefined> {
  await lockRecord(database, tx, source.kind, source._id);
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(sourceColumn[source.kind], source._id), eq(tickets.sourceItemId, source.itemId)));
  return row?.id;
}

export async function assertItemExists(tx: Tx, source: TicketSource): Promise<void> {
  if (source.kind === 'incident') {
    const row = await storedActions(tx, source._id);
    if (!row) throw badRequest('source: incident not found');
    if (!row.actions.some((action) => action._id === source.itemId)) throw badRequest('source: action not found');
    return;
  }
  const [row] = await tx.select({ checklist: schedules.checklist }).from(schedules).where(eq(schedules.id, source._id));
  if (!row) throw badRequest('source: maintenance schedule not found');
  if (!row.checklist.some((item) => item._id === source.itemId)) throw badRequest('source: checklist item not found');
}

/** An action names the ticket it raised, so the incident shows it: a new version of the incident. */
export async function linkToSource(
  tx: Tx,
  changeSeq: number,
  source: TicketSource,
  ticketId: string,
  context: ChangeContext,
): Promise<void> {
  if (source.kind !== 'incident') return;
  const row = (await storedActions(tx, source._id))!;
  const actions = row.actions.map((action) => (action._id === source.itemId ? { ...action, ticketId } : action));
  const change = { field: `actions.${source.itemId}.ticket`, oldValue: null, newValue: ticketId };
  await saveActions(tx, changeSeq, row, actions, [change], context);
}

export function sourceOf(row: {
  sourceScheduleId: string | null;
  sourceIncidentId: string | null;
  sourceItemId: string | null;
}): TicketSource | null {
  if (!row.sourceItemId) return null;
  if (row.sourceScheduleId) return { kind: 'schedule', _id: row.sourceScheduleId, itemId: row.sourceItemId };
  if (row.sourceIncidentId) return { kind: 'incident', _id: row.sourceIncidentId, itemId: row.sourceItemId };
  return null;
}
