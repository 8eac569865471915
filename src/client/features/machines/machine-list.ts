import type { MachineStatus } from '#shared/enums.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Local } from '#client/data/store/db.ts';
import { formatDate } from '#client/lib/dates.ts';
import { formatCount } from '#client/lib/counts.ts';

export type LocalMachine = Local<Machine>;

export interface MachineFilters {
  search: string;
  department: Machine['department'] | '';
  status: MachineStatus | '';
  /** The 'More Filters' row. */
  location: string;
  manufacturer: string;
}

export const noMachineFilters: MachineFilters = {
  search: '',
  department: '',
  status: '',
  location: '',
  manufacturer: '',
};

/** How many of the 'More Filters' row are set (shown on its button while the row is closed). */
export const extraFilterCount = ({ location, manufacturer }: MachineFilters) =>
  [location, manufacturer].filter(Boolean).length;

/**
 * The machines that match every filter that is set. The search is case-insensitive over name,
 * machine ID, location, model and manufacturer.
 */
export function filterMachines<T extends Machine>(machines: readonly T[], filters: MachineFilters): T[] {
  const needle = filters.search.trim().toLowerCase();
  return machines.filter(
    (machine) =>
      (!filters.department || machine.department === filters.department) &&
      (!filters.status || machine.status === filters.status) &&
      (!filters.location || machine.location === filters.location) &&
      (!filters.manufacturer || machine.manufacturer === filters.manufacturer) &&
      (!needle ||
        [machine.name, machine.machineId, machine.location, machine.model, machine.manufacturer].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
}

/** Down machines first, the rest as they were: what needs someone now is on top. */
export const downFirst = <T extends Pick<Machine, 'status'>>(machines: T[]): T[] =>
  [...machines].sort((a, b) => Number(b.status === 'Down') - Number(a.status === 'Down'));

/** "45 min", "2 h 15 min", "3 d 4 h". */
export function durationText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** Whole minutes from `since` to `now`, never negative (a device clock behind the stop's). */
export const minutesSince = (since: string, now: number) => Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));

/** The distinct values of one field, sorted, for a filter's options. */
export function distinctValues(machines: readonly Machine[], field: 'location' | 'manufacturer'): string[] {
  return [...new Set(machines.map((machine) => machine[field]))].sort((a, b) => a.localeCompare(b));
}

/** "12,450h" in the user's number format. */
export const operatingHoursText = (hours: number) => `${formatCount(hours)}h`;

/** A calendar date ('2018-05-22') in the local format, without a time-zone shift. */
export const calendarDateText = (date: string) => formatDate(date.slice(0, 10));
