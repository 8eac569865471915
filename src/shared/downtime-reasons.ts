import type { MachineStatus } from './enums.ts';

/**
 * Why a machine stopped: a category and one of its details, as an operator picks them on a tablet.
 * The Pareto on Analytics groups by category.
 */
export const downtimeReasons = {
  Mechanical: ['Bearing failure', 'Gearbox', 'Roll or roll change', 'Drive or coupling', 'Wear part'],
  Electrical: ['Motor', 'Drive or inverter', 'Sensor', 'Power supply', 'Control cabinet'],
  Hydraulic: ['Leak', 'Pump', 'Valve', 'Pressure loss', 'Oil temperature'],
  Pneumatic: ['Air leak', 'Compressor', 'Valve', 'Cylinder'],
  Process: ['Setup or changeover', 'Quality hold', 'Furnace temperature', 'Strip break', 'Tooling'],
  'Material shortage': ['Metal', 'Alloying elements', 'Consumables', 'Packaging'],
  'Planned maintenance': ['Preventive', 'Inspection', 'Cleaning', 'Calibration'],
  Other: ['Safety stop', 'Utilities outage', 'Staff shortage', 'Unknown'],
} as const satisfies Record<string, readonly string[]>;

export type DowntimeCategory = keyof typeof downtimeReasons;
export const downtimeCategories = Object.keys(downtimeReasons) as DowntimeCategory[];

/** Down and Maintenance stop a machine; Running and Idle leave it available. */
export const isStopped = (status: MachineStatus) => status === 'Down' || status === 'Maintenance';

/** A reason as the API and the app show it: "Hydraulic: Leak", or the category alone. */
export const reasonLabel = (reason: { category: string; detail: string | null }) =>
  reason.detail ? `${reason.category}: ${reason.detail}` : reason.category;
