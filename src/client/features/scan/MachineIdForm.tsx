import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { localDb } from '../../data/db.ts';

/** For a scratched label or a blocked camera: the machine ID printed under the code opens the machine. */
export function MachineIdForm() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function open(event: FormEvent) {
    event.preventDefault();
    const machineId = typed.trim();
    if (!machineId) return setError('Type the machine ID printed on the label');
    const machine = await localDb.machines.where('machineId').equalsIgnoreCase(machineId).first();
    if (!machine) return setError(`No machine with ID ${machineId} on this device`);
    await navigate({ to: '/machines', search: { machine: machine._id } });
  }

  return (
    <form onSubmit={(event) => void open(event)} noValidate className="flex items-end gap-2">
      <Field label="Machine ID" error={error} className="flex-1">
        <Input
          value={typed}
          placeholder="e.g. CA-DC-02"
          autoCapitalize="characters"
          onChange={(event) => {
            setTyped(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      {/* Kept level with the input when an error shows under it. */}
      <Button type="submit" variant="secondary" className={error ? 'mb-7' : ''}>
        Open
      </Button>
    </form>
  );
}
