import { machineDepartments } from '#shared/enums.ts';
import type { Machine, MachineUpdate } from '#shared/schemas/machine.ts';
import { changedFields } from '#client/lib/changed-fields.ts';

export const emptyMachineForm = {
  name: '',
  machineId: '',
  department: machineDepartments[0] as string,
  location: '',
  model: '',
  manufacturer: '',
  installationDate: '',
  capacity: '',
  power: '',
  dimensions: '',
  weight: '',
};
export type MachineForm = typeof emptyMachineForm;

export function formFromMachine(machine: Machine): MachineForm {
  return {
    name: machine.name,
    machineId: machine.machineId,
    department: machine.department,
    location: machine.location,
    model: machine.model,
    manufacturer: machine.manufacturer,
    installationDate: machine.installationDate.slice(0, 10),
    ...machine.specifications,
  };
}

/** The form as the machine schemas take it. */
export function machineInput({ capacity, power, dimensions, weight, ...fields }: MachineForm) {
  return { ...fields, specifications: { capacity, power, dimensions, weight } };
}

/** The specifications go whole when one of them changed, as the server stores them as one value. */
export function changedMachineFields(initial: MachineForm, form: MachineForm, parsed: MachineUpdate): MachineUpdate {
  return changedFields(machineInput(initial), machineInput(form), parsed);
}
