import { Badge, incidentStatusTone, severityTone } from '#client/components/ui/Badge.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import type { LocalIncident } from './incident-list.ts';

/** Severity and status, and the Pending sync mark while a change made here waits to be sent. */
export function IncidentBadges({ incident }: { incident: LocalIncident }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={severityTone[incident.severity]}>{incident.severity}</Badge>
      <Badge tone={incidentStatusTone[incident.status]}>{incident.status}</Badge>
      <PendingMark count={incident._pending} />
    </div>
  );
}
