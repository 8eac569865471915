import { Building2, CalendarDays, Clock, Eye, MapPin, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import type { LocalIncident } from './incident-list.ts';
import { IncidentBadges } from './IncidentBadges.tsx';
import { IncidentStatusSelect } from './IncidentStatusSelect.tsx';
import { IncidentTypeIcon } from './IncidentTypeIcon.tsx';
import { formatDate } from '#client/lib/dates.ts';

interface FactProps {
  icon: LucideIcon;
  label: string;
  /** Dates need their label on screen to tell them apart; place and department read well without. */
  showLabel?: boolean;
  children: ReactNode;
}

function Fact({ icon: Icon, label, showLabel = false, children }: FactProps) {
  return (
    <p className="flex min-w-0 items-center gap-1.5">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      <span className="truncate">
        <span className={showLabel ? 'text-slate-500' : 'sr-only'}>{label}: </span>
        {children}
      </span>
    </p>
  );
}

/** One incident: what, where, when, its badges and the inline status selector. */
export function IncidentCard({
  incident,
  onView,
  keep,
}: {
  incident: LocalIncident;
  onView: () => void;
  /** For incidents shown from the server: stores one on this device before a status change. */
  keep?: ((incident: LocalIncident) => Promise<void>) | undefined;
}) {
  return (
    <article className="flex w-full flex-col gap-3 rounded-xl border border-slate-200 bg-surface p-4">
      <div className="flex items-start gap-3">
        <IncidentTypeIcon type={incident.type} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            {incident.incidentNumber ? (
              <span className="font-mono font-semibold">{incident.incidentNumber}</span>
            ) : (
              <span className="italic">Not numbered yet</span>
            )}
            <span aria-hidden="true">·</span>
            <span>{incident.type}</span>
          </p>
          <h3 className="mt-1 font-semibold break-words text-slate-900">{incident.title}</h3>
        </div>
      </div>
      <IncidentBadges incident={incident} />
      <p className="line-clamp-3 text-sm text-slate-700">{incident.description}</p>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm text-slate-600 sm:grid-cols-2">
        <Fact icon={MapPin} label="Location">
          {incident.location}
        </Fact>
        <Fact icon={Building2} label="Department">
          {incident.department}
        </Fact>
        <Fact icon={CalendarDays} label="Occurred" showLabel>
          {formatDate(incident.incidentDate)}
        </Fact>
        <Fact icon={Clock} label="Reported" showLabel>
          {formatDate(incident.createdAt)}
        </Fact>
      </div>
      <div className="mt-auto grid grid-cols-[1fr_auto] items-center gap-3 border-t border-slate-100 pt-3">
        <IncidentStatusSelect incident={incident} keep={keep} />
        <Button
          variant="secondary"
          onClick={onView}
          aria-label={`View Details of ${incident.incidentNumber || incident.title}`}
        >
          <Eye aria-hidden="true" className="size-4" /> View Details
        </Button>
      </div>
    </article>
  );
}
