import { and, asc, desc, eq, gt, gte, isNull, lte, or } from 'drizzle-orm';
import { isStopped } from '#shared/downtime-reasons.ts';
import type { MachineStatus } from '#shared/enums.ts';
import type { DowntimeEvent, DowntimeReason, MachineStop } from '#shared/schemas/downtime.ts';
import type { Db, Tx } from '../db/client.ts';
import { downtimeEvents, machineStatusChanges, tickets } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { iso } from './sql-helpers.ts';

type ChangeRow = typeof machineStatusChanges.$inferSelect;
type EventRow = typeof downtimeEvents.$inferInsert;

export interface StatusChange {
  machineId: string;
  status: MachineStatus;
  /** When the user made it on the device. */
  at: Date;
  reason?: DowntimeReason | null | undefined;
  ticket?: string | null | undefined;
  userId: string;
}

/** Changes in the order they happened on the floor; ties in the order they were recorded. */
const inTimeOrder = [asc(machineStatusChanges.changedAt), asc(machineStatusChanges.recordedAt)];

/**
 * The stops the changes make, in time order, starting from an up machine: a Down or Maintenance after
 * an up status opens one (its id: that change's), the next Running or Idle closes it; a reason or
 * ticket given while stopped is the event's (the latest one given wins).
 */
function eventsOf(changes: ChangeRow[]): EventRow[] {
  const events: EventRow[] = [];
  let open: EventRow | undefined;
  for (const change of changes) {
    if (!isStopped(change.status)) {
      if (open) open.endedAt = change.changedAt;
      open = undefined;
      continue;
    }
    if (!open) {
      open = {
        id: change.id,
        machineId: change.machineId,
        status: change.status,
        startedAt: change.changedAt,
        endedAt: null,
      };
      events.push(open);
    }
    if (change.reasonCategory) {
      open.reasonCategory = change.reasonCategory;
      open.reasonDetail = change.reasonDetail;
      open.reasonNote = change.reasonNote;
    }
    if (change.ticketId) open.ticketId = change.ticketId;
  }
  return events;
}

/** Rebuilds the machine's events from its changes at or after `from`, a time when it was up. */
export async function rebuildDowntime(tx: Tx, machineId: string, from: Date): Promise<void> {
  const changes = await tx
    .select()
    .from(machineStatusChanges)
    .where(and(eq(machineStatusChanges.machineId, machineId), gte(machineStatusChanges.changedAt, from)))
    .orderBy(...inTimeOrder);
  await tx
    .delete(downtimeEvents)
    .where(and(eq(downtimeEvents.machineId, machineId), gte(downtimeEvents.startedAt, from)));
  const events = eventsOf(changes);
  if (events.length > 0) await tx.insert(downtimeEvents).values(events);
}

/**
 * Records a status change and rebuilds the machine's events from the stop it falls in (or from its
 * time) onwards, so a change replayed late lands where it happened: it never closes a stop that opened
 * after it. Answers whether it is the machine's latest change, i.e. whether it sets the current status.
 */
export async function recordStatusChange(tx: Tx, change: StatusChange): Promise<{ isLatest: boolean }> {
  if (change.ticket) {
    const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, change.ticket));
    if (!ticket) throw badRequest('ticket: no ticket has this id');
  }
  const { machineId, at } = change;
  const [later] = await tx
    .select({ id: machineStatusChanges.id })
    .from(machineStatusChanges)
    .where(and(eq(machineStatusChanges.machineId, machineId), gt(machineStatusChanges.changedAt, at)))
    .limit(1);
  await tx.insert(machineStatusChanges).values({
    machineId,
    status: change.status,
    changedAt: at,
    reasonCategory: change.reason?.category ?? null,
    reasonDetail: change.reason?.detail ?? null,
    reasonNote: change.reason?.note ?? null,
    ticketId: change.ticket ?? null,
    userId: change.userId,
  });
  const [containing] = await tx
    .select({ startedAt: downtimeEvents.startedAt })
    .from(downtimeEvents)
    .where(
      and(
        eq(downtimeEvents.machineId, machineId),
        lte(downtimeEvents.startedAt, at),
        or(isNull(downtimeEvents.endedAt), gt(downtimeEvents.endedAt, at)),
      ),
    );
  await rebuildDowntime(tx, machineId, containing?.startedAt ?? at);
  return { isLatest: !later };
}

type StoredReason = Pick<EventRow, 'reasonCategory' | 'reasonDetail' | 'reasonNote'>;

const reasonOf = (event: StoredReason) =>
  event.reasonCategory
    ? { category: event.reasonCategory, detail: event.reasonDetail ?? null, note: event.reasonNote ?? null }
    : null;

/** The machine's open stop as its record carries it, or null while it is up. */
export async function currentStop(tx: Tx, machineId: string): Promise<MachineStop | null> {
  const [open] = await tx
    .select()
    .from(downtimeEvents)
    .where(and(eq(downtimeEvents.machineId, machineId), isNull(downtimeEvents.endedAt)))
    .orderBy(desc(downtimeEvents.startedAt))
    .limit(1);
  return open ? { since: iso(open.startedAt), reason: reasonOf(open), ticket: open.ticketId } : null;
}

const minutesBetween = (start: Date, end: Date) => Math.round((end.getTime() - start.getTime()) / 60_000);

/** The machine's stops, newest first; an open one lasts until now. */
export async function machineDowntime(db: Db, machineId: string, now = new Date()): Promise<DowntimeEvent[]> {
  const rows = await db
    .select({ event: downtimeEvents, ticketNumber: tickets.ticketNumber, ticketStatus: tickets.status })
    .from(downtimeEvents)
    .leftJoin(tickets, eq(tickets.id, downtimeEvents.ticketId))
    .where(eq(downtimeEvents.machineId, machineId))
    .orderBy(desc(downtimeEvents.startedAt))
    .limit(500);
  return rows.map(({ event, ticketNumber, ticketStatus }) => ({
    _id: event.id,
    status: event.status,
    startedAt: iso(event.startedAt),
    endedAt: event.endedAt && iso(event.endedAt),
    durationMinutes: minutesBetween(event.startedAt, event.endedAt ?? now),
    reason: reasonOf(event),
    ticket:
      event.ticketId && ticketNumber && ticketStatus
        ? { _id: event.ticketId, ticketNumber, status: ticketStatus }
        : null,
  }));
}
