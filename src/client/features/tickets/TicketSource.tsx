import { Link } from '@tanstack/react-router';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { ClipboardX, Megaphone, ShieldAlert } from 'lucide-react';
import type { TicketSource as Source } from '#shared/schemas/ticket.ts';
import { localDb } from '#client/data/store/db.ts';

const linkClass = 'font-medium underline';

/** The maintenance item whose check failed, opened with one tap. */
function FailedCheck({ source }: { source: Source }) {
  const schedule = useLiveQuery(async () => await localDb.schedules.get(source._id), [source._id]);
  const item = schedule?.checklist.find((candidate) => candidate._id === source.itemId);
  return (
    <>
      Raised by a failed check{item && <> ({item.task})</>} during{' '}
      <Link to="/maintenance" search={{ schedule: source._id }} className={linkClass}>
        {schedule?.title ?? 'a maintenance item'}
      </Link>
    </>
  );
}

/** The incident and corrective action that asked for this repair. */
function IncidentAction({ source }: { source: Source }) {
  const incident = useLiveQuery(async () => await localDb.incidents.get(source._id), [source._id]);
  const action = incident?.actions.find((candidate) => candidate._id === source.itemId);
  return (
    <>
      Raised by the action{action && <> “{action.title}”</>} of incident{' '}
      <Link to="/incidents" search={{ incident: source._id }} className={linkClass}>
        {incident?.incidentNumber || 'on the server'}
      </Link>
    </>
  );
}

/** Where a ticket came from: a failed checklist item or an incident's corrective action. */
export function TicketSource({ source }: { source: Source }) {
  const Icon = source.kind === 'incident' ? ShieldAlert : ClipboardX;
  return (
    <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{source.kind === 'incident' ? <IncidentAction source={source} /> : <FailedCheck source={source} />}</span>
    </p>
  );
}

/** A ticket opened from a work request: its tracking code, the requester's link to this ticket. */
export function TicketRequest({ request }: { request: { _id: string; code: string } }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
      <Megaphone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>Opened from work request {request.code}</span>
    </p>
  );
}
