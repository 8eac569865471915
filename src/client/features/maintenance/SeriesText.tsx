import { Repeat } from 'lucide-react';
import { recurrenceText } from '#shared/recurrence.ts';
import { dueHoursText, type LocalSchedule } from './schedule-list.ts';

/** How the item repeats and, for a meter-based one, the hours it is due at: "Every 500 operating hours · Due at …". */
export function SeriesText({ schedule }: { schedule: LocalSchedule }) {
  if (!schedule.recurrence) return null;
  const due = dueHoursText(schedule);
  return (
    <span className="inline-flex items-center gap-1.5">
      <Repeat aria-hidden="true" className="size-4 text-slate-400" />
      {recurrenceText(schedule.recurrence)}
      {due && ` · ${due}`}
    </span>
  );
}
