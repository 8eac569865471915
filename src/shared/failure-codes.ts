import type { MachineDepartment, TicketCategory, TicketStatus } from './enums.ts';
import { openTicketStatuses } from './open-records.ts';

/**
 * Failure codes (src/docs/failure-codes.md): what a repair found, as problem, cause and remedy, from
 * a tree per machine type. A problem lists the causes it usually has; remedies are common to all.
 * Every level ends in "Other", which asks for a note.
 */
export const machineTypes = ['potline', 'casthouse', 'rolling mill', 'laboratory', 'utilities'] as const;
export type MachineType = (typeof machineTypes)[number];

export const machineTypeLabels: Record<MachineType, string> = {
  potline: 'Potline',
  casthouse: 'Casthouse',
  'rolling mill': 'Rolling mill',
  laboratory: 'Laboratory',
  utilities: 'Utilities',
};

/** A machine's type follows its department; a ticket without a machine is coded as utilities. */
const typeOfDepartment: Record<MachineDepartment, MachineType> = {
  Smelting: 'potline',
  Casting: 'casthouse',
  'Rolling Mill': 'rolling mill',
  'Quality Control': 'laboratory',
};

export function machineTypeOf(department: string | null | undefined): MachineType {
  return typeOfDepartment[department as MachineDepartment] ?? 'utilities';
}

export const other = 'Other';

/** Corrective work: resolving a ticket of these categories records its failure codes. */
export const correctiveCategories: readonly TicketCategory[] = ['Mechanical', 'Electrical', 'Hydraulic'];

export const needsFailureCodes = (category: TicketCategory) => correctiveCategories.includes(category);

/** Whether a move from `from` to `to` ends the repair: Resolved, or Closed straight from open work. */
export const endsRepair = (from: TicketStatus, to: TicketStatus) =>
  to === 'Resolved' || (to === 'Closed' && (openTicketStatuses as readonly TicketStatus[]).includes(from));

const wear = ['Wear', 'Fatigue', 'Corrosion'];
const upkeep = ['Lubrication missed', 'Contamination', 'Misalignment'];
const electrical = ['Insulation breakdown', 'Loose connection', 'Overload'];
const operation = ['Operating error', 'Process upset'];

/** Problem -> its causes, per machine type. */
export const failureTrees: Record<MachineType, Record<string, string[]>> = {
  potline: {
    'Anode effect': ['Alumina feed starved', 'Anode setting error', ...operation],
    'Crust breaker failure': [...wear, 'Air supply low', 'Cylinder seal leak'],
    'Feeder blocked': ['Alumina caking', 'Contamination', 'Air supply low'],
    'Busbar overheating': ['Loose connection', 'Current imbalance', 'Corrosion'],
    'Pot tending machine fault': [...wear, ...electrical, 'Hydraulic leak'],
  },
  casthouse: {
    'Metal leak': ['Refractory wear', 'Launder crack', ...operation],
    'Mould cooling fault': ['Water flow low', 'Nozzle blocked', 'Contamination'],
    'Furnace burner fault': ['Flame failure', 'Gas pressure low', ...electrical],
    'Casting table jam': [...wear, ...upkeep],
    'Tilting hydraulics fault': ['Hydraulic leak', 'Valve sticking', 'Contamination'],
  },
  'rolling mill': {
    'Roll damage': ['Spalling', 'Thermal crack', 'Coolant flow low', ...wear],
    'Bearing failure': [...upkeep, ...wear],
    'Gearbox noise or vibration': [...upkeep, 'Gear tooth wear'],
    'Strip break': ['Tension control fault', 'Edge crack', ...operation],
    'Hydraulic gap control fault': ['Hydraulic leak', 'Servo valve fault', 'Sensor fault'],
    'Drive trip': [...electrical, 'Cooling fan failure', 'Encoder fault'],
  },
  laboratory: {
    'Out of calibration': ['Drift', 'Reference sample wrong', 'Temperature out of range'],
    'Fixture or sensor damaged': [...wear, 'Mishandling'],
    'Analyser fault': ['Detector failure', 'Gas supply low', 'Contamination', 'Software fault'],
    'No power or communication': [...electrical, 'Network fault'],
  },
  utilities: {
    'Compressor trip': ['Overheating', 'Oil level low', ...electrical],
    'Pump failure': ['Seal leak', 'Cavitation', ...upkeep, ...wear],
    'Cooling water fault': ['Flow low', 'Fouling', 'Leak'],
    'Electrical supply fault': [...electrical, 'Breaker trip'],
    'Leak (air, water, oil)': [...wear, 'Loose fitting'],
  },
};

export const remedies = [
  'Replaced',
  'Repaired',
  'Adjusted or aligned',
  'Cleaned',
  'Lubricated',
  'Tightened',
  'Recalibrated',
  'Reset and restarted',
  'Modified',
  other,
] as const;

/** The problems of a type, then Other. */
export const problemsOf = (type: MachineType): string[] => [...Object.keys(failureTrees[type]), other];

/** The causes of a problem, then Other (only Other when the problem is Other). */
export const causesOf = (type: MachineType, problem: string): string[] => [
  ...(failureTrees[type][problem] ?? []),
  other,
];

export interface FailureCodes {
  problem: string;
  cause: string;
  remedy: string;
  /** What "Other" stands for, or anything worth adding. */
  note: string;
}

/** Why these codes do not fit the machine type's tree, or null when they do. */
export function failureCodesError(type: MachineType, codes: FailureCodes): string | null {
  const label = machineTypeLabels[type];
  if (!problemsOf(type).includes(codes.problem)) return `"${codes.problem}" is not a problem of ${label} machines`;
  if (!causesOf(type, codes.problem).includes(codes.cause))
    return `"${codes.cause}" is not a cause of ${codes.problem}`;
  if (!(remedies as readonly string[]).includes(codes.remedy)) return `"${codes.remedy}" is not a remedy`;
  if ([codes.problem, codes.cause, codes.remedy].includes(other) && codes.note.trim() === '') {
    return 'Describe the failure in the note when you choose Other';
  }
  return null;
}
