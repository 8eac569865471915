import { useState } from 'react';
import { unansweredItems } from '../../../shared/checklist.ts';
import { scheduleStatuses, type ScheduleStatus } from '../../../shared/enums.ts';
import { can, deniedMessage } from '../../../shared/permissions.ts';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Select } from '../../components/ui/Field.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { saveScheduleStatus } from './save-schedule-status.ts';
import { shownStatus, type LocalSchedule } from './schedule-list.ts';

/**
 * Spec: the status dropdown changes the status at once; it shows the status as reported (Overdue
 * included). Completing with checklist items unanswered asks first.
 */
export function ScheduleStatusSelect({ schedule, className = '' }: { schedule: LocalSchedule; className?: string }) {
  const user = useSignedInUser();
  const [confirming, setConfirming] = useState(false);
  const unanswered = unansweredItems(schedule.checklist);
  const allowed = can(user.role, 'schedule:manage');

  function choose(status: ScheduleStatus) {
    if (status === 'Completed' && unanswered.length > 0) setConfirming(true);
    else void saveScheduleStatus(user, schedule, status);
  }

  return (
    <>
      <Select
        aria-label={`Status of ${schedule.title}`}
        options={scheduleStatuses}
        value={shownStatus(schedule)}
        onChange={(event) => choose(event.target.value as ScheduleStatus)}
        disabled={!allowed}
        title={allowed ? undefined : deniedMessage(user.role, 'schedule:manage')}
        className={className}
      />
      <ConfirmDialog
        open={confirming}
        title="Complete with unanswered checks?"
        confirmLabel="Complete Anyway"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void saveScheduleStatus(user, schedule, 'Completed');
        }}
      >
        <p>
          {unanswered.length === 1 ? '1 checklist item is' : `${unanswered.length} checklist items are`} not answered:
        </p>
        <ul className="mt-2 list-disc pl-5">
          {unanswered.map((item) => (
            <li key={item._id}>{item.task}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
