import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { Suspense, useState } from 'react';
import { isOverdue } from '#shared/incident-actions.ts';
import { actionStatusTone, Badge } from '#client/components/ui/Badge.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { WorkItemButton } from '#client/components/ui/WorkItemButton.tsx';
import { WorkList } from '#client/components/ui/WorkList.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { IncidentDetailModal } from './lazy-incident-detail.ts';
import { formatDate } from '#client/lib/dates.ts';
import { incidentName } from './incident-changes.ts';

/**
 * The corrective and preventive actions the signed-in user owns and that are not verified yet, soonest
 * due first, on the dashboard (read by the `_owners` index, src/docs/corrective-actions.md).
 */
export function MyActions() {
  const user = useSignedInUser();
  const [openId, setOpenId] = useState<string | null>(null);
  const items = useLiveQuery(async () => {
    const incidents = await localDb.incidents.where('_owners').equals(user._id).toArray();
    return incidents
      .flatMap((incident) =>
        incident.actions
          .filter((action) => action.owner?._id === user._id && action.status !== 'Verified')
          .map((action) => ({ incident, action })),
      )
      .sort((a, b) => a.action.dueDate.localeCompare(b.action.dueDate));
  }, [user._id]);
  if (!items?.length && openId === null) return null;
  return (
    <Panel title="My Actions">
      <WorkList items={items ?? []} noun="actions" keyOf={({ action }) => action._id}>
        {({ incident, action }) => (
          <WorkItemButton
            title={action.title}
            details={`${incidentName(incident)} · due ${formatDate(action.dueDate)}`}
            onClick={() => setOpenId(incident._id)}
          >
            {isOverdue(action) && <Badge tone="red">Overdue</Badge>}
            <Badge tone={actionStatusTone[action.status]}>{action.status}</Badge>
          </WorkItemButton>
        )}
      </WorkList>
      {openId !== null && (
        <Suspense>
          <IncidentDetailModal recordId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
