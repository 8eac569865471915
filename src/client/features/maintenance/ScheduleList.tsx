import { CalendarClock, Clock, Pencil, User, Wrench } from 'lucide-react';
import { Badge, priorityTone, scheduleStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { ScheduleStatusSelect } from './ScheduleStatusSelect.tsx';
import { SeriesText } from './SeriesText.tsx';
import { scheduledDateText, shownStatus, type LocalSchedule } from './schedule-list.ts';

interface ScheduleListProps {
  schedules: LocalSchedule[];
  onOpen: (schedule: LocalSchedule) => void;
  onEdit: (schedule: LocalSchedule) => void;
}

function ScheduleCard({
  schedule,
  onOpen,
  onEdit,
}: { schedule: LocalSchedule } & Omit<ScheduleListProps, 'schedules'>) {
  const status = shownStatus(schedule);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-surface p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0">
            <button
              type="button"
              onClick={() => onOpen(schedule)}
              className="min-h-11 min-w-11 text-left text-base font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
            >
              {schedule.title}
            </button>
          </h3>
          <Badge tone={scheduleStatusTone[status]}>{status}</Badge>
          <Badge tone={priorityTone[schedule.priority]}>{schedule.priority}</Badge>
          <PendingMark count={schedule._pending} />
        </div>
        <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Wrench aria-hidden="true" className="size-4 text-slate-400" />
            {schedule.machine?.name ?? 'No machine'}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock aria-hidden="true" className="size-4 text-slate-400" />
            <time dateTime={schedule.scheduledDate}>{scheduledDateText(schedule)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-slate-400" />
            {schedule.estimatedDuration}h
          </span>
          <SeriesText schedule={schedule} />
        </p>
        {schedule.description && (
          <p className="line-clamp-3 text-sm whitespace-pre-wrap text-slate-700">{schedule.description}</p>
        )}
        {schedule.assignedTo && (
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <User aria-hidden="true" className="size-4 text-slate-400" />
            <span>
              Assigned to <span className="font-medium text-slate-900">{schedule.assignedTo.name}</span>
            </span>
          </p>
        )}
      </div>
      <div className="grid grid-cols-[1fr_auto] gap-2 sm:w-64">
        <ScheduleStatusSelect schedule={schedule} />
        <Button variant="secondary" onClick={() => onEdit(schedule)} aria-label={`Edit ${schedule.title}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Button>
      </div>
    </li>
  );
}

/** One card per item, by scheduled date. */
export function ScheduleList({ schedules, onOpen, onEdit }: ScheduleListProps) {
  return (
    <ul aria-label="Maintenance schedules" className="space-y-3">
      {schedules.map((schedule) => (
        <ScheduleCard key={schedule._id} schedule={schedule} onOpen={onOpen} onEdit={onEdit} />
      ))}
    </ul>
  );
}
