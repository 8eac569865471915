import type { Machine } from '#shared/schemas/machine.ts';

/** How many matches the scan page lists; more asks for more of the name. */
export const shownMatches = 8;

/**
 * The machines whose name or machine ID contains the typed text, ignoring case: an exact ID first,
 * then names that start with it, then the rest, each by name.
 */
export function matchMachines<T extends Pick<Machine, 'name' | 'machineId'>>(machines: T[], typed: string): T[] {
  const text = typed.trim().toLowerCase();
  if (!text) return [];
  const rank = (machine: T) =>
    machine.machineId.toLowerCase() === text ? 0 : machine.name.toLowerCase().startsWith(text) ? 1 : 2;
  return machines
    .filter((machine) => machine.name.toLowerCase().includes(text) || machine.machineId.toLowerCase().includes(text))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
