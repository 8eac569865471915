import { Eye } from 'lucide-react';
import { Badge, priorityTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PendingMark } from '../../components/ui/PendingMark.tsx';
import type { LocalTicket } from './ticket-list.ts';
import { TicketStatusSelect } from './TicketStatusSelect.tsx';
import { formatDate } from '../../lib/dates.ts';

interface TicketListProps {
  tickets: LocalTicket[];
  onView: (ticket: LocalTicket) => void;
  /** For tickets shown from the server: stores one on this device before a status change. */
  keep?: (ticket: LocalTicket) => Promise<void>;
}

const createdDate = (ticket: LocalTicket) => formatDate(ticket.createdAt);

/** The number the server gave, or the Pending sync mark while a ticket made here waits for one. */
function TicketNumber({ ticket }: { ticket: LocalTicket }) {
  if (!ticket.ticketNumber) return <PendingMark count={1} />;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-mono text-xs font-semibold text-slate-500">{ticket.ticketNumber}</span>
      <PendingMark count={ticket._pending} />
    </span>
  );
}

function ViewButton({ ticket, onView }: { ticket: LocalTicket; onView: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`View ${ticket.ticketNumber || ticket.title}`}
      onClick={(event) => {
        event.stopPropagation();
        onView();
      }}
    >
      <Eye aria-hidden="true" className="size-5" />
    </Button>
  );
}

const head = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
const cell = 'px-3 py-3 align-middle';

/** A table from 768 px up; cards below, so a phone never scrolls sideways. */
export function TicketList({ tickets, onView, keep }: TicketListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-surface md:block">
        <table className="w-full min-w-[44rem] table-fixed text-sm">
          <colgroup>
            <col />
            <col className="w-[18%]" />
            <col className="w-24" />
            <col className="w-44" />
            <col className="w-[14%]" />
            <col className="w-28" />
            <col className="w-14" />
          </colgroup>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={head}>
                Ticket
              </th>
              <th scope="col" className={head}>
                Machine
              </th>
              <th scope="col" className={head}>
                Priority
              </th>
              <th scope="col" className={head}>
                Status
              </th>
              <th scope="col" className={head}>
                Assignee
              </th>
              <th scope="col" className={head}>
                Created
              </th>
              <th scope="col" className={head}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tickets.map((ticket) => (
              <tr key={ticket._id} onClick={() => onView(ticket)} className="cursor-pointer hover:bg-slate-50">
                <td className={cell}>
                  <TicketNumber ticket={ticket} />
                  <p className="mt-0.5 line-clamp-2 font-medium text-slate-900" title={ticket.title}>
                    {ticket.title}
                  </p>
                </td>
                <td className={cell}>
                  <p className="line-clamp-2 text-slate-900">{ticket.machine?.name ?? 'No machine'}</p>
                  <p className="truncate text-xs text-slate-500">{ticket.machine?.department}</p>
                </td>
                <td className={cell}>
                  <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>
                </td>
                <td className={cell}>
                  <TicketStatusSelect ticket={ticket} keep={keep} />
                </td>
                <td className={`${cell} truncate text-slate-700`}>{ticket.assignedTo?.name ?? 'Unassigned'}</td>
                <td className={`${cell} text-slate-600`}>{createdDate(ticket)}</td>
                <td className="px-1 py-1 text-right">
                  <ViewButton ticket={ticket} onView={() => onView(ticket)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden">
        {tickets.map((ticket) => (
          <li
            key={ticket._id}
            onClick={() => onView(ticket)}
            className="cursor-pointer rounded-xl border border-slate-200 bg-surface p-4"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <TicketNumber ticket={ticket} />
                <p className="mt-1 font-semibold break-words text-slate-900">{ticket.title}</p>
              </div>
              <ViewButton ticket={ticket} onView={() => onView(ticket)} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {ticket.machine ? `${ticket.machine.name} · ${ticket.machine.department}` : 'No machine'}
            </p>
            {/* The status control keeps to its own width: a tap anywhere else on the card opens the ticket. */}
            <div className="mt-3 flex items-center justify-between gap-3">
              <div className="w-40">
                <TicketStatusSelect ticket={ticket} keep={keep} />
              </div>
              <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>
            </div>
            <p className="mt-3 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
              <span>{ticket.assignedTo?.name ?? 'Unassigned'}</span>
              <span>Created {createdDate(ticket)}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
