import { ticketStatuses, type TicketStatus } from '../../../shared/enums.ts';
import { ticketEditableFields } from '../../../shared/permissions.ts';
import { Select } from '../../components/ui/Field.tsx';
import { notify } from '../../lib/notify.ts';
import { useSignedInUser } from '../auth/session.ts';
import { saveChange } from '../sync/save-change.ts';
import { ticketStatusChange } from './ticket-changes.ts';
import type { LocalTicket } from './ticket-list.ts';

/** The inline status selector: saved at once; disabled for a user who may not change this ticket's status. */
export function TicketStatusSelect({ ticket, className = '' }: { ticket: LocalTicket; className?: string }) {
  const user = useSignedInUser();
  const editable = ticketEditableFields(user, ticket);
  const allowed = editable === 'all' || editable.includes('status');

  async function change(status: TicketStatus) {
    try {
      await saveChange(ticketStatusChange(user, ticket, status));
      notify.success('Ticket updated successfully!');
    } catch (error) {
      notify.error(error, 'Failed to update ticket');
    }
  }

  return (
    <Select
      aria-label={`Status of ${ticket.ticketNumber || ticket.title}`}
      options={ticketStatuses}
      value={ticket.status}
      disabled={!allowed}
      title={allowed ? undefined : 'Only maintenance engineers and admins change a ticket’s status'}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => void change(event.target.value as TicketStatus)}
      className={className}
    />
  );
}
