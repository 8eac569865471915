import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { machineStatusChange } from '#client/features/machines/machine-changes.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import { ticketCommentChange, ticketStatusChange } from '#client/features/tickets/ticket-changes.ts';
import type { MachineStatus, TicketStatus } from '#shared/enums.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { withRepairFound } from '../../server/helpers/repair.ts';

interface User {
  _id: string;
  name: string;
}

/** The changes the screens make, through the screens' own builders. */
export function newTicket(user: User, machine: { _id: string }, title = 'Hydraulic leak on coiler') {
  return createTicketChange(user, machine as Machine, {
    title,
    description: 'Oil under the mandrel',
    machine: machine._id,
    priority: 'High',
    category: 'Hydraulic',
    estimatedHours: 2,
  }) as QueuedOf<'create'>;
}

const ticketRef = (ticketId: string) => ({ _id: ticketId, ticketNumber: '', title: 'ticket' });

export const ticketComment = (user: User, ticketId: string, text: string) =>
  ticketCommentChange(user, ticketRef(ticketId), text);

/** A status change; one that ends the repair carries failure codes, as the app asks for them. */
export const ticketStatus = (user: User, ticketId: string, status: TicketStatus) =>
  ticketStatusChange(user, ticketRef(ticketId), status, withRepairFound({ status }).failure);

export const machineStatus = (user: User, machineId: string, status: MachineStatus) =>
  machineStatusChange(
    user,
    { _id: machineId, name: 'machine', machineId: 'M-1', status: 'Running', stop: null },
    status,
  );

/** A small PNG (its signature and some bytes: the server checks the content against the declared type). */
export const pngFile = (name: string) =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(120).fill(7)])],
    name,
    {
      type: 'image/png',
    },
  );
