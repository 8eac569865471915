import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { CalendarDay } from './CalendarDay.tsx';
import { CalendarLegend } from './CalendarLegend.tsx';
import { DayItemsModal } from './DayItemsModal.tsx';
import {
  dayKey,
  groupByDay,
  monthOf,
  monthTitle,
  monthWeeks,
  shiftMonth,
  weekdays,
  type CalendarMonth,
} from './calendar-month.ts';
import type { LocalSchedule } from './schedule-list.ts';

interface MaintenanceCalendarProps {
  schedules: LocalSchedule[];
  month: CalendarMonth;
  onMonthChange: (month: CalendarMonth) => void;
  onOpen: (schedule: LocalSchedule) => void;
}

/** The month grid, Sunday first, built from the schedules on this device (so it works offline). */
export function MaintenanceCalendar({ schedules, month, onMonthChange, onOpen }: MaintenanceCalendarProps) {
  const [shownDay, setShownDay] = useState<Date | null>(null);
  const byDay = useMemo(() => groupByDay(schedules), [schedules]);
  const today = dayKey(new Date());
  const title = monthTitle(month);

  return (
    <section
      aria-label="Maintenance calendar"
      className="overflow-hidden rounded-xl border border-slate-200 bg-surface"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-2 sm:p-3">
        <h2 className="px-2 text-lg font-semibold text-slate-900" aria-live="polite">
          {title}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous month"
            onClick={() => onMonthChange(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <Button variant="secondary" onClick={() => onMonthChange(monthOf(new Date()))}>
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next month"
            onClick={() => onMonthChange(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>

      <div role="table" aria-label={title} className="text-sm">
        <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
          {weekdays.map((day) => (
            <div
              key={day}
              role="columnheader"
              className="py-2 text-center text-xs font-semibold text-slate-600 uppercase"
            >
              {day}
            </div>
          ))}
        </div>
        {monthWeeks(month).map((week, index) => (
          <div
            key={index}
            role="row"
            className="grid grid-cols-7 gap-px border-b border-slate-200 bg-slate-200 last:border-b-0"
          >
            {week.map((date, column) =>
              date ? (
                <CalendarDay
                  key={column}
                  date={date}
                  items={byDay.get(dayKey(date)) ?? []}
                  isToday={dayKey(date) === today}
                  onOpen={onOpen}
                  onShowDay={() => setShownDay(date)}
                />
              ) : (
                <div key={column} role="cell" className="bg-slate-50" />
              ),
            )}
          </div>
        ))}
      </div>
      <CalendarLegend />

      <DayItemsModal
        day={shownDay}
        items={shownDay ? (byDay.get(dayKey(shownDay)) ?? []) : []}
        onClose={() => setShownDay(null)}
        onOpen={(schedule) => {
          setShownDay(null);
          onOpen(schedule);
        }}
      />
    </section>
  );
}
