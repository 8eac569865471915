import type { z } from 'zod';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Ticket, ticketCreate } from '#shared/schemas/ticket.ts';
import { author, createChange, newRecord } from './change-builders.ts';
import type { QueuedChange } from './writes.ts';

/**
 * A new ticket, shown at once with an empty number until the server numbers it; raised from the
 * Tickets screen and from other screens (a machine's stop).
 */
export function createTicketChange(
  user: UserRef,
  machine: Machine,
  input: z.output<typeof ticketCreate>,
): QueuedChange {
  const record = newRecord(input._id);
  const body = { ...input, _id: record._id };
  const preview: Ticket = {
    ...record,
    ticketNumber: '',
    title: input.title,
    description: input.description,
    machine: {
      _id: machine._id,
      name: machine.name,
      machineId: machine.machineId,
      department: machine.department,
      location: machine.location,
    },
    priority: input.priority,
    category: input.category,
    status: 'Pending',
    estimatedHours: input.estimatedHours,
    reportedBy: author(user),
    assignedTo: null,
    resolvedAt: null,
    closedAt: null,
    comments: [],
    attachments: [],
    failure: null,
    request: null,
    source: input.source ?? null,
  };
  return createChange(user, 'ticket', body, preview, `New ticket: ${input.title}`);
}
