import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { ticketEditableFields } from '../../../shared/permissions.ts';
import { Badge, priorityTone, ticketStatusTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Detail } from '../../components/ui/Detail.tsx';
import { RecordHistory } from '../../components/ui/RecordHistory.tsx';
import { RecordModal } from '../../components/ui/RecordModal.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { Attachments } from '../attachments/Attachments.tsx';
import { PendingMark } from '../../components/ui/PendingMark.tsx';
import { PrintButton, PrintSignatures } from '../../components/ui/PrintFooter.tsx';
import { AssigneeSelect } from './AssigneeSelect.tsx';
import { TicketComments } from './TicketComments.tsx';
import { mayEditTicket, TicketEditForm } from './TicketEditForm.tsx';
import { TicketStatusSelect } from './TicketStatusSelect.tsx';
import { ticketAttachmentChange } from './ticket-changes.ts';
import type { LocalTicket } from './ticket-list.ts';
import { useTicket } from './use-tickets.ts';
import { TicketSource } from './TicketSource.tsx';
import { formatDateTime } from '../../lib/dates.ts';

function TicketDetails({ ticket }: { ticket: LocalTicket }) {
  const user = useSignedInUser();
  const editable = ticketEditableFields(user, ticket);
  const canAssign = editable === 'all' || editable.includes('assignedTo');
  const [isEditing, setEditing] = useState(false);
  const { machine } = ticket;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={ticketStatusTone[ticket.status]}>{ticket.status}</Badge>
          <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>
          <PendingMark count={ticket._pending} />
        </div>
        {/* Where the ticket is worked on: the same status control as the list's, and its fields. */}
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          <div className="w-44">
            <TicketStatusSelect ticket={ticket} />
          </div>
          {mayEditTicket(editable) && !isEditing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Button>
          )}
        </div>
      </div>
      {isEditing ? (
        <TicketEditForm ticket={ticket} onDone={() => setEditing(false)} />
      ) : (
        <div className="space-y-3">
          <h3 className="text-xl font-semibold break-words text-slate-900">{ticket.title}</h3>
          <p className="text-sm whitespace-pre-wrap text-slate-700">{ticket.description}</p>
          {ticket.source && <TicketSource source={ticket.source} />}
        </div>
      )}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <Detail label="Category">{ticket.category}</Detail>
        <Detail label="Machine">{machine?.name ?? 'No machine'}</Detail>
        <Detail label="Machine ID">{machine?.machineId ?? '-'}</Detail>
        <Detail label="Department">{machine?.department ?? '-'}</Detail>
        <Detail label="Location">{machine?.location ?? '-'}</Detail>
        <Detail label="Estimated Hours">
          {ticket.estimatedHours === null ? 'Not estimated' : `${ticket.estimatedHours}h`}
        </Detail>
        <Detail label="Reported By">{ticket.reportedBy?.name ?? 'Former user'}</Detail>
        <Detail label="Created">{formatDateTime(ticket.createdAt)}</Detail>
        <Detail label="Assigned To" className="col-span-2 sm:col-span-1">
          {canAssign ? <AssigneeSelect ticket={ticket} /> : (ticket.assignedTo?.name ?? 'Unassigned')}
        </Detail>
      </dl>

      <Attachments entity="ticket" record={ticket} changeFor={(file) => ticketAttachmentChange(user, ticket, file)} />
      <TicketComments ticket={ticket} />
      <RecordHistory entity="ticket" record={ticket} />
      <PrintButton />
      <PrintSignatures signers={['Repaired by', 'Accepted by']} />
    </div>
  );
}

interface TicketDetailModalProps {
  ticketId: string | null;
  onClose: () => void;
}

/** The ticket as this device has it, live: comments and files added here show at once, marked until sent. */
export function TicketDetailModal({ ticketId, onClose }: TicketDetailModalProps) {
  const ticket = useTicket(ticketId);
  const title = ticket ? ticket.ticketNumber || 'New ticket' : 'Ticket';

  return (
    <RecordModal
      record={ticket}
      missing="This ticket is not on this device."
      open={ticketId !== null}
      onClose={onClose}
      title={title}
      size="xl"
    >
      {(shown) => <TicketDetails ticket={shown} />}
    </RecordModal>
  );
}
