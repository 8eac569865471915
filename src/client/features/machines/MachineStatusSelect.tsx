import { useState } from 'react';
import { isStopped } from '#shared/downtime-reasons.ts';
import { machineStatuses, type MachineStatus } from '#shared/enums.ts';
import { can, deniedMessage } from '#shared/permissions.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import type { LocalMachine } from './machine-list.ts';
import { saveMachineStatus, stopWithTicket } from './save-machine-status.ts';
import { StopReasonDialog } from './StopReasonDialog.tsx';

/** The machine's status, saved at once when another is chosen; a stop first asks why (skippable). */
export function MachineStatusSelect({ machine }: { machine: LocalMachine }) {
  const user = useSignedInUser();
  const allowed = can(user.role, 'machine:status');
  const [stopping, setStopping] = useState<MachineStatus | null>(null);

  return (
    <>
      <Select
        aria-label={`Status of ${machine.name}`}
        options={machineStatuses}
        value={machine.status}
        disabled={!allowed}
        title={allowed ? undefined : deniedMessage(user.role, 'machine:status')}
        onChange={(event) => {
          const status = event.target.value as MachineStatus;
          if (isStopped(status) && !isStopped(machine.status)) setStopping(status);
          else void saveMachineStatus(user, machine, status);
        }}
      />
      {stopping && (
        <StopReasonDialog
          machineName={machine.name}
          status={stopping}
          onDone={(reason, raiseTicket) => {
            setStopping(null);
            void (raiseTicket ? stopWithTicket : saveMachineStatus)(user, machine, stopping, reason);
          }}
          onCancel={() => setStopping(null)}
        />
      )}
    </>
  );
}
