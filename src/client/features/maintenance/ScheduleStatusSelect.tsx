import { scheduleStatuses, type ScheduleStatus } from '../../../shared/enums.ts';
import { Select } from '../../components/ui/Field.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { saveScheduleStatus } from './save-schedule-status.ts';
import { shownStatus, type LocalSchedule } from './schedule-list.ts';

/** Spec: the status dropdown changes the status at once; it shows the status as reported (Overdue included). */
export function ScheduleStatusSelect({ schedule, className = '' }: { schedule: LocalSchedule; className?: string }) {
  const user = useSignedInUser();

  return (
    <Select
      aria-label={`Status of ${schedule.title}`}
      options={scheduleStatuses}
      value={shownStatus(schedule)}
      onChange={(event) => void saveScheduleStatus(user, schedule, event.target.value as ScheduleStatus)}
      className={className}
    />
  );
}
