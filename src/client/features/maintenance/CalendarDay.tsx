import { dayKey } from './calendar-month.ts';
import type { LocalSchedule } from './schedule-list.ts';

/** Spec: items are coloured by priority (Critical, High, Medium, otherwise low). */
const itemColours: Record<string, string> = {
  Critical: 'border-red-500 bg-red-50 text-red-900 hover:bg-red-100',
  High: 'border-orange-500 bg-orange-50 text-orange-900 hover:bg-orange-100',
  Medium: 'border-yellow-500 bg-yellow-50 text-yellow-900 hover:bg-yellow-100',
};
const lowColours = 'border-green-500 bg-green-50 text-green-900 hover:bg-green-100';
/** A series' planned occurrence: not a record yet, so outlined only. */
const plannedColours = 'border border-dashed border-slate-400 bg-surface text-slate-600 hover:bg-slate-50';

const itemClasses = (item: LocalSchedule) =>
  item.plannedFrom ? plannedColours : `border-l-4 ${itemColours[item.priority] ?? lowColours}`;

const dotColours: Record<string, string> = { Critical: 'bg-red-500', High: 'bg-orange-500', Medium: 'bg-yellow-500' };

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
            <span key={item._id} className={`size-2.5 rounded-full ${dotColours[item.priority] ?? 'bg-green-500'}`} />
          ))}
          {hidden > 0 && <span className="text-xs leading-none font-medium text-slate-600">+{hidden}</span>}
        </button>
      )}

      <ul className="hidden space-y-1 sm:block">
        {items.slice(0, itemsPerDay).map((item) => (
          <li key={item._id}>
            <button
              type="button"
              onClick={() => onOpen(item)}
              className={`flex min-h-11 w-full flex-col justify-center rounded-md px-1.5 py-0.5 text-left text-xs ${itemClasses(item)}`}
            >
              <span className="w-full truncate font-medium">
                {item.plannedFrom && <span className="font-normal">Planned: </span>}
                {item.title}
              </span>
              <span className="w-full truncate opacity-80">{item.machine?.name ?? 'No machine'}</span>
            </button>
          </li>
        ))}
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
