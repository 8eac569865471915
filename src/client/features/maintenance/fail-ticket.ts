import { failTicketId, failTicketText } from '#shared/checklist.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { ChecklistItem, Schedule } from '#shared/schemas/schedule.ts';
import { localDb } from '#client/data/store/db.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { notify } from '#client/lib/notify.ts';

/**
 * The repair a failed item asks for: a ticket for the schedule's machine with the item's task and
 * note, linked to the item. Its id is derived from the schedule and item, so raising it on two
 * tablets, or twice offline, makes one ticket.
 */
export function failTicketChange(
  user: UserRef,
  schedule: Pick<Schedule, '_id' | 'title' | 'priority'>,
  item: ChecklistItem,
  machine: Machine,
): QueuedChange {
  return createTicketChange(user, machine, {
    _id: failTicketId(schedule._id, item._id),
    ...failTicketText(schedule.title, item),
    machine: machine._id,
    priority: schedule.priority,
    category: 'Mechanical',
    estimatedHours: null,
    source: { kind: 'schedule', _id: schedule._id, itemId: item._id },
  });
}

/** The Raise Ticket button of a failed item. */
export async function raiseFailTicket(user: UserRef, schedule: Schedule, item: ChecklistItem): Promise<void> {
  const machine = schedule.machine && (await localDb.machines.get(schedule.machine._id));
  if (!machine) {
    notify.error(null, 'This maintenance has no machine on this device to raise a ticket for');
    return;
  }
  await saveAndNotify(
    failTicketChange(user, schedule, item, machine),
    'Ticket created successfully!',
    'Failed to create ticket',
  );
}
