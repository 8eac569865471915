import { Clock } from 'lucide-react';
import { useState } from 'react';
import { can, mayRecordLabourFor } from '#shared/permissions.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useRefetchOnConfirm } from '#client/features/parts/use-parts.ts';
import { formatDate } from '#client/lib/dates.ts';
import { DeleteHoursButton } from './DeleteHoursButton.tsx';
import { RecordHoursDialog } from './RecordHoursDialog.tsx';
import { TicketCost } from './TicketCost.tsx';
import { usePendingLabour, useTicketCost, useTicketLabour } from './use-costs.ts';

type TicketRef = Pick<Ticket, '_id' | 'ticketNumber' | 'title' | 'reportedBy' | 'assignedTo'>;

/**
 * A ticket's Labour section (src/docs/costs.md): the hours as the server last said, this device's
 * hours not sent yet on top, "Record hours" (saved on the device at once), and the cost summary.
 */
export function TicketLabour({ ticket, finished }: { ticket: TicketRef; finished: boolean }) {
  const user = useSignedInUser();
  const labour = useTicketLabour(ticket._id);
  const cost = useTicketCost(ticket._id);
  const pending = usePendingLabour(ticket._id);
  const [recording, setRecording] = useState(false);
  const people = [ticket.reportedBy?._id, ticket.assignedTo?._id];
  const mayRecord = !finished && mayRecordLabourFor(user, user._id, people);
  const entries = labour.data ?? [];
  const mayDelete = (recordedBy: string | undefined) => recordedBy === user._id || can(user.role, 'labour:manage');
  const mayViewCost = can(user.role, 'cost:view');
  const refetch = () => Promise.all([labour.refetch(), mayViewCost && cost.refetch()]);
  useRefetchOnConfirm(pending.length, refetch);

  return (
    <section aria-labelledby="ticket-labour" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ticket-labour" className="font-semibold text-slate-900">
          Labour
        </h3>
        {mayRecord && (
          <Button variant="secondary" onClick={() => setRecording(true)} className="print:hidden">
            <Clock aria-hidden="true" className="size-4" /> Record hours
          </Button>
        )}
      </div>
      {labour.isError && !labour.data && (
        <p className="text-sm text-slate-600">Recorded hours are read from the server: not available offline.</p>
      )}
      {entries.length === 0 && pending.length === 0 && labour.data && (
        <p className="text-sm text-slate-600">No hours recorded.</p>
      )}
      {(entries.length > 0 || pending.length > 0) && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {entries.map((entry) => (
            <li key={entry._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-900">{entry.person.name}</span>
              <span className="text-slate-600">{formatDate(entry.workedOn)}</span>
              <span>{entry.hours} h</span>
              {entry.note && <span className="text-slate-600">{entry.note}</span>}
              {!finished && mayDelete(entry.by?._id) && <DeleteHoursButton entry={entry} onDeleted={refetch} />}
            </li>
          ))}
          {pending.map(({ preview }) => (
            <li key={preview._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-900">{preview.person.name}</span>
              <span className="text-slate-600">{formatDate(preview.workedOn)}</span>
              <span>{preview.hours} h</span>
              {preview.note && <span className="text-slate-600">{preview.note}</span>}
              <PendingMark count={1} />
            </li>
          ))}
        </ul>
      )}
      {mayViewCost && <TicketCost ticket={ticket} pending={pending} />}
      {recording && <RecordHoursDialog ticket={ticket} onClose={() => setRecording(false)} />}
    </section>
  );
}
