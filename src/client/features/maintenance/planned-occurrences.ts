import { plannedDates, plannedMonthsAhead, seriesOf } from '#shared/recurrence.ts';
import type { LocalSchedule } from './schedule-list.ts';

/**
 * The calendar's ghosts: each date-based series' occurrences after its latest one, up to three months
 * ahead. They are not records; opening one opens the occurrence it is planned from.
 */
export function plannedOccurrences(schedules: LocalSchedule[], now = new Date()): LocalSchedule[] {
  const until = new Date(now);
  until.setMonth(until.getMonth() + plannedMonthsAhead);
  const latest = new Map<string, LocalSchedule>();
  for (const schedule of schedules) {
    if (!schedule.recurrence || schedule.recurrence.unit === 'hours' || schedule.plannedFrom) continue;
    const current = latest.get(seriesOf(schedule));
    if (!current || current.scheduledDate < schedule.scheduledDate) latest.set(seriesOf(schedule), schedule);
  }
  return [...latest.values()].flatMap((head) =>
    plannedDates(head, until).map((scheduledDate) => ({
      ...head,
      _id: `${head._id}@${scheduledDate}`,
      scheduledDate,
      status: 'Scheduled' as const,
      _pending: 0,
      plannedFrom: head._id,
    })),
  );
}

/** What the calendar shows: the occurrences that are due or dated (not those waiting for hours) and the ghosts. */
export function calendarItems(schedules: LocalSchedule[], now = new Date()): LocalSchedule[] {
  const dated = schedules.filter((schedule) => !schedule.waitingForHours);
  return [...dated, ...plannedOccurrences(schedules, now)].sort((a, b) =>
    a.scheduledDate.localeCompare(b.scheduledDate),
  );
}
