import { CalendarClock, CircleCheck, TriangleAlert, Wrench, type LucideIcon } from 'lucide-react';
import type { ScheduleStatus } from '#shared/enums.ts';

/** Spec: items are coloured by priority (Critical, High, Medium, otherwise low). */
export const priorityColours: Record<string, string> = {
  Critical: 'border-red-500 bg-red-50 text-red-900 hover:bg-red-100',
  High: 'border-orange-500 bg-orange-50 text-orange-900 hover:bg-orange-100',
  Medium: 'border-yellow-500 bg-yellow-50 text-yellow-900 hover:bg-yellow-100',
  Low: 'border-green-500 bg-green-50 text-green-900 hover:bg-green-100',
};
/** The priority dots of a phone's day cell. */
export const priorityDots: Record<string, string> = {
  Critical: 'bg-red-500',
  High: 'bg-orange-500',
  Medium: 'bg-yellow-500',
  Low: 'bg-green-500',
};
/** A series' planned occurrence: not a record yet, so outlined only. */
export const plannedColours = 'border border-dashed border-slate-400 bg-surface text-slate-600 hover:bg-slate-50';

/** Each status has a mark of its own, so colour (the priority) is never the only sign. */
export const statusIcons: Record<ScheduleStatus, LucideIcon> = {
  Scheduled: CalendarClock,
  'In Progress': Wrench,
  Completed: CircleCheck,
  Overdue: TriangleAlert,
};
