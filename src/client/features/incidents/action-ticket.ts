import { actionTicketId } from '#shared/incident-actions.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { IncidentAction } from '#shared/schemas/incident-action.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import { localDb } from '#client/data/store/db.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { notify } from '#client/lib/notify.ts';
import { incidentName } from './incident-changes.ts';

type IncidentRef = Pick<Incident, '_id' | 'incidentNumber' | 'title' | 'severity'>;

/**
 * The repair an action asks for, on the chosen machine, linked to the incident and action. Its id is
 * derived from them, so raising it on two tablets, or twice offline, makes one ticket.
 */
export function actionTicketChange(
  user: UserRef,
  incident: IncidentRef,
  action: IncidentAction,
  machine: Machine,
): QueuedChange {
  return createTicketChange(user, machine, {
    _id: actionTicketId(incident._id, action._id),
    title: action.title.slice(0, 200),
    description: `Corrective action from incident ${incidentName(incident)}: ${action.title}`,
    machine: machine._id,
    priority: incident.severity,
    category: 'Mechanical',
    estimatedHours: null,
    source: { kind: 'incident', _id: incident._id, itemId: action._id },
  });
}

export async function raiseActionTicket(
  user: UserRef,
  incident: IncidentRef,
  action: IncidentAction,
  machineId: string,
): Promise<boolean> {
  const machine = await localDb.machines.get(machineId);
  if (!machine) {
    notify.error(null, 'Choose a machine on this device to raise the ticket for');
    return false;
  }
  return saveAndNotify(
    actionTicketChange(user, incident, action, machine),
    'Ticket created successfully!',
    'Failed to create ticket',
  );
}
