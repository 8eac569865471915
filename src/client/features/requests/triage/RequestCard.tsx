import { Link } from '@tanstack/react-router';
import { MapPin, User } from 'lucide-react';
import { urgencyLabels } from '#shared/requests.ts';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { Badge, type BadgeTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { FileThumbnail } from '#client/features/attachments/FileThumbnail.tsx';
import { openAttachment } from '#client/features/attachments/open-attachment.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { notify } from '#client/lib/notify.ts';
import type { TriageAction } from './triage-queries.ts';

const urgencyTone: Record<WorkRequest['urgency'], BadgeTone> = {
  'can wait': 'green',
  'this shift': 'orange',
  'now, unsafe': 'red',
};
const statusTone: Record<WorkRequest['status'], BadgeTone> = {
  New: 'blue',
  Accepted: 'green',
  Merged: 'green',
  Rejected: 'slate',
  Reported: 'slate',
};

function Decision({ request }: { request: WorkRequest }) {
  const by = request.triagedBy ? ` by ${request.triagedBy.name}` : '';
  const at = request.triagedAt ? `, ${formatDateTime(request.triagedAt)}` : '';
  return (
    <p className="text-sm text-slate-700">
      {request.status}
      {by}
      {at}
      {request.ticket && (
        <>
          {' · '}
          <Link to="/tickets" search={{ ticket: request.ticket._id }} className="font-medium text-brand-700 underline">
            {request.ticket.ticketNumber}
          </Link>{' '}
          ({request.ticket.status})
        </>
      )}
      {request.reason && ` · ${request.reason}`}
    </p>
  );
}

/** One request as the engineers triage it: what, where, how urgent, who asked, its photo and the choices. */
export function RequestCard({
  request,
  highlighted,
  onDecide,
}: {
  request: WorkRequest;
  highlighted: boolean;
  onDecide: (action: TriageAction) => void;
}) {
  const requester = [request.name, request.contact].filter(Boolean).join(', ');
  return (
    <li
      className={`flex flex-col gap-3 rounded-xl border bg-surface p-4 sm:flex-row ${highlighted ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200'}`}
    >
      {request.photo && (
        <button
          type="button"
          aria-label={`Open the photo of request ${request.code}`}
          className="shrink-0 self-start [&_img]:size-24"
          onClick={() =>
            void openAttachment(request.photo!).catch((error: unknown) =>
              notify.error(error, 'Failed to open the photo'),
            )
          }
        >
          <FileThumbnail file={request.photo} />
        </button>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-slate-900">{request.code}</span>
          <Badge tone={statusTone[request.status]}>{request.status}</Badge>
          <Badge tone={urgencyTone[request.urgency]}>{urgencyLabels[request.urgency]}</Badge>
          <span className="text-sm text-slate-600">{formatDateTime(request.createdAt)}</span>
        </div>
        <p className="font-medium text-slate-900">
          {request.machine ? (
            `${request.machine.name} (${request.machine.machineId})`
          ) : (
            <span className="text-slate-500">Machine not named</span>
          )}
        </p>
        <p className="whitespace-pre-line text-slate-800">{request.description}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {request.location && (
            <span className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              {request.location}
            </span>
          )}
          <span className="flex items-center gap-1">
            <User aria-hidden="true" className="size-4" />
            {requester || 'No name given'}
          </span>
        </div>
        {request.status === 'New' ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => onDecide('accept')}>Accept</Button>
            <Button variant="secondary" onClick={() => onDecide('merge')}>
              Merge
            </Button>
            <Button variant="ghost" onClick={() => onDecide('reject')}>
              Reject
            </Button>
          </div>
        ) : (
          <Decision request={request} />
        )}
      </div>
    </li>
  );
}
