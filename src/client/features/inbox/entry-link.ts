import { can } from '#shared/permissions.ts';
import type { Role } from '#shared/enums.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';

/**
 * Where an entry opens its record: the record's screen with it open, or the dashboard's My Maintenance;
 * a role request the Users screen for admins, and its answer the requester's Profile; a work request
 * the Requests screen; a handover its department's Shift Log; a permit to work the Permits board with it open.
 */
export function entryLink(entry: InboxEntry, role: Role) {
  const id = entry.recordId ?? undefined;
  switch (entry.entity) {
    case 'ticket':
      return { to: '/tickets', search: { ticket: id } } as const;
    case 'incident':
      return { to: '/incidents', search: { incident: id } } as const;
    case 'schedule':
      return can(role, 'schedule:manage')
        ? ({ to: '/maintenance', search: { schedule: id } } as const)
        : ({ to: '/', search: {} } as const);
    case 'request':
      return { to: '/requests', search: { request: id } } as const;
    case 'user':
      return can(role, 'user:manage')
        ? ({ to: '/users', search: { user: id } } as const)
        : ({ to: '/profile', search: {} } as const);
    case 'handover':
      return { to: '/shift-log', search: { handover: id } } as const;
    case 'permit':
      return { to: '/permits', search: { permit: id } } as const;
    case 'purchaseRequest':
      return { to: '/purchasing', search: { view: 'requests' } } as const;
    default:
      return { to: '/', search: {} } as const;
  }
}
