import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { Suspense, useState } from 'react';
import { Badge, scheduleStatusTone } from '#client/components/ui/Badge.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { WorkItemButton } from '#client/components/ui/WorkItemButton.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { ScheduleDetailModal } from './lazy-schedule-detail.ts';
import { scheduledDateText, shownStatus } from './schedule-list.ts';

/**
 * The open maintenance assigned to the signed-in user, soonest first, on the dashboard. Operators, who
 * do not plan maintenance, answer the checklists of their jobs from here (src/docs/checklists.md).
 */
export function MyMaintenance() {
  const user = useSignedInUser();
  const [openId, setOpenId] = useState<string | null>(null);
  const items = useLiveQuery(
    async () =>
      await localDb.schedules
        .orderBy('scheduledDate')
        .filter((schedule) => schedule.assignedTo?._id === user._id && schedule.status !== 'Completed')
        .limit(5)
        .toArray(),
    [user._id],
  );
  if (!items?.length && openId === null) return null;
  return (
    <Panel title="My Maintenance">
      <ul className="-my-2 divide-y divide-slate-100">
        {items?.map((schedule) => {
          const status = shownStatus(schedule);
          return (
            <li key={schedule._id}>
              <WorkItemButton
                title={schedule.title}
                details={`${schedule.machine?.name ?? 'No machine'} · ${scheduledDateText(schedule)}`}
                onClick={() => setOpenId(schedule._id)}
              >
                <PendingMark count={schedule._pending} />
                <Badge tone={scheduleStatusTone[status]}>{status}</Badge>
              </WorkItemButton>
            </li>
          );
        })}
      </ul>
      {openId !== null && (
        <Suspense>
          <ScheduleDetailModal scheduleId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
