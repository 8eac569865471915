import { can } from '#shared/permissions.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { ActionRow } from './ActionRow.tsx';
import { AddActionForm } from './AddActionForm.tsx';
import type { LocalIncident } from './incident-list.ts';

/** The corrective and preventive actions, each to Done and Verified; safety staff add them while the incident is not closed. */
export function ActionsSection({ incident }: { incident: LocalIncident }) {
  const user = useSignedInUser();
  const adds = can(user.role, 'incident:investigate') && incident.status !== 'Closed';
  return (
    <div className="space-y-3">
      {incident.actions.length === 0 ? (
        <p className="text-slate-500">No actions yet</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {incident.actions.map((action) => (
            <ActionRow key={action._id} incident={incident} action={action} />
          ))}
        </ul>
      )}
      {adds && <AddActionForm incident={incident} />}
    </div>
  );
}
