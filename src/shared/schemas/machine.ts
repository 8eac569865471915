import { z } from 'zod';
import { machineDepartments, machineStatuses } from '../enums.ts';
import { isolationPoints } from '../isolation.ts';
import { downtimeReason, machineStop } from './downtime.ts';
import {
  idSchema,
  oneOf,
  optionalFilter,
  optionalText,
  recordMeta,
  requiredText,
  searchFilter,
  updated,
} from './common.ts';

const specText = (label: string) => optionalText(label, 200).default('');

export const specifications = z.object({
  capacity: specText('Capacity'),
  power: specText('Power'),
  dimensions: specText('Dimensions'),
  weight: specText('Weight'),
});

const machineDepartment = oneOf('Department', machineDepartments);
const machineStatus = oneOf('Status', machineStatuses);

export const machine = z.object({
  ...recordMeta,
  name: z.string(),
  machineId: z.string(),
  department: machineDepartment,
  location: z.string(),
  model: z.string(),
  manufacturer: z.string(),
  installationDate: z.string(),
  specifications: specifications,
  status: machineStatus,
  operatingHours: z.number(),
  /** Null while the machine is up (src/docs/downtime.md). */
  stop: machineStop.nullable(),
  /** Where and how its energies are isolated (src/docs/isolation-points.md). */
  isolationPoints: isolationPoints,
});
export type Machine = z.infer<typeof machine>;

const machineFields = {
  name: requiredText('Machine name'),
  machineId: requiredText('Machine ID', 50),
  department: machineDepartment,
  location: requiredText('Location'),
  model: requiredText('Model'),
  manufacturer: requiredText('Manufacturer'),
  installationDate: z.iso.date({ error: 'Installation date must be a date (YYYY-MM-DD)' }),
  specifications: specifications,
  status: machineStatus,
  operatingHours: z.number().min(0, 'Operating hours must be at least 0').max(10_000_000),
  isolationPoints: isolationPoints,
};

export const machineCreate = z.object({
  _id: idSchema.optional(),
  ...machineFields,
  specifications: specifications.default({ capacity: '', power: '', dimensions: '', weight: '' }),
  status: machineStatus.default('Running'),
  operatingHours: machineFields.operatingHours.default(0),
  isolationPoints: isolationPoints.default([]),
});
export type MachineCreate = z.input<typeof machineCreate>;

export const machineUpdate = z.object(machineFields).partial();
export type MachineUpdate = z.infer<typeof machineUpdate>;

/** A status change; a stop may say why and which ticket deals with it (src/docs/downtime.md). */
export const machineStatusBody = z.object({
  status: machineStatus,
  reason: downtimeReason.nullable().optional(),
  ticket: idSchema.nullable().optional(),
});
export type MachineStatusChange = z.infer<typeof machineStatusBody>;

export const machineListQuery = z.object({
  department: optionalFilter(machineDepartment),
  status: optionalFilter(machineStatus),
  search: searchFilter,
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type MachineListQuery = z.infer<typeof machineListQuery>;

export const machineUpdated = updated(machine);

/** Why a new or edited machine is refused: another live machine has its Machine ID. */
export const machineIdInUse = (machineId: string) => `Machine ID ${machineId} is already in use`;
