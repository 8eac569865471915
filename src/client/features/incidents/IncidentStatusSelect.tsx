import { incidentStatuses, type IncidentStatus } from '../../../shared/enums.ts';
import { incidentEditableFields } from '../../../shared/permissions.ts';
import { Select } from '../../components/ui/Field.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { incidentStatusChange } from './incident-changes.ts';
import type { LocalIncident } from './incident-list.ts';

/** The inline status selector: saved at once; disabled for a user who may not change an incident's status. */
export function IncidentStatusSelect({
  incident,
  className = '',
  keep,
}: {
  incident: LocalIncident;
  className?: string;
  /** Stores an incident shown from the server on this device before the change is saved to it. */
  keep?: ((incident: LocalIncident) => Promise<void>) | undefined;
}) {
  const user = useSignedInUser();
  const editable = incidentEditableFields(user, incident);
  const allowed = editable === 'all' || editable.includes('status');

  return (
    <Select
      aria-label={`Status of ${incident.incidentNumber || incident.title}`}
      options={incidentStatuses}
      value={incident.status}
      disabled={!allowed}
      title={allowed ? undefined : 'Only safety officers and admins change an incident’s status'}
      onChange={(event) => {
        const change = incidentStatusChange(user, incident, event.target.value as IncidentStatus);
        void Promise.resolve(keep?.(incident)).then(() =>
          saveAndNotify(change, 'Incident updated successfully!', 'Failed to update incident'),
        );
      }}
      className={className}
    />
  );
}
