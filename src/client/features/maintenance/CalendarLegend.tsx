import { priorities, scheduleStatuses } from '#shared/enums.ts';
import { plannedColours, priorityColours, priorityDots, statusIcons } from './calendar-marks.ts';

/** What the calendar's colours and marks mean: the colour is the priority, the mark the status. */
export function CalendarLegend() {
  return (
    <div
      aria-label="Calendar legend"
      role="group"
      className="flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 px-3 py-2 text-xs text-slate-700"
    >
      <ul aria-label="Colour: priority" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <li className="font-semibold text-slate-900" aria-hidden="true">
          Priority
        </li>
        {[...priorities].reverse().map((priority) => (
          <li key={priority} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`hidden h-3 w-5 rounded-sm border-l-4 sm:inline-block ${priorityColours[priority]}`}
            />
            <span aria-hidden="true" className={`size-2.5 rounded-full sm:hidden ${priorityDots[priority]}`} />
            {priority}
          </li>
        ))}
        <li className="hidden items-center gap-1.5 sm:flex">
          <span aria-hidden="true" className={`inline-block h-3 w-5 rounded-sm ${plannedColours}`} />
          Planned (next in a series)
        </li>
      </ul>
      <ul aria-label="Mark: status" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <li className="font-semibold text-slate-900" aria-hidden="true">
          Status
        </li>
        {scheduleStatuses.map((status) => {
          const Icon = statusIcons[status];
          return (
            <li key={status} className="flex items-center gap-1.5">
              <Icon aria-hidden="true" className="size-3.5" />
              {status}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
