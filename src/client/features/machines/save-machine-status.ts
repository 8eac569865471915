import type { MachineStatus } from '#shared/enums.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { DowntimeReason } from '#shared/schemas/downtime.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { notify } from '#client/lib/notify.ts';
import { runningDeniedHere } from '#client/features/permits/work-rules.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import { machineStatusChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';
import { stopTicketInput } from './stop-ticket.ts';

/**
 * A status chosen for the machine, saved on this device and sent when the server can be reached; not
 * Running while a lock of a permit to work is on it (src/docs/permits.md).
 */
export async function saveMachineStatus(
  user: UserRef,
  machine: LocalMachine,
  status: MachineStatus,
  reason: DowntimeReason | null = null,
): Promise<boolean> {
  const locked = status === 'Running' ? await runningDeniedHere(machine) : null;
  if (locked) {
    notify.error(null, locked);
    return false;
  }
  return saveAndNotify(
    machineStatusChange(user, machine, status, reason ? { reason } : {}),
    'Machine status updated!',
    'Failed to update machine status',
  );
}

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
