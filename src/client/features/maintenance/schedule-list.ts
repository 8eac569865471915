import { isAnswered } from '#shared/checklist.ts';
import type { Priority, ScheduleStatus } from '#shared/enums.ts';
import { effectiveScheduleStatus } from '#shared/schedule-status.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { Local } from '#client/data/store/db.ts';
import { formatDateTime } from '#client/lib/dates.ts';

/**
 * A schedule as this device shows it; a meter-based one also with its machine's hours here
 * (use-schedules.ts), and a series' planned occurrence with the occurrence it is planned from.
 */
export type LocalSchedule = Local<Schedule> & {
  machineHours?: number;
  waitingForHours?: boolean;
  plannedFrom?: string;
};

export interface ScheduleFilters {
  status: ScheduleStatus | '';
  machine: string;
  assignee: string;
  priority: Priority | '';
}

export const noScheduleFilters: ScheduleFilters = { status: '', machine: '', assignee: '', priority: '' };

/**
 * The status as the server reports it: a Scheduled item whose date has passed reads as Overdue, unless
 * it waits for its machine's operating hours.
 */
export function shownStatus(
  schedule: Pick<LocalSchedule, 'status' | 'scheduledDate' | 'waitingForHours'>,
  now = new Date(),
): ScheduleStatus {
  return effectiveScheduleStatus(schedule.status, schedule.scheduledDate, now, schedule.waitingForHours);
}

/** The items that match every filter that is set, in the order given. */
export function filterSchedules<T extends Schedule & { waitingForHours?: boolean }>(
  schedules: T[],
  filters: ScheduleFilters,
  now = new Date(),
): T[] {
  const { status, machine, assignee, priority } = filters;
  return schedules.filter(
    (schedule) =>
      (!status || shownStatus(schedule, now) === status) &&
      (!machine || schedule.machine?._id === machine) &&
      (!assignee || schedule.assignedTo?._id === assignee) &&
      (!priority || schedule.priority === priority),
  );
}

export function scheduledDateText(schedule: Pick<Schedule, 'scheduledDate'>): string {
  return formatDateTime(schedule.scheduledDate);
}

/** Items ticked or given a result. */
export function checklistDone(schedule: Pick<Schedule, 'checklist'>): number {
  return schedule.checklist.filter(isAnswered).length;
}

/** "Due at 12,500 h (machine at 12,100 h)" for a meter-based occurrence. */
export function dueHoursText(schedule: Pick<LocalSchedule, 'dueHours' | 'machineHours'>): string | null {
  if (schedule.dueHours == null) return null;
  const due = `Due at ${schedule.dueHours.toLocaleString('en-US')} h`;
  return schedule.machineHours === undefined
    ? due
    : `${due} (machine at ${schedule.machineHours.toLocaleString('en-US')} h)`;
}
