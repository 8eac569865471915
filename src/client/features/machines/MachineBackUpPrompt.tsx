import { useSyncExternalStore } from 'react';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { machineBackUp } from './machine-back-up.ts';
import { durationText, minutesSince } from './machine-list.ts';
import { saveMachineStatus } from './save-machine-status.ts';

/** The "Machine back to Running?" question (machine-back-up.ts), shown once for every screen by the layout. */
export function MachineBackUpPrompt() {
  const user = useSignedInUser();
  const asked = useSyncExternalStore(machineBackUp.subscribe, machineBackUp.get);
  if (!asked) return null;
  const { machine, ticket, at } = asked;
  return (
    <ConfirmDialog
      open
      title="Machine back to Running?"
      confirmLabel="Set Running"
      cancelLabel="Keep stopped"
      onCancel={() => machineBackUp.set(null)}
      onConfirm={() => {
        void saveMachineStatus(user, machine, 'Running');
        machineBackUp.set(null);
      }}
    >
      <p>
        {ticket.ticketNumber || 'The ticket'} dealt with the stop of {machine.name}, which has been{' '}
        {machine.status === 'Down' ? 'down' : 'in maintenance'} for{' '}
        {durationText(minutesSince(machine.stop!.since, at))}. Set it Running and end the stop?
      </p>
    </ConfirmDialog>
  );
}
