import type { MachineStatus } from '#shared/enums.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { DowntimeReason } from '#shared/schemas/downtime.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import { machineStatusChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';
import { stopTicketInput } from './stop-ticket.ts';

/** A status chosen for the machine, saved on this device and sent when the server can be reached. */
export const saveMachineStatus = (
  user: UserRef,
  machine: LocalMachine,
  status: MachineStatus,
  reason: DowntimeReason | null = null,
) =>
  saveAndNotify(
    machineStatusChange(user, machine, status, reason ? { reason } : {}),
    'Machine status updated!',
    'Failed to update machine status',
  );

/** A stop with its reason and a ticket raised for it, queued before the status change that names it. */
export async function stopWithTicket(
  user: UserRef,
  machine: LocalMachine,
  status: MachineStatus,
  reason: DowntimeReason | null,
) {
  const ticket = stopTicketInput(machine, status, reason);
  const raised = await saveAndNotify(
    createTicketChange(user, machine, ticket),
    'Ticket created successfully!',
    'Failed to create ticket',
  );
  const change = machineStatusChange(user, machine, status, {
    ...(reason ? { reason } : {}),
    ...(raised ? { ticket: ticket._id } : {}),
  });
  await saveAndNotify(change, 'Machine status updated!', 'Failed to update machine status');
}
