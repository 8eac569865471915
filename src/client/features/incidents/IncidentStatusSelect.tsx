import { useState } from 'react';
import { incidentStatuses, type IncidentStatus } from '#shared/enums.ts';
import { closeBlocked } from '#shared/incident-actions.ts';
import { can, incidentEditableFields } from '#shared/permissions.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { notify } from '#client/lib/notify.ts';
import { CloseOverrideDialog } from './CloseOverrideDialog.tsx';
import { incidentName, incidentStatusChange } from './incident-changes.ts';
import type { LocalIncident } from './incident-list.ts';

/**
 * The inline status selector: saved at once; disabled for a user who may not change an incident's
 * status. Closing waits for every action to be verified; an admin may close anyway with a reason.
 */
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
  const [overriding, setOverriding] = useState(false);
  const editable = incidentEditableFields(user, incident);
  const allowed = editable === 'all' || editable.includes('status');

  function save(status: IncidentStatus, closeReason?: string) {
    const change = incidentStatusChange(user, incident, status, closeReason);
    void Promise.resolve(keep?.(incident)).then(() =>
      saveAndNotify(change, 'Incident updated successfully!', 'Failed to update incident'),
    );
  }

  async function choose(status: IncidentStatus) {
    // The card may be drawn from a list that has not caught up with an action verified a moment ago.
    const current = (await localDb.incidents.get(incident._id)) ?? incident;
    const blocked = status === 'Closed' && closeBlocked(incidentName(current), current.actions);
    if (!blocked) save(status);
    else if (can(user.role, 'incident:override-close')) setOverriding(true);
    else notify.error(null, blocked);
  }

  return (
    <>
      <Select
        aria-label={`Status of ${incident.incidentNumber || incident.title}`}
        options={incidentStatuses}
        value={incident.status}
        disabled={!allowed}
        title={allowed ? undefined : 'Only safety officers and admins change an incident’s status'}
        onChange={(event) => void choose(event.target.value as IncidentStatus)}
        className={className}
      />
      {overriding && (
        <CloseOverrideDialog
          incident={incident}
          onCancel={() => setOverriding(false)}
          onClose={(reason) => {
            setOverriding(false);
            save('Closed', reason);
          }}
        />
      )}
    </>
  );
}
