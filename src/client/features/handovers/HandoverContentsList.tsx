import type { ReactNode } from 'react';
import type { HandoverContents } from '#shared/schemas/handover.ts';
import { Badge, machineStatusTone, priorityTone } from '#client/components/ui/Badge.tsx';
import { formatDateTime } from '#client/lib/dates.ts';

interface SectionProps<T> {
  title: string;
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}

function Section<T extends { _id: string }>({ title, items, empty, children }: SectionProps<T>) {
  return (
    <section className="break-inside-avoid">
      <h4 className="text-sm font-semibold text-slate-700">
        {title} ({items.length})
      </h4>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          {items.map((item) => (
            <li key={item._id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the app listed for the shift (src/docs/shift-handover.md), in the order a lead reads it. */
export function HandoverContentsList({ contents }: { contents: HandoverContents }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section title="Machines down or in maintenance" items={contents.machinesDown} empty="All machines available">
        {(machine) => (
          <>
            <Badge tone={machineStatusTone[machine.status] ?? 'slate'}>{machine.status}</Badge>
            <span className="font-medium">{machine.name}</span>
            <span className="text-slate-600">
              {machine.reason ?? 'No reason recorded'}
              {machine.since && `, since ${formatDateTime(machine.since)}`}
            </span>
          </>
        )}
      </Section>
      <Section title="Open critical and high incidents" items={contents.openIncidents} empty="None open">
        {(incident) => (
          <>
            <Badge tone={priorityTone[incident.severity] ?? 'slate'}>{incident.severity}</Badge>
            <span>
              {incident.incidentNumber} {incident.title}
            </span>
            <span className="text-slate-600">{incident.status}</span>
          </>
        )}
      </Section>
      <Section title="Actions overdue" items={contents.overdueActions} empty="No action overdue">
        {(action) => (
          <span>
            {action.incidentNumber}: {action.title}, due {action.dueDate}
            {action.owner && ` (${action.owner})`}
          </span>
        )}
      </Section>
      <Section title="Maintenance due next shift" items={contents.maintenanceNextShift} empty="Nothing planned">
        {(item) => (
          <span>
            {formatDateTime(item.scheduledDate)} {item.title}
            {item.machine && ` on ${item.machine}`}
            {item.assignedTo && ` (${item.assignedTo})`}
          </span>
        )}
      </Section>
      <Section title="Tickets raised during the shift" items={contents.ticketsRaised} empty="None raised">
        {(ticket) => <TicketLine {...ticket} />}
      </Section>
      <Section title="Tickets resolved during the shift" items={contents.ticketsResolved} empty="None resolved">
        {(ticket) => <TicketLine {...ticket} />}
      </Section>
    </div>
  );
}

function TicketLine(ticket: HandoverContents['ticketsRaised'][number]) {
  return (
    <>
      <Badge tone={priorityTone[ticket.priority] ?? 'slate'}>{ticket.priority}</Badge>
      <span>
        {ticket.ticketNumber} {ticket.title}
      </span>
      <span className="text-slate-600">
        {ticket.status}
        {ticket.machine && `, ${ticket.machine}`}
      </span>
    </>
  );
}
