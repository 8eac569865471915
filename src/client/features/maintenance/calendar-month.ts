/** A calendar month; `month` counts from 0 (January) like Date does. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** Spec section 9: weeks start on Sunday. */
export const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function monthOf(date: Date): CalendarMonth {
  return { year: date.getFullYear(), month: date.getMonth() };
}

export function shiftMonth({ year, month }: CalendarMonth, by: number): CalendarMonth {
  return monthOf(new Date(year, month + by, 1));
}

/** "November 2026". */
export function monthTitle({ year, month }: CalendarMonth): string {
  return new Date(year, month, 1).toLocaleString('en-US', { month: 'long', year: 'numeric' });
}

/** A day in this device's time zone, as a key ("2026-11-07"). */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The weeks of the month, Sunday first; null pads the days before the 1st and after the last. */
export function monthWeeks({ year, month }: CalendarMonth): (Date | null)[][] {
  const lead = new Date(year, month, 1).getDay();
  const length = new Date(year, month + 1, 0).getDate();
  const cells: (Date | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, index) => new Date(year, month, index + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Items by the local day they are scheduled on, each day in time order (the input is). */
export function groupByDay<T extends { scheduledDate: string }>(items: T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.scheduledDate));
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}
