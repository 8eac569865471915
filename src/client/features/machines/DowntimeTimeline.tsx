import { Link } from '@tanstack/react-router';
import { reasonLabel } from '#shared/downtime-reasons.ts';
import type { DowntimeEvent } from '#shared/schemas/downtime.ts';
import { Badge, machineStatusTone } from '#client/components/ui/Badge.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useIsOnline } from '#client/data/sync/use-sync.ts';
import { durationText, type LocalMachine } from './machine-list.ts';
import { useDowntime, withLocalStop } from './use-downtime.ts';
import { useMinuteClock } from './use-minute-clock.ts';
import { formatDateTime } from '#client/lib/dates.ts';

const day = 24 * 60 * 60 * 1000;
const windowDays = 30;

/** Each stop of the last 30 days as a stretch of one bar, oldest on the left. */
function StopBar({ events, now }: { events: DowntimeEvent[]; now: number }) {
  const start = now - windowDays * day;
  const position = (time: number) => (100 * (Math.min(Math.max(time, start), now) - start)) / (now - start);
  return (
    <div className="relative h-6 overflow-hidden rounded-md bg-emerald-100" aria-hidden="true">
      {events.map((event) => {
        const left = position(Date.parse(event.startedAt));
        const right = position(event.endedAt ? Date.parse(event.endedAt) : now);
        return (
          <span
            key={event._id}
            className={`absolute inset-y-0 ${event.status === 'Down' ? 'bg-red-500' : 'bg-amber-400'}`}
            style={{ left: `${left}%`, width: `${Math.max(right - left, 0.4)}%` }}
          />
        );
      })}
    </div>
  );
}

/**
 * The machine's downtime over the last 30 days: a bar of its stops and the list, newest first; a stop
 * saved on this device shows at once.
 */
export function DowntimeTimeline({ machine }: { machine: LocalMachine }) {
  const downtime = useDowntime(machine);
  const isOnline = useIsOnline();
  const now = useMinuteClock();
  if (!downtime.data) {
    if (downtime.isPending && isOnline) return <Spinner />;
    return <p className="text-sm text-slate-500">The downtime history needs a connection.</p>;
  }
  const events = withLocalStop(downtime.data, machine, now);
  const recent = events.filter((event) => !event.endedAt || Date.parse(event.endedAt) > now - windowDays * day);
  const minutes = recent.reduce((sum, event) => sum + event.durationMinutes, 0);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {recent.length === 0
          ? 'No stops in the last 30 days.'
          : `${recent.length} ${recent.length === 1 ? 'stop' : 'stops'}, ${durationText(minutes)} in the last 30 days.`}
      </p>
      <StopBar events={recent} now={now} />
      {recent.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {recent.slice(0, 10).map((event) => (
            <li key={event._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Badge tone={machineStatusTone[event.status]}>{event.status}</Badge>
              <time dateTime={event.startedAt} className="text-slate-700">
                {formatDateTime(event.startedAt)}
              </time>
              <span className="text-slate-600">{event.endedAt ? durationText(event.durationMinutes) : 'ongoing'}</span>
              <span className="min-w-48 flex-1 text-slate-900">
                {event.reason ? reasonLabel(event.reason) : 'No reason given'}
                {event.reason?.note && <span className="block text-slate-600">{event.reason.note}</span>}
              </span>
              {event.ticket && (
                <Link to="/tickets" search={{ ticket: event.ticket._id }} className="font-mono text-xs text-brand-700">
                  {event.ticket.ticketNumber} · {event.ticket.status}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
