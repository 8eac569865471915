import { ticketStatuses, type TicketStatus } from '#shared/enums.ts';
import { ticketEditableFields } from '#shared/permissions.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { offerMachineBackUp } from '#client/features/machines/machine-back-up.ts';
import { ticketStatusChange } from './ticket-changes.ts';
import type { LocalTicket } from './ticket-list.ts';

/** The inline status selector: saved at once; disabled for a user who may not change this ticket's status. */
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

  return (
    <Select
      aria-label={`Status of ${ticket.ticketNumber || ticket.title}`}
      options={ticketStatuses}
      value={ticket.status}
      disabled={!allowed}
      title={allowed ? undefined : 'Only maintenance engineers and admins change a ticket’s status'}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const status = event.target.value as TicketStatus;
        const change = ticketStatusChange(user, ticket, status);
        void Promise.resolve(keep?.(ticket))
          .then(() => saveAndNotify(change, 'Ticket updated successfully!', 'Failed to update ticket'))
          .then((saved) => {
            if (saved) void offerMachineBackUp(user, ticket, status);
          });
      }}
      className={className}
    />
  );
}
