import { Link } from '@tanstack/react-router';
import { can } from '#shared/permissions.ts';
import { buttonClasses, type ButtonVariant } from '#client/components/ui/Button.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';

interface CreateTicketLinkProps {
  machineId: string;
  variant?: ButtonVariant;
  /** The id of the machine's name, for a link among many cards. */
  describedBy?: string;
}

/** Opens the Create Ticket form on the Tickets screen with this machine chosen. */
export function CreateTicketLink({ machineId, variant = 'primary', describedBy }: CreateTicketLinkProps) {
  const user = useSignedInUser();
  if (!can(user.role, 'ticket:create')) return null;
  return (
    <Link
      to="/tickets"
      search={{ new: 1, machine: machineId }}
      aria-describedby={describedBy}
      className={buttonClasses(variant, 'md', 'whitespace-nowrap')}
    >
      Create Ticket
    </Link>
  );
}
