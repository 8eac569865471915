import { ticketEditableFields } from '#shared/permissions.ts';
import { ticketUpdate, type TicketUpdate } from '#shared/schemas/ticket.ts';
import { Badge, priorityTone, ticketStatusTone } from '#client/components/ui/Badge.tsx';
import { Detail } from '#client/components/ui/Detail.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { useUsers } from '#client/data/session/use-users.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import type { RecordDetailKind, RecordEditKind } from '#client/features/records/record-kind.ts';
import { RecordDetailModal } from '#client/features/records/RecordDetailModal.tsx';
import { RecordEditForm } from '#client/features/records/RecordEditForm.tsx';
import { RecordPermits } from '#client/features/permits/RecordPermits.tsx';
import { TicketParts } from '#client/features/parts/WorkParts.tsx';
import { TicketLabour } from '#client/features/costs/TicketLabour.tsx';
import { AssigneeSelect } from './AssigneeSelect.tsx';
import { TicketComments } from './TicketComments.tsx';
import { TicketFields } from './TicketFields.tsx';
import { TicketRequest, TicketSource } from './TicketSource.tsx';
import { TicketStatusSelect } from './TicketStatusSelect.tsx';
import { ticketAttachmentChange, ticketEditChange } from './ticket-changes.ts';
import { emptyTicketForm, formFromTicket, ticketInput } from './ticket-form.ts';
import type { LocalTicket } from './ticket-list.ts';
import { useTicket } from './use-tickets.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { formatDateTime } from '#client/lib/dates.ts';

const ticketEdit: RecordEditKind<LocalTicket, ReturnType<typeof formFromTicket>, TicketUpdate> = {
  noun: 'ticket',
  formFrom: formFromTicket,
  input: ticketInput,
  validate: (input) => {
    const parsed = ticketUpdate.safeParse(input);
    return parsed.success ? { data: parsed.data } : { errors: fieldErrors(parsed.error) };
  },
  change: ticketEditChange,
  fields: ({ form, set, errors, may }) => <TicketFields form={form} set={set} errors={errors} may={may} />,
};

/** The facts of the ticket; engineers and admins assign it here. */
function TicketFacts({ record: ticket }: { record: LocalTicket }) {
  const user = useSignedInUser();
  const editable = ticketEditableFields(user, ticket);
  const canAssign = editable === 'all' || editable.includes('assignedTo');
  const { machine } = ticket;
  return (
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
      {ticket.failure && (
        <Detail label="Failure Codes" className="col-span-2 sm:col-span-3">
          {[ticket.failure.problem, ticket.failure.cause, ticket.failure.remedy].join(' · ')}
          {ticket.failure.note && <span className="block text-slate-600">{ticket.failure.note}</span>}
        </Detail>
      )}
    </dl>
  );
}

const ticketDetail: RecordDetailKind<LocalTicket> = {
  entity: 'ticket',
  noun: 'ticket',
  number: (ticket) => ticket.ticketNumber,
  useRecord: useTicket,
  editable: ticketEditableFields,
  head: ({ record: ticket }) => (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={ticketStatusTone[ticket.status]}>{ticket.status}</Badge>
      <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>
      <PendingMark count={ticket._pending} />
    </div>
  ),
  status: ({ record }) => <TicketStatusSelect ticket={record} />,
  statusWidth: 'w-44',
  edit: (props) => <RecordEditForm kind={ticketEdit} {...props} />,
  editFields: Object.keys(emptyTicketForm),
  view: ({ record: ticket }) => (
    <div className="space-y-3">
      <h3 className="text-xl font-semibold break-words text-slate-900">{ticket.title}</h3>
      <p className="text-sm whitespace-pre-wrap text-slate-700">{ticket.description}</p>
      {ticket.source && <TicketSource source={ticket.source} />}
      {ticket.request && <TicketRequest request={ticket.request} />}
    </div>
  ),
  sections: TicketFacts,
  after: ({ record }) => (
    <>
      <RecordPermits
        machineId={record.machine?._id ?? null}
        work={{ ticket: record }}
        finished={record.status === 'Resolved' || record.status === 'Closed'}
      />
      <TicketParts ticket={record} />
      <TicketLabour ticket={record} finished={record.status === 'Closed'} />
      <TicketComments ticket={record} />
    </>
  ),
  attachmentChange: ticketAttachmentChange,
  signers: ['Repaired by', 'Accepted by'],
};

export function TicketDetailModal({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  // Spec: the screen requests the user list; the assignee choice reads it from the cache.
  useUsers();
  return <RecordDetailModal kind={ticketDetail} recordId={ticketId} onClose={onClose} />;
}
