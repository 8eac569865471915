import type { ScheduleStatus } from './enums.ts';

/** A Scheduled item whose date has passed is reported as Overdue; the stored status stays Scheduled. */
export function effectiveScheduleStatus(
  stored: ScheduleStatus,
  scheduledDate: string | Date,
  now: Date = new Date(),
): ScheduleStatus {
  return stored === 'Scheduled' && new Date(scheduledDate).getTime() < now.getTime() ? 'Overdue' : stored;
}
