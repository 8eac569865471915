import type { LabourEntry } from '#shared/schemas/labour.ts';
import { DeleteOnServerButton } from '#client/features/attachments/DeleteOnServerButton.tsx';
import { formatDate } from '#client/lib/dates.ts';

/** Deletes hours the server has, for who recorded them, engineers and admins (the caller checks). Online only. */
export function DeleteHoursButton({ entry, onDeleted }: { entry: LabourEntry; onDeleted: () => Promise<unknown> }) {
  return (
    <DeleteOnServerButton
      name={`Delete ${entry.hours} h of ${entry.person.name}`}
      title="Delete Hours"
      path={`labour/${entry._id}`}
      success="Hours deleted"
      failure="Failed to delete hours"
      onDeleted={onDeleted}
      className="ml-auto print:hidden"
    >
      <p>
        Delete {entry.hours} h of {entry.person.name} on {formatDate(entry.workedOn)}? They no longer count in the
        ticket&apos;s cost; the ticket&apos;s history keeps that they were recorded and deleted.
      </p>
    </DeleteOnServerButton>
  );
}
