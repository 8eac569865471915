import type { MachineStatus } from '../../../shared/enums.ts';
import type { Machine } from '../../../shared/schemas/machine.ts';
import type { Local } from '../../data/db.ts';

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

/** The distinct values of one field, sorted, for a filter's options. */
export function distinctValues(machines: readonly Machine[], field: 'location' | 'manufacturer'): string[] {
  return [...new Set(machines.map((machine) => machine[field]))].sort((a, b) => a.localeCompare(b));
}

/** "12,450h" in the user's number format. */
export const operatingHoursText = (hours: number) => `${hours.toLocaleString()}h`;

/** A calendar date ('2018-05-22') in the local format, without a time-zone shift. */
export const calendarDateText = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00`).toLocaleDateString();
