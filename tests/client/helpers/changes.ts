import type { QueuedChange } from '../../../src/client/data/writes.ts';
import {
  createTicketChange,
  ticketCommentChange,
  ticketStatusChange,
} from '../../../src/client/features/tickets/ticket-changes.ts';
import type { TicketStatus } from '../../../src/shared/enums.ts';
import type { Machine } from '../../../src/shared/schemas/machine.ts';

interface User {
  _id: string;
  name: string;
}

/** The changes the screens make, through the screens' own builders. */
export function newTicket(user: User, machine: { _id: string }, title = 'Hydraulic leak on coiler'): QueuedChange {
  return createTicketChange(user, machine as Machine, {
    title,
    description: 'Oil under the mandrel',
    machine: machine._id,
    priority: 'High',
    category: 'Hydraulic',
    estimatedHours: 2,
  });
}

const ticketRef = (ticketId: string) => ({ _id: ticketId, ticketNumber: '', title: 'ticket' });

export const ticketComment = (user: User, ticketId: string, text: string) =>
  ticketCommentChange(user, ticketRef(ticketId), text);

export const ticketStatus = (user: User, ticketId: string, status: TicketStatus) =>
  ticketStatusChange(user, ticketRef(ticketId), status);

/** Machines have no screen module yet (issue 4): the wire format written out. */
export function machineStatus(user: User, machineId: string, status: string): QueuedChange {
  return {
    userId: user._id,
    entity: 'machine',
    recordId: machineId,
    kind: 'update',
    method: 'PATCH',
    url: `/machines/${machineId}/status`,
    body: { status },
    preview: { status },
    label: `Status -> ${status}`,
  };
}
