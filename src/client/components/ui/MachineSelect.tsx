import type { ChangeEventHandler } from 'react';
import { Select } from './Field.tsx';

interface MachineSelectProps {
  /** The machines to choose from; undefined while they load. */
  machines: readonly { _id: string; name: string; machineId?: string }[] | undefined;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
}

/** The machine of a form, inside its Field; a machine this device only knows by name shows without its ID. */
export function MachineSelect({ machines, value, onChange }: MachineSelectProps) {
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder={machines?.length === 0 ? 'No machines on this device yet' : 'Select a machine'}
      options={(machines ?? []).map((machine) => ({
        value: machine._id,
        label: machine.machineId ? `${machine.name} (${machine.machineId})` : machine.name,
      }))}
    />
  );
}
