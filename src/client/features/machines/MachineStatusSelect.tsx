import { useState } from 'react';
import { isStopped } from '../../../shared/downtime-reasons.ts';
import { machineStatuses, type MachineStatus } from '../../../shared/enums.ts';
import { can, deniedMessage } from '../../../shared/permissions.ts';
import type { DowntimeReason } from '../../../shared/schemas/downtime.ts';
import { Select } from '../../components/ui/Field.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { createTicketChange } from '../../data/ticket-create.ts';
import { machineStatusChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';
import { stopTicketInput } from './stop-ticket.ts';
import { StopReasonDialog } from './StopReasonDialog.tsx';

/** The machine's status, saved at once when another is chosen; a stop first asks why (skippable). */
export function MachineStatusSelect({ machine }: { machine: LocalMachine }) {
  const user = useSignedInUser();
  const allowed = can(user.role, 'machine:status');
  const [stopping, setStopping] = useState<MachineStatus | null>(null);

  const save = (status: MachineStatus, reason: DowntimeReason | null = null) =>
    saveAndNotify(
      machineStatusChange(user, machine, status, reason ? { reason } : {}),
      'Machine status updated!',
      'Failed to update machine status',
    );

  // The ticket is queued before the status change that names it, so the server has it when that arrives.
  async function stop(status: MachineStatus, reason: DowntimeReason | null, raiseTicket: boolean) {
    setStopping(null);
    if (!raiseTicket) return void (await save(status, reason));
    const ticket = stopTicketInput(machine, status, reason);
    const raised = await saveAndNotify(
      createTicketChange(user, machine, ticket),
      'Ticket created successfully!',
      'Failed to create ticket',
    );
    const change = machineStatusChange(user, machine, status, {
      ...(reason ? { reason } : {}),
      ...(raised ? { ticket: ticket._id } : {}),
    });
    await saveAndNotify(change, 'Machine status updated!', 'Failed to update machine status');
  }

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
          else void save(status);
        }}
      />
      {stopping && (
        <StopReasonDialog
          machineName={machine.name}
          status={stopping}
          onDone={(reason, raiseTicket) => void stop(stopping, reason, raiseTicket)}
          onCancel={() => setStopping(null)}
        />
      )}
    </>
  );
}
