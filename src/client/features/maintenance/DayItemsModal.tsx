import { Badge, priorityTone, scheduleStatusTone } from '#client/components/ui/Badge.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { statusIcons } from './calendar-marks.ts';
import { shownStatus, type LocalSchedule } from './schedule-list.ts';
import { formatTime } from '#client/lib/dates.ts';

interface DayItemsModalProps {
  day: Date | null;
  items: LocalSchedule[];
  onClose: () => void;
  onOpen: (schedule: LocalSchedule) => void;
}

/** Every item of one day ('+N more', or a tap on a day on a phone). */
export function DayItemsModal({ day, items, onClose, onOpen }: DayItemsModalProps) {
  const title =
    day?.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }) ?? '';
  return (
    <Modal open={day !== null} onClose={onClose} title={title}>
      <ul className="space-y-2">
        {items.map((item) => {
          const status = shownStatus(item);
          const StatusIcon = statusIcons[status];
          return (
            <li key={item._id}>
              <button
                type="button"
                onClick={() => onOpen(item)}
                className="flex min-h-11 w-full flex-col gap-1 rounded-lg border border-slate-200 p-3 text-left hover:bg-slate-50"
              >
                <span className="font-medium break-words text-slate-900">{item.title}</span>
                <span className="text-sm text-slate-600">
                  {formatTime(item.scheduledDate)} · {item.machine?.name ?? 'No machine'}
                </span>
                <span className="flex flex-wrap gap-2">
                  {item.plannedFrom ? (
                    <Badge tone="slate">Planned</Badge>
                  ) : (
                    <Badge tone={scheduleStatusTone[status]}>
                      <StatusIcon aria-hidden="true" className="mr-1 inline size-3 align-[-2px]" />
                      {status}
                    </Badge>
                  )}
                  <Badge tone={priorityTone[item.priority]}>{item.priority}</Badge>
                  <PendingMark count={item._pending} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
