import type { UserRef } from '../../../shared/schemas/common.ts';
import { Select } from '../../components/ui/Field.tsx';
import { notify } from '../../lib/notify.ts';
import { useSignedInUser } from '../auth/session.ts';
import { saveChange } from '../sync/save-change.ts';
import { ticketAssigneeChange } from './ticket-changes.ts';
import type { LocalTicket } from './ticket-list.ts';
import { useUsers } from '../users/use-users.ts';

/** For roles that manage tickets: the assignee, chosen from the (cached) user list. */
export function AssigneeSelect({ ticket }: { ticket: LocalTicket }) {
  const user = useSignedInUser();
  const users = useUsers() ?? [];
  const current = ticket.assignedTo;
  // Offline with no cached list, the current assignee is still a choice.
  const choices: UserRef[] =
    current && !users.some((candidate) => candidate._id === current._id) ? [current, ...users] : users;

  async function assign(id: string) {
    const assignee = choices.find((candidate) => candidate._id === id) ?? null;
    try {
      await saveChange(ticketAssigneeChange(user, ticket, assignee));
      notify.success('Ticket updated successfully!');
    } catch (error) {
      notify.error(error, 'Failed to update ticket');
    }
  }

  return (
    <Select
      aria-label="Assigned To"
      placeholder="Unassigned"
      options={choices.map((candidate) => ({ value: candidate._id, label: candidate.name }))}
      value={current?._id ?? ''}
      onChange={(event) => void assign(event.target.value)}
    />
  );
}
