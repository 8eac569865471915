import { Link } from '@tanstack/react-router';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { failTicketId } from '#shared/checklist.ts';
import type { ChecklistItem } from '#shared/schemas/schedule.ts';
import { Badge, ticketStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { raiseFailTicket } from './fail-ticket.ts';
import type { LocalSchedule } from './schedule-list.ts';

/** Under a failed item: its ticket once raised (live status), else the button that raises it. */
export function FailTicket({ schedule, item }: { schedule: LocalSchedule; item: ChecklistItem }) {
  const user = useSignedInUser();
  const id = failTicketId(schedule._id, item._id);
  // null: not raised (yet); undefined: still looking.
  const ticket = useLiveQuery(async () => (await localDb.tickets.get(id)) ?? null, [id]);
  if (ticket === undefined) return null;
  if (ticket === null) {
    return (
      <Button variant="danger" onClick={() => void raiseFailTicket(user, schedule, item)}>
        Raise Ticket
      </Button>
    );
  }
  return (
    <Link
      to="/tickets"
      search={{ ticket: id }}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
    >
      Repair ticket {ticket.ticketNumber || '(not yet numbered)'}
      <Badge tone={ticketStatusTone[ticket.status]}>{ticket.status}</Badge>
    </Link>
  );
}
