import type { z } from 'zod';
import type { TicketStatus } from '../../../shared/enums.ts';
import type { FileRef, UserRef } from '../../../shared/schemas/common.ts';
import type { Machine } from '../../../shared/schemas/machine.ts';
import type { Comment, Ticket, ticketCreate, TicketUpdate } from '../../../shared/schemas/ticket.ts';
import type { QueuedChange } from '../../data/writes.ts';

type TicketRef = Pick<Ticket, '_id' | 'ticketNumber' | 'title'>;

/** "TKT-000042", or the title while the server has not numbered a ticket created here. */
function nameOf(ticket: TicketRef): string {
  return ticket.ticketNumber || `"${ticket.title}"`;
}

/** A person as records show them (the signed-in user carries more than that). */
const author = (user: UserRef): UserRef => ({ _id: user._id, name: user.name });

/**
 * A new ticket. The client `_id` is the record id and the entry id, so a replay after a lost
 * response never makes a second ticket; the preview is the whole record as the list shows it.
 */
export function createTicketChange(
  user: UserRef,
  machine: Machine,
  input: z.output<typeof ticketCreate>,
): QueuedChange {
  const _id = input._id ?? crypto.randomUUID();
  const now = new Date().toISOString();
  const body = { ...input, _id };
  const preview: Ticket = {
    _id,
    version: 0,
    createdAt: now,
    updatedAt: now,
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
  };
  return {
    id: _id,
    userId: user._id,
    entity: 'ticket',
    recordId: _id,
    kind: 'create',
    method: 'POST',
    url: '/tickets',
    body,
    preview,
    label: `New ticket: ${input.title}`,
  };
}

/** Changed fields only: the server applies just these (last writer wins, and it reports what it overwrote). */
function updateChange(
  user: UserRef,
  ticket: TicketRef,
  body: TicketUpdate,
  preview: Partial<Ticket>,
  what: string,
): QueuedChange {
  return {
    userId: user._id,
    entity: 'ticket',
    recordId: ticket._id,
    kind: 'update',
    method: 'PUT',
    url: `/tickets/${ticket._id}`,
    body,
    preview,
    label: `${what} on ${nameOf(ticket)}`,
  };
}

export function ticketStatusChange(user: UserRef, ticket: TicketRef, status: TicketStatus): QueuedChange {
  return updateChange(user, ticket, { status }, { status }, `Status -> ${status}`);
}

export function ticketAssigneeChange(user: UserRef, ticket: TicketRef, assignee: UserRef | null): QueuedChange {
  return updateChange(
    user,
    ticket,
    { assignedTo: assignee?._id ?? null },
    { assignedTo: assignee && author(assignee) },
    `Assigned to -> ${assignee?.name ?? 'Unassigned'}`,
  );
}

export function ticketCommentChange(user: UserRef, ticket: TicketRef, text: string): QueuedChange {
  const _id = crypto.randomUUID();
  const comment = text.trim();
  const preview: Comment = { _id, user: author(user), timestamp: new Date().toISOString(), comment };
  return {
    id: _id,
    userId: user._id,
    entity: 'ticket',
    recordId: ticket._id,
    kind: 'comment',
    method: 'POST',
    url: `/tickets/${ticket._id}/comments`,
    body: { _id, comment },
    preview,
    label: `Comment on ${nameOf(ticket)}`,
  };
}

/** The blob is kept on this device until the replayer has uploaded it; the list shows the file at once. */
export function ticketAttachmentChange(user: UserRef, ticket: TicketRef, file: File): QueuedChange {
  const _id = crypto.randomUUID();
  const preview: FileRef = {
    _id,
    originalName: file.name,
    mimeType: file.type,
    size: file.size,
    uploadedAt: new Date().toISOString(),
  };
  return {
    id: _id,
    userId: user._id,
    entity: 'ticket',
    recordId: ticket._id,
    kind: 'attachment',
    method: 'POST',
    url: `/tickets/${ticket._id}/attachments`,
    body: {},
    preview,
    file: { blob: file, name: file.name, type: file.type },
    label: `Attachment ${file.name} on ${nameOf(ticket)}`,
  };
}
