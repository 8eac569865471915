import type { Priority, ScheduleStatus } from '../../../shared/enums.ts';
import { effectiveScheduleStatus } from '../../../shared/schedule-status.ts';
import type { Schedule } from '../../../shared/schemas/schedule.ts';
import type { Local } from '../../data/db.ts';

export type LocalSchedule = Local<Schedule>;

export interface ScheduleFilters {
  status: ScheduleStatus | '';
  machine: string;
  assignee: string;
  priority: Priority | '';
}

export const noScheduleFilters: ScheduleFilters = { status: '', machine: '', assignee: '', priority: '' };

/** The status as the server reports it: a Scheduled item whose date has passed reads as Overdue. */
export function shownStatus(schedule: Pick<Schedule, 'status' | 'scheduledDate'>, now = new Date()): ScheduleStatus {
  return effectiveScheduleStatus(schedule.status, schedule.scheduledDate, now);
}

/** The items that match every filter that is set, in the order given. */
export function filterSchedules<T extends Schedule>(schedules: T[], filters: ScheduleFilters, now = new Date()): T[] {
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
  return new Date(schedule.scheduledDate).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function checklistDone(schedule: Pick<Schedule, 'checklist'>): number {
  return schedule.checklist.filter((item) => item.completed).length;
}
