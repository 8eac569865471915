import type { TicketStatus } from '#shared/enums.ts';
import { endsRepair, needsFailureCodes, type FailureCodes } from '#shared/failure-codes.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Comment, Ticket, TicketUpdate } from '#shared/schemas/ticket.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { attachmentChange, author, updateChange } from '#client/data/outbox/change-builders.ts';
import { newId } from '#shared/ids.ts';

type TicketRef = Pick<Ticket, '_id' | 'ticketNumber' | 'title'>;

/** "TKT-000042", or the title while the server has not numbered a ticket created here. */
function nameOf(ticket: TicketRef): string {
  return ticket.ticketNumber || `"${ticket.title}"`;
}

function ticketUpdate(user: UserRef, ticket: TicketRef, body: TicketUpdate, preview: Partial<Ticket>, what: string) {
  return updateChange(user, 'ticket', ticket._id, { body, preview, label: `${what} on ${nameOf(ticket)}` });
}

/**
 * A status change; ending a corrective repair carries its failure codes (src/shared/failure-codes.ts),
 * an admin's start without an Active permit its reason (sent, kept in the history, not shown on the ticket).
 */
export function ticketStatusChange(
  user: UserRef,
  ticket: TicketRef,
  status: TicketStatus,
  failure?: FailureCodes,
  permitOverride?: string,
): QueuedChange {
  const preview = failure ? { status, failure } : { status };
  const body = permitOverride ? { ...preview, permitOverride } : preview;
  const what = failure ? `Status -> ${status} (${failure.problem}: ${failure.cause})` : `Status -> ${status}`;
  return ticketUpdate(user, ticket, body, preview, permitOverride ? `${what} without a permit` : what);
}

/** Whether moving the ticket to `status` ends a corrective repair that has no failure codes yet. */
export function asksForFailureCodes(ticket: Pick<Ticket, 'status' | 'category' | 'failure'>, status: TicketStatus) {
  return endsRepair(ticket.status, status) && needsFailureCodes(ticket.category) && !ticket.failure;
}

const fieldNames: Partial<Record<keyof TicketUpdate, string>> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  category: 'Category',
  estimatedHours: 'Estimated hours',
};

/**
 * An edit from the ticket's details: the changed fields only, from the version the form opened with,
 * so a value someone else saved meanwhile and this edit replaces is reported.
 */
export function ticketEditChange(
  user: UserRef,
  ticket: TicketRef,
  changes: TicketUpdate,
  openedVersion: number | null,
): QueuedChange {
  const what = Object.keys(changes)
    .map((field) => fieldNames[field as keyof TicketUpdate] ?? field)
    .join(', ');
  const change = ticketUpdate(user, ticket, changes, changes as Partial<Ticket>, `Edited ${what}`);
  return { ...change, baseVersion: openedVersion };
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
