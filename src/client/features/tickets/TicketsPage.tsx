import { ClipboardList, Plus } from 'lucide-react';
import { priorities, ticketStatuses } from '#shared/enums.ts';
import { ticketColumns } from '#shared/export-columns.ts';
import { Badge, priorityTone } from '#client/components/ui/Badge.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import type { RecordColumn, RecordListKind } from '#client/features/records/record-kind.ts';
import { RecordListPage } from '#client/features/records/RecordListPage.tsx';
import { CreateTicketModal } from './CreateTicketModal.tsx';
import { TicketDetailModal } from './TicketDetailModal.tsx';
import { noTicketFilters, readAllTickets, ticketQuery, type LocalTicket, type TicketFilters } from './ticket-list.ts';
import { readPage } from '#client/data/store/read-page.ts';
import { TicketStatusSelect } from './TicketStatusSelect.tsx';
import { formatDate } from '#client/lib/dates.ts';

/** The number the server gave, or the Pending sync mark while a ticket made here waits for one; then the title. */
function TicketTitle({ ticket }: { ticket: LocalTicket }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {ticket.ticketNumber && (
          <span className="font-mono text-xs font-semibold whitespace-nowrap text-slate-500">
            {ticket.ticketNumber}
          </span>
        )}
        <PendingMark count={ticket.ticketNumber ? ticket._pending : 1} />
      </span>
      <p className="mt-0.5 line-clamp-2 font-medium break-words text-slate-900" title={ticket.title}>
        {ticket.title}
      </p>
    </>
  );
}

const columns: RecordColumn<LocalTicket>[] = [
  {
    header: 'Machine',
    width: 'w-[22%]',
    cell: ({ machine }) => (
      <>
        <p className="line-clamp-2 text-slate-900">{machine?.name ?? 'No machine'}</p>
        <p className="truncate text-xs text-slate-500">{machine?.department}</p>
      </>
    ),
  },
  {
    header: 'Priority',
    width: 'w-24',
    cell: (ticket) => <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>,
  },
  {
    header: 'Status',
    width: 'w-44',
    cell: (ticket, keep) => <TicketStatusSelect ticket={ticket} keep={keep} className="max-w-44" />,
  },
  {
    header: 'Assignee',
    width: 'w-[14%]',
    wideOnly: true,
    cell: (ticket) => <p className="truncate text-slate-700">{ticket.assignedTo?.name ?? 'Unassigned'}</p>,
  },
  {
    header: 'Created',
    width: 'w-28',
    wideOnly: true,
    cell: (ticket) => <p className="text-slate-600">{formatDate(ticket.createdAt)}</p>,
  },
];

export const ticketList: RecordListKind<LocalTicket, TicketFilters> = {
  entity: 'ticket',
  searchKey: 'ticket',
  noun: 'tickets',
  title: 'Maintenance Tickets',
  emptyIcon: ClipboardList,
  noFilters: noTicketFilters,
  searchLabel: 'Search tickets',
  optionFilters: [
    { field: 'status', label: 'Status', all: 'All Status', options: ticketStatuses },
    { field: 'priority', label: 'Priority', all: 'All Priority', options: priorities },
  ],
  readPage: (db, filters, page) => readPage(db, db.tickets, ticketQuery(filters), page),
  readAll: readAllTickets,
  exportColumns: ticketColumns,
  create: {
    action: 'ticket:create',
    label: 'Create Ticket',
    icon: Plus,
    // `?new=1&machine=<id>` (the Machines screen's Create Ticket) chooses the machine.
    modal: ({ onClose, search }) => (
      <CreateTicketModal onClose={onClose} machineId={typeof search.machine === 'string' ? search.machine : ''} />
    ),
  },
  layout: {
    titleHeader: 'Ticket',
    title: (ticket) => <TicketTitle ticket={ticket} />,
    name: (ticket) => ticket.ticketNumber || ticket.title,
    columns,
  },
  detail: ({ recordId, onClose }) => <TicketDetailModal ticketId={recordId} onClose={onClose} />,
};

export function TicketsPage() {
  return <RecordListPage kind={ticketList} />;
}
