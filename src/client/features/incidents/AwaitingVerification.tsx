import { Suspense, useState } from 'react';
import { can } from '#shared/permissions.ts';
import { actionStatusTone, Badge } from '#client/components/ui/Badge.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { WorkItemButton } from '#client/components/ui/WorkItemButton.tsx';
import { WorkList } from '#client/components/ui/WorkList.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { IncidentDetailModal } from './lazy-incident-detail.ts';
import { incidentName } from './incident-changes.ts';
import { formatDate } from '#client/lib/dates.ts';

/** An action stored on this device before Done carried evidence has no list of it. */
function EvidenceCount({ count }: { count: number }) {
  if (count === 0) return null;
  return <Badge tone="blue">{count === 1 ? '1 file' : `${count} files`}</Badge>;
}

/**
 * For safety officers and admins on the dashboard: the actions their owners marked Done, waiting to be
 * verified, longest waiting first (read by the `_awaiting` index, src/docs/corrective-actions.md).
 */
export function AwaitingVerification() {
  const user = useSignedInUser();
  const [openId, setOpenId] = useState<string | null>(null);
  const mayVerify = can(user.role, 'incident:investigate');
  const items = useLiveQuery(async () => {
    if (!mayVerify) return [];
    const incidents = await localDb.incidents.where('_awaiting').equals(1).toArray();
    return incidents
      .flatMap((incident) =>
        incident.actions.filter((action) => action.status === 'Done').map((action) => ({ incident, action })),
      )
      .sort((a, b) => (a.action.doneAt ?? '').localeCompare(b.action.doneAt ?? ''));
  }, [mayVerify]);
  if (!mayVerify) return null;
  return (
    <Panel title="Awaiting Verification">
      {items?.length === 0 ? (
        <p className="text-sm text-slate-500">No actions wait for verification.</p>
      ) : (
        <WorkList items={items ?? []} noun="actions" keyOf={({ action }) => action._id}>
          {({ incident, action }) => (
            <WorkItemButton
              title={action.title}
              details={`${incidentName(incident)} · done by ${action.owner?.name ?? 'former user'}${
                action.doneAt ? ` on ${formatDate(action.doneAt)}` : ''
              }`}
              onClick={() => setOpenId(incident._id)}
            >
              <EvidenceCount count={action.evidence?.length ?? 0} />
              <Badge tone={actionStatusTone.Done}>Done</Badge>
            </WorkItemButton>
          )}
        </WorkList>
      )}
      {openId !== null && (
        <Suspense>
          <IncidentDetailModal recordId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
