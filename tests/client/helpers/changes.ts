import type { QueuedChange } from '../../../src/client/data/writes.ts';

interface Machine {
  _id: string;
  name: string;
  machineId: string;
  department: string;
  location: string;
}
interface User {
  _id: string;
  name: string;
}

/** The outbox changes a screen makes, written out by hand so the tests show the wire format. */
export function newTicket(user: User, machine: Machine | { _id: string }, title = 'Hydraulic leak on coiler'): QueuedChange {
  const _id = crypto.randomUUID();
  const body = { _id, title, description: 'Oil under the mandrel', machine: machine._id, priority: 'High', category: 'Hydraulic', estimatedHours: 2 };
  const now = new Date().toISOString();
  return {
    id: _id,
    userId: user._id,
    entity: 'ticket',
    recordId: _id,
    kind: 'create',
    method: 'POST',
    url: '/tickets',
    body,
    label: `New ticket: ${title}`,
    preview: {
      ...body,
      machine: 'name' in machine ? machine : null,
      ticketNumber: '',
      status: 'Pending',
      reportedBy: user,
      assignedTo: null,
      resolvedAt: null,
      closedAt: null,
      comments: [],
      attachments: [],
      version: 0,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export function ticketComment(user: User, ticketId: string, text: string): QueuedChange {
  const _id = crypto.randomUUID();
  return {
    id: _id,
    userId: user._id,
    entity: 'ticket',
    recordId: ticketId,
    kind: 'comment',
    method: 'POST',
    url: `/tickets/${ticketId}/comments`,
    body: { _id, comment: text },
    preview: { _id, user, timestamp: new Date().toISOString(), comment: text },
    label: 'Comment',
  };
}

export function ticketUpdate(user: User, ticketId: string, patch: Record<string, unknown>): QueuedChange {
  return {
    userId: user._id,
    entity: 'ticket',
    recordId: ticketId,
    kind: 'update',
    method: 'PUT',
    url: `/tickets/${ticketId}`,
    body: patch,
    preview: patch,
    label: `Update ${Object.keys(patch).join(', ')}`,
  };
}

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
