import { useState } from 'react';
import { choosableScheduleStatuses, type ScheduleStatus } from '#shared/enums.ts';
import { can, deniedMessage } from '#shared/permissions.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { useStartWork } from '#client/features/permits/use-start-work.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { usePlannedPartsCheck } from '#client/features/parts/PlannedPartsCheck.tsx';
import { CompleteWarning, completeWarnings } from './CompleteWarning.tsx';
import { saveScheduleStatus } from './save-schedule-status.ts';
import type { LocalSchedule } from './schedule-list.ts';

/**
 * Spec: the status dropdown changes the status at once. Overdue is not a choice: it follows from the
 * date and shows on the badge, so an overdue job reads Scheduled here. Completing with checklist items
 * failed or unanswered asks first.
 */
export function ScheduleStatusSelect({ schedule, className = '' }: { schedule: LocalSchedule; className?: string }) {
  const user = useSignedInUser();
  const [confirming, setConfirming] = useState(false);
  const allowed = can(user.role, 'schedule:manage');
  const starting = useStartWork({
    work: { title: schedule.title },
    record: { schedule: schedule._id },
    machineId: schedule.machine?._id ?? null,
    start: (permitOverride) => void saveScheduleStatus(user, schedule, 'In Progress', permitOverride),
  });

  const plannedParts = usePlannedPartsCheck(
    { schedule: { _id: schedule._id, title: schedule.title } },
    'the maintenance is completed',
  );
  const complete = () => plannedParts.check(() => void saveScheduleStatus(user, schedule, 'Completed'));

  function choose(status: ScheduleStatus) {
    if (status === 'Completed' && completeWarnings(schedule.checklist).any) setConfirming(true);
    else if (status === 'Completed') complete();
    else if (status === 'In Progress' && schedule.status !== status) starting.begin();
    else void saveScheduleStatus(user, schedule, status);
  }

  return (
    <>
      <Select
        aria-label={`Status of ${schedule.title}`}
        options={choosableScheduleStatuses}
        value={schedule.status === 'Overdue' ? 'Scheduled' : schedule.status}
        onChange={(event) => choose(event.target.value as ScheduleStatus)}
        disabled={!allowed}
        title={allowed ? undefined : deniedMessage(user.role, 'schedule:manage')}
        className={className}
      />
      <CompleteWarning
        checklist={schedule.checklist}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          complete();
        }}
      />
      {starting.dialog}
      {plannedParts.dialog}
    </>
  );
}
