import { Pencil } from 'lucide-react';
import { Badge, priorityTone, scheduleStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Detail } from '#client/components/ui/Detail.tsx';
import { RecordModal } from '#client/components/ui/RecordModal.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { RecordPermits } from '#client/features/permits/RecordPermits.tsx';
import { ScheduleParts } from '#client/features/parts/WorkParts.tsx';
import { ChecklistItemRow } from './ChecklistItemRow.tsx';
import { CompleteButton } from './CompleteButton.tsx';
import { ScheduleStatusSelect } from './ScheduleStatusSelect.tsx';
import { SeriesText } from './SeriesText.tsx';
import { checklistDone, scheduledDateText, shownStatus, type LocalSchedule } from './schedule-list.ts';
import { useSchedule } from './use-schedules.ts';
import { formatDateTime } from '#client/lib/dates.ts';

function ScheduleDetails({ schedule }: { schedule: LocalSchedule }) {
  const status = shownStatus(schedule);
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={scheduleStatusTone[status]}>{status}</Badge>
          <Badge tone={priorityTone[schedule.priority]}>{schedule.priority}</Badge>
          <PendingMark count={schedule._pending} />
        </div>
        {schedule.description && <p className="text-sm whitespace-pre-wrap text-slate-700">{schedule.description}</p>}
      </div>

      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <Detail label="Machine">{schedule.machine?.name ?? 'No machine'}</Detail>
        <Detail label="Scheduled">{scheduledDateText(schedule)}</Detail>
        <Detail label="Estimated Duration">{schedule.estimatedDuration}h</Detail>
        <Detail label="Assigned To">{schedule.assignedTo?.name ?? 'Unassigned'}</Detail>
        {schedule.recurrence && (
          <Detail label="Repeats" className="col-span-2 sm:col-span-1">
            <SeriesText schedule={schedule} />
          </Detail>
        )}
        {schedule.completedAt && (
          <Detail label="Completed">
            {formatDateTime(schedule.completedAt)}
            {schedule.completedBy && ` by ${schedule.completedBy.name}`}
          </Detail>
        )}
        <Detail label="Status" className="col-span-2 sm:col-span-1">
          <ScheduleStatusSelect schedule={schedule} />
        </Detail>
      </dl>

      <RecordPermits
        machineId={schedule.machine?._id ?? null}
        work={{ schedule }}
        finished={schedule.status === 'Completed'}
      />

      <ScheduleParts schedule={schedule} />

      <section aria-labelledby="schedule-checklist" className="space-y-3">
        <h3 id="schedule-checklist" className="font-semibold text-slate-900">
          Checklist ({checklistDone(schedule)}/{schedule.checklist.length} done)
        </h3>
        {schedule.checklist.length === 0 ? (
          <p className="text-sm text-slate-500">No checklist tasks.</p>
        ) : (
          <ul className="space-y-2">
            {schedule.checklist.map((item) => (
              <ChecklistItemRow key={item._id} schedule={schedule} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

interface ScheduleDetailModalProps {
  scheduleId: string | null;
  onClose: () => void;
  /** Opens the edit form; none where the user cannot plan maintenance (the dashboard's My Maintenance). */
  onEdit?: (id: string) => void;
}

/** The item as this device has it, live: ticks and notes show at once, marked until sent. */
export function ScheduleDetailModal({ scheduleId, onClose, onEdit }: ScheduleDetailModalProps) {
  const schedule = useSchedule(scheduleId);
  return (
    <RecordModal
      record={schedule}
      missing="This maintenance item is not on this device."
      open={scheduleId !== null}
      onClose={onClose}
      title={schedule?.title ?? 'Maintenance'}
      size="lg"
      footer={
        schedule && (
          <>
            {onEdit && (
              <Button variant="secondary" onClick={() => onEdit(schedule._id)}>
                <Pencil aria-hidden="true" className="size-4" /> Edit
              </Button>
            )}
            <CompleteButton schedule={schedule} />
          </>
        )
      }
    >
      {(shown) => <ScheduleDetails schedule={shown} />}
    </RecordModal>
  );
}
