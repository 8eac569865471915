import type { TicketStatus } from '../../../shared/enums.ts';
import type { UserRef } from '../../../shared/schemas/common.ts';
import type { Comment, Ticket, TicketUpdate } from '../../../shared/schemas/ticket.ts';
import type { QueuedChange } from '../../data/writes.ts';
import { attachmentChange, author, updateChange } from '../../data/change-builders.ts';
import { newId } from '../../../shared/ids.ts';

type TicketRef = Pick<Ticket, '_id' | 'ticketNumber' | 'title'>;

/** "TKT-000042", or the title while the server has not numbered a ticket created here. */
function nameOf(ticket: TicketRef): string {
  return ticket.ticketNumber || `"${ticket.title}"`;
}

function ticketUpdate(user: UserRef, ticket: TicketRef, body: TicketUpdate, preview: Partial<Ticket>, what: string) {
  return updateChange(user, 'ticket', ticket._id, { body, preview, label: `${what} on ${nameOf(ticket)}` });
}

export function ticketStatusChange(user: UserRef, ticket: TicketRef, status: TicketStatus): QueuedChange {
  return ticketUpdate(user, ticket, { status }, { status }, `Status -> ${status}`);
}

export function ticketAssigneeChange(user: UserRef, ticket: TicketRef, assignee: UserRef | null): QueuedChange {
  return ticketUpdate(
    user,
    ticket,
    { assignedTo: assignee?._id ?? null },
    { assignedTo: assignee && author(assignee) },
    `Assigned to -> ${assignee?.name ?? 'Unassigned'}`,
  );
}

export function ticketCommentChange(user: UserRef, ticket: TicketRef, text: string): QueuedChange {
  const _id = newId();
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

export function ticketAttachmentChange(user: UserRef, ticket: TicketRef, file: File): QueuedChange {
  return attachmentChange(user, 'ticket', ticket._id, file, `Attachment ${file.name} on ${nameOf(ticket)}`);
}
