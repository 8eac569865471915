import { Link } from '@tanstack/react-router';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useState } from 'react';
import { actionTicketId } from '#shared/incident-actions.ts';
import type { IncidentAction } from '#shared/schemas/incident-action.ts';
import { Badge, ticketStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Field } from '#client/components/ui/Field.tsx';
import { MachineSelect } from '#client/components/ui/MachineSelect.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { raiseActionTicket } from './action-ticket.ts';
import type { LocalIncident } from './incident-list.ts';

function RaiseTicket({ incident, action }: { incident: LocalIncident; action: IncidentAction }) {
  const user = useSignedInUser();
  const machines = useMachineChoices();
  const [choosing, setChoosing] = useState(false);
  const [machineId, setMachineId] = useState('');
  if (!choosing) {
    return (
      <Button variant="secondary" onClick={() => setChoosing(true)}>
        Raise Ticket
      </Button>
    );
  }
  return (
    <div className="flex basis-full flex-wrap items-end gap-2">
      <Field label="Machine" className="min-w-56 flex-1">
        <MachineSelect machines={machines} value={machineId} onChange={(event) => setMachineId(event.target.value)} />
      </Field>
      <Button
        disabled={!machineId}
        onClick={() => void raiseActionTicket(user, incident, action, machineId).then((saved) => setChoosing(!saved))}
      >
        Raise
      </Button>
      <Button variant="ghost" onClick={() => setChoosing(false)}>
        Cancel
      </Button>
    </div>
  );
}

/** The repair an action raised, with its live status from this device; else the button that raises it. */
export function ActionTicket({ incident, action }: { incident: LocalIncident; action: IncidentAction }) {
  const id = action.ticket?._id ?? actionTicketId(incident._id, action._id);
  // null: not on this device; undefined: still looking.
  const local = useLiveQuery(async () => (await localDb.tickets.get(id)) ?? null, [id]);
  if (local === undefined) return null;
  const ticket = local ?? action.ticket;
  if (!ticket) return incident.status === 'Closed' ? null : <RaiseTicket incident={incident} action={action} />;
  return (
    <Link
      to="/tickets"
      search={{ ticket: id }}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
    >
      Ticket {ticket.ticketNumber || '(not yet numbered)'}
      <Badge tone={ticketStatusTone[ticket.status]}>{ticket.status}</Badge>
    </Link>
  );
}
