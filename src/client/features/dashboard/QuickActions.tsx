import { Link } from '@tanstack/react-router';
import { CalendarPlus, ClipboardPlus, ShieldAlert } from 'lucide-react';
import type { Role } from '#shared/enums.ts';
import { can } from '#shared/permissions.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';

const actionClass = buttonClasses('secondary', 'md', 'w-full justify-start');

/** Each action opens the screen that does it, with its form open (`?new=1`). */
export function QuickActions({ role }: { role: Role }) {
  return (
    <div className="flex flex-col gap-3">
      {can(role, 'ticket:create') && (
        <Link to="/tickets" search={{ new: 1 }} className={actionClass}>
          <ClipboardPlus aria-hidden="true" className="size-5 text-brand-600" /> Create Maintenance Ticket
        </Link>
      )}
      {can(role, 'incident:create') && (
        <Link to="/incidents" search={{ new: 1 }} className={actionClass}>
          <ShieldAlert aria-hidden="true" className="size-5 text-red-600" /> Report Safety Incident
        </Link>
      )}
      {can(role, 'schedule:manage') && (
        <Link to="/maintenance" search={{ new: 1 }} className={actionClass}>
          <CalendarPlus aria-hidden="true" className="size-5 text-emerald-600" /> Schedule Maintenance
        </Link>
      )}
    </div>
  );
}
