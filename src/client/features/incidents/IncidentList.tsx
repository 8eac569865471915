import { IncidentCard } from './IncidentCard.tsx';
import type { LocalIncident } from './incident-list.ts';

/** Incidents as cards, two columns on a wide screen. */
export function IncidentList({
  incidents,
  onView,
  keep,
}: {
  incidents: LocalIncident[];
  onView: (id: string) => void;
  /** For incidents shown from the server: stores one on this device before a status change. */
  keep?: (incident: LocalIncident) => Promise<void>;
}) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {incidents.map((incident) => (
        <li key={incident._id} className="flex">
          <IncidentCard incident={incident} onView={() => onView(incident._id)} keep={keep} />
        </li>
      ))}
    </ul>
  );
}
