import type { ScheduleStatus } from './enums.ts';

/**
 * A Scheduled item whose date has passed is reported as Overdue; the stored status stays Scheduled.
 * A meter-based occurrence still waiting for its machine's hours is not due, whatever its date.
 */
export function effectiveScheduleStatus(
  stored: ScheduleStatus,
  scheduledDate: string | Date,
  now: Date = new Date(),
  waitingForHours = false,
): ScheduleStatus {
  if (waitingForHours) return stored;
  return stored === 'Scheduled' && new Date(scheduledDate).getTime() < now.getTime() ? 'Overdue' : stored;
}
