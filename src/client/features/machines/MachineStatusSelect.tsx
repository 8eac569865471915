import { machineStatuses, type MachineStatus } from '../../../shared/enums.ts';
import { can, deniedMessage } from '../../../shared/permissions.ts';
import { Select } from '../../components/ui/Field.tsx';
import { notify } from '../../lib/notify.ts';
import { useSignedInUser } from '../auth/session.ts';
import { saveChange } from '../sync/save-change.ts';
import { machineStatusChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';

/** The machine's status, saved at once when another is chosen. */
export function MachineStatusSelect({ machine }: { machine: LocalMachine }) {
  const user = useSignedInUser();
  const allowed = can(user.role, 'machine:status');

  async function change(status: MachineStatus) {
    try {
      await saveChange(machineStatusChange(user, machine, status));
      notify.success('Machine status updated!');
    } catch (error) {
      notify.error(error, 'Failed to update machine status');
    }
  }

  return (
    <Select
      aria-label={`Status of ${machine.name}`}
      options={machineStatuses}
      value={machine.status}
      disabled={!allowed}
      title={allowed ? undefined : deniedMessage(user.role, 'machine:status')}
      onChange={(event) => void change(event.target.value as MachineStatus)}
    />
  );
}
