import { useState } from 'react';
import { ticketStatuses, type TicketStatus } from '#shared/enums.ts';
import { endsRepair, type FailureCodes } from '#shared/failure-codes.ts';
import { ticketEditableFields } from '#shared/permissions.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { offerMachineBackUp } from '#client/features/machines/machine-back-up.ts';
import { useStartWork } from '#client/features/permits/use-start-work.tsx';
import { usePlannedPartsCheck } from '#client/features/parts/PlannedPartsCheck.tsx';
import { FailureCodesDialog } from './FailureCodesDialog.tsx';
import { asksForFailureCodes, ticketStatusChange } from './ticket-changes.ts';
import type { LocalTicket } from './ticket-list.ts';

/**
 * The inline status selector: saved at once, or once the failure codes are chosen when it ends a
 * corrective repair; disabled for a user who may not change this ticket's status.
 */
export function TicketStatusSelect({
  ticket,
  className = '',
  keep,
}: {
  ticket: LocalTicket;
  className?: string;
  /** Stores a ticket shown from the server on this device before the change is saved to it. */
  keep?: ((ticket: LocalTicket) => Promise<void>) | undefined;
}) {
  const user = useSignedInUser();
  const editable = ticketEditableFields(user, ticket);
  const allowed = editable === 'all' || editable.includes('status');
  const [ending, setEnding] = useState<'Resolved' | 'Closed' | null>(null);
  const plannedParts = usePlannedPartsCheck(
    { ticket: { _id: ticket._id, ticketNumber: ticket.ticketNumber, title: ticket.title } },
    'the ticket is resolved',
  );
  const saveNow = (status: TicketStatus, failure?: FailureCodes, permitOverride?: string) => {
    const change = ticketStatusChange(user, ticket, status, failure, permitOverride);
    void Promise.resolve(keep?.(ticket))
      .then(() => saveAndNotify(change, 'Ticket updated successfully!', 'Failed to update ticket'))
      .then((saved) => {
        if (saved) void offerMachineBackUp(user, ticket, status);
      });
  };
  const save = (status: TicketStatus, failure?: FailureCodes, permitOverride?: string) => {
    if (endsRepair(ticket.status, status)) plannedParts.check(() => saveNow(status, failure));
    else saveNow(status, failure, permitOverride);
  };
  const starting = useStartWork({
    work: { ticketNumber: ticket.ticketNumber || ticket.title },
    record: { ticket: ticket._id },
    machineId: ticket.machine?._id ?? null,
    start: (permitOverride) => save('In Progress', undefined, permitOverride),
  });

  return (
    // The dialog's clicks reach the list row through React's tree: they must not open the ticket.
    <span className="contents" onClick={(event) => event.stopPropagation()}>
      <Select
        aria-label={`Status of ${ticket.ticketNumber || ticket.title}`}
        options={ticketStatuses}
        value={ticket.status}
        disabled={!allowed}
        title={allowed ? undefined : 'Only maintenance engineers and admins change a ticket’s status'}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const status = event.target.value as TicketStatus;
          if (asksForFailureCodes(ticket, status)) setEnding(status as 'Resolved' | 'Closed');
          else if (status === 'In Progress' && ticket.status !== status) starting.begin();
          else save(status);
        }}
        className={className}
      />
      {ending && (
        <FailureCodesDialog
          ticket={ticket}
          status={ending}
          onCancel={() => setEnding(null)}
          onSave={(codes) => {
            setEnding(null);
            save(ending, codes);
          }}
        />
      )}
      {starting.dialog}
      {plannedParts.dialog}
    </span>
  );
}
