import type { UserRef } from '#shared/schemas/common.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { ticketAssigneeChange } from './ticket-changes.ts';
import type { LocalTicket } from './ticket-list.ts';
import { useUsers } from '#client/data/session/use-users.ts';

/** For roles that manage tickets: the assignee, chosen from the (cached) user list. */
export function AssigneeSelect({ ticket }: { ticket: LocalTicket }) {
  const user = useSignedInUser();
  const users = useUsers() ?? [];
  const current = ticket.assignedTo;
  // Offline with no cached list, the current assignee is still a choice.
  const choices: UserRef[] =
    current && !users.some((candidate) => candidate._id === current._id) ? [current, ...users] : users;

  function assign(id: string) {
    const assignee = choices.find((candidate) => candidate._id === id) ?? null;
    void saveAndNotify(
      ticketAssigneeChange(user, ticket, assignee),
      'Ticket updated successfully!',
      'Failed to update ticket',
    );
  }

  return (
    <Select
      aria-label="Assigned To"
      placeholder="Unassigned"
      options={choices.map((candidate) => ({ value: candidate._id, label: candidate.name }))}
      value={current?._id ?? ''}
      onChange={(event) => assign(event.target.value)}
    />
  );
}
