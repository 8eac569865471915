import { machineStatuses, type MachineStatus } from '../../../shared/enums.ts';
import { can, deniedMessage } from '../../../shared/permissions.ts';
import { Select } from '../../components/ui/Field.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { machineStatusChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';

/** The machine's status, saved at once when another is chosen. */
export function MachineStatusSelect({ machine }: { machine: LocalMachine }) {
  const user = useSignedInUser();
  const allowed = can(user.role, 'machine:status');

  return (
    <Select
      aria-label={`Status of ${machine.name}`}
      options={machineStatuses}
      value={machine.status}
      disabled={!allowed}
      title={allowed ? undefined : deniedMessage(user.role, 'machine:status')}
      onChange={(event) => {
        const change = machineStatusChange(user, machine, event.target.value as MachineStatus);
        void saveAndNotify(change, 'Machine status updated!', 'Failed to update machine status');
      }}
    />
  );
}
