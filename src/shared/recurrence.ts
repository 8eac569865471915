import { derivedId } from './ids.ts';

/**
 * Recurring and meter-based maintenance (src/docs/recurrence.md). Dates are stepped in UTC, like the
 * calendar's months; a date-based series counts its steps from its first date (`seriesStart`), so a
 * monthly series started on the 31st lands on every month's last day instead of drifting to the 28th.
 */
export const recurrenceUnits = ['day', 'week', 'month', 'hours'] as const;
export type RecurrenceUnit = (typeof recurrenceUnits)[number];

export interface Recurrence {
  every: number;
  unit: RecurrenceUnit;
  workingDaysOnly?: boolean;
}

/** What the rules read of one occurrence of a series. */
export interface Occurrence {
  _id: string;
  scheduledDate: string;
  recurrence?: Recurrence | null;
  seriesId?: string | null;
  seriesStart?: string | null;
  dueHours?: number | null;
}

export interface Successor {
  _id: string;
  scheduledDate: string;
  dueHours: number | null;
}

const dayMs = 86_400_000;
/** How far ahead the calendar shows a series' planned occurrences. */
export const plannedMonthsAhead = 3;

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);

function onWorkingDay(date: Date): Date {
  let day = date;
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

function addWorkingDays(date: Date, count: number): Date {
  let day = date;
  for (let added = 0; added < count;) {
    day = addDays(day, 1);
    if (!isWeekend(day)) added += 1;
  }
  return day;
}

/** The k-th step of a series from its anchor; a month step keeps the anchor's day, or the month's last. */
function step(anchor: Date, recurrence: Recurrence, k: number): Date {
  if (recurrence.unit !== 'month') {
    return addDays(anchor, k * recurrence.every * (recurrence.unit === 'week' ? 7 : 1));
  }
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + k * recurrence.every;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const time = anchor.getTime() - Date.UTC(year, anchor.getUTCMonth(), anchor.getUTCDate());
  return new Date(Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay)) + time);
}

/** A first guess of the step at or before `after`, so a long series is not walked from its start. */
function stepsBefore(anchor: Date, recurrence: Recurrence, after: Date): number {
  if (recurrence.unit === 'month') {
    const months = (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + after.getUTCMonth() - anchor.getUTCMonth();
    return Math.floor(months / recurrence.every) - 1;
  }
  const stepDays = recurrence.every * (recurrence.unit === 'week' ? 7 : 1);
  return Math.floor((after.getTime() - anchor.getTime()) / (stepDays * dayMs)) - 1;
}

/** The first date of a date-based series after `after` (on a working day when it asks for one). */
export function nextDate(recurrence: Recurrence, anchor: Date, after: Date): Date {
  if (recurrence.unit === 'day' && recurrence.workingDaysOnly) return addWorkingDays(after, recurrence.every);
  let k = Math.max(1, stepsBefore(anchor, recurrence, after));
  while (step(anchor, recurrence, k).getTime() <= after.getTime()) k += 1;
  const date = step(anchor, recurrence, k);
  return recurrence.workingDaysOnly ? onWorkingDay(date) : date;
}

export const seriesOf = (occurrence: Occurrence) => occurrence.seriesId ?? occurrence._id;

/**
 * The occurrence that follows a completed one. Its id is derived from the series and its due point, so
 * every device (and the server) that completes the same occurrence makes the same next one: the date
 * for a date-based series; for a meter-based one the completed occurrence, since the due hours depend
 * on the meter reading each device knows when it completes it.
 */
export function successorOf(completed: Occurrence, machineHours: number, completedAt: Date): Successor | null {
  const recurrence = completed.recurrence;
  if (!recurrence) return null;
  const series = seriesOf(completed);
  if (recurrence.unit === 'hours') {
    return {
      _id: derivedId(series, `after:${completed._id}`),
      scheduledDate: completedAt.toISOString(),
      dueHours: machineHours + recurrence.every,
    };
  }
  const anchor = new Date(completed.seriesStart ?? completed.scheduledDate);
  const date = nextDate(recurrence, anchor, new Date(completed.scheduledDate)).toISOString();
  return { _id: derivedId(series, date), scheduledDate: date, dueHours: null };
}

/** The dates a date-based series plans after this occurrence, up to `until` (the calendar's ghosts). */
export function plannedDates(occurrence: Occurrence, until: Date, limit = 100): string[] {
  const recurrence = occurrence.recurrence;
  if (!recurrence || recurrence.unit === 'hours') return [];
  const anchor = new Date(occurrence.seriesStart ?? occurrence.scheduledDate);
  const dates: string[] = [];
  let date = new Date(occurrence.scheduledDate);
  while (dates.length < limit) {
    date = nextDate(recurrence, anchor, date);
    if (date.getTime() > until.getTime()) break;
    dates.push(date.toISOString());
  }
  return dates;
}

/** A meter-based occurrence whose machine has not yet run to its due hours: not due, not on the calendar. */
export function waitsForHours(occurrence: Pick<Occurrence, 'dueHours'>, machineHours: number | undefined): boolean {
  return occurrence.dueHours != null && machineHours !== undefined && machineHours < occurrence.dueHours;
}

const unitNames: Record<RecurrenceUnit, [string, string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  hours: ['operating hour', 'operating hours'],
};

/** "Every 2 weeks", "Every day, working days only", "Every 500 operating hours". */
export function recurrenceText(recurrence: Recurrence): string {
  const [one, many] = unitNames[recurrence.unit];
  const every = recurrence.every === 1 ? `Every ${one}` : `Every ${recurrence.every.toLocaleString('en-US')} ${many}`;
  return recurrence.workingDaysOnly && recurrence.unit !== 'hours' ? `${every}, working days only` : every;
}

/** The next occurrence's checklist: the same tasks, unanswered, with item ids every device derives alike. */
export function freshChecklist<T extends { _id: string; task: string }>(successorId: string, items: T[]) {
  return items.map((item) => ({
    _id: derivedId(successorId, item._id),
    task: item.task,
    completed: false,
    notes: '',
    result: null,
  }));
}
