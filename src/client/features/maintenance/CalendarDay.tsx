import { dayKey } from './calendar-month.ts';
import { plannedColours, priorityColours, priorityDots, statusIcons } from './calendar-marks.ts';
import { shownStatus, type LocalSchedule } from './schedule-list.ts';

const itemClasses = (item: LocalSchedule) =>
  item.plannedFrom ? plannedColours : `border-l-4 ${priorityColours[item.priority] ?? priorityColours.Low}`;

/** Titles wrap over as many lines as they take (long words break, hyphenated), never cut to '…'. */
const wrapping = 'hyphens-auto wrap-anywhere';

/** Spec section 9: at most 3 items per day cell, then '+N more'. */
export const itemsPerDay = 3;

interface CalendarDayProps {
  date: Date;
  items: LocalSchedule[];
  isToday: boolean;
  onOpen: (schedule: LocalSchedule) => void;
  onShowDay: () => void;
}

export function CalendarDay({ date, items, isToday, onOpen, onShowDay }: CalendarDayProps) {
  const hidden = items.length - itemsPerDay;
  const dayName = date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
  return (
    <div
      role="cell"
      aria-current={isToday ? 'date' : undefined}
      className={`flex min-h-[120px] min-w-0 flex-col gap-1 p-0.5 sm:p-1 ${isToday ? 'bg-brand-50' : 'bg-surface'}`}
    >
      <time
        dateTime={dayKey(date)}
        className={`flex size-7 items-center justify-center rounded-full text-sm ${
          isToday ? 'bg-brand-600 font-semibold text-white' : 'text-slate-700'
        }`}
      >
        {date.getDate()}
      </time>

      {/* Phone: the cell is too narrow for titles; priority dots, and a tap lists the day. */}
      {items.length > 0 && (
        <button
          type="button"
          onClick={onShowDay}
          aria-label={`${dayName}: ${items.length} maintenance ${items.length === 1 ? 'item' : 'items'}`}
          className="flex min-h-11 flex-1 flex-wrap content-start items-start gap-1 rounded-md p-1 hover:bg-slate-100 sm:hidden"
        >
          {items.slice(0, itemsPerDay).map((item) => (
            <span
              key={item._id}
              className={`size-2.5 rounded-full ${priorityDots[item.priority] ?? priorityDots.Low}`}
            />
          ))}
          {hidden > 0 && <span className="text-xs leading-none font-medium text-slate-600">+{hidden}</span>}
        </button>
      )}

      <ul className="hidden space-y-1 sm:block">
        {items.slice(0, itemsPerDay).map((item) => {
          const status = shownStatus(item);
          const StatusIcon = statusIcons[status];
          return (
            <li key={item._id}>
              <button
                type="button"
                onClick={() => onOpen(item)}
                className={`flex min-h-11 w-full flex-col justify-center rounded-md px-1.5 py-1 text-left text-xs leading-snug ${itemClasses(item)}`}
              >
                <span className={`w-full font-medium ${wrapping}`}>
                  {item.plannedFrom ? (
                    <span className="font-normal">Planned: </span>
                  ) : (
                    <StatusIcon role="img" aria-label={status} className="mr-1 inline size-3 align-[-2px]" />
                  )}
                  {item.title}
                </span>
                <span className={`w-full opacity-80 ${wrapping}`}>{item.machine?.name ?? 'No machine'}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          onClick={onShowDay}
          className="hidden min-h-11 rounded-md px-1.5 text-left text-xs font-medium text-brand-700 hover:bg-slate-100 sm:block"
        >
          +{hidden} more
        </button>
      )}
    </div>
  );
}
