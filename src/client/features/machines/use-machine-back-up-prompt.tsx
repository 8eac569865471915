import { useState } from 'react';
import { isStopped } from '../../../shared/downtime-reasons.ts';
import type { TicketStatus } from '../../../shared/enums.ts';
import { openTicketStatuses } from '../../../shared/open-records.ts';
import { can } from '../../../shared/permissions.ts';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { localDb } from '../../data/db.ts';
import { useSignedInUser } from '../../data/session.ts';
import { durationText, minutesSince, type LocalMachine } from './machine-list.ts';
import { saveMachineStatus } from './save-machine-status.ts';

interface ResolvedTicket {
  _id: string;
  ticketNumber: string;
  machine: { _id: string } | null;
}

/**
 * "Machine back to Running?" after a ticket is resolved or closed whose machine is still stopped for
 * it (the ticket raised with the stop, or linked to it: `machine.stop.ticket`). Accepting sets the
 * machine Running as its status control does, which ends the stop, offline too. Ticket screens call
 * `offer` after saving a status and render `prompt` (src/docs/downtime.md).
 */
export function useMachineBackUpPrompt() {
  const user = useSignedInUser();
  const [asked, setAsked] = useState<{ machine: LocalMachine; ticket: ResolvedTicket; at: number } | null>(null);

  async function offer(ticket: ResolvedTicket, status: TicketStatus) {
    if ((openTicketStatuses as readonly string[]).includes(status) || !ticket.machine) return;
    if (!can(user.role, 'machine:status')) return;
    const machine = await localDb.machines.get(ticket.machine._id);
    if (machine && isStopped(machine.status) && machine.stop?.ticket === ticket._id)
      setAsked({ machine, ticket, at: Date.now() });
  }

  // Rendered inside a clickable list row: the dialog's clicks must not reach the row through the portal.
  const prompt = asked && (
    <span className="contents" onClick={(event) => event.stopPropagation()}>
      <ConfirmDialog
        open
        title="Machine back to Running?"
        confirmLabel="Set Running"
        cancelLabel="Keep stopped"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          void saveMachineStatus(user, asked.machine, 'Running');
          setAsked(null);
        }}
      >
        <p>
          {asked.ticket.ticketNumber || 'The ticket'} dealt with the stop of {asked.machine.name}, which has been{' '}
          {asked.machine.status === 'Down' ? 'down' : 'in maintenance'} for{' '}
          {durationText(minutesSince(asked.machine.stop!.since, asked.at))}. Set it Running and end the stop?
        </p>
      </ConfirmDialog>
    </span>
  );

  return { offer, prompt };
}
