import { createFileRoute } from '@tanstack/react-router';
import { Megaphone } from 'lucide-react';
import { permissions } from '#shared/permissions.ts';
import { requireRoles } from '#client/features/auth/route-access.ts';
import { TriagePage } from '#client/features/requests/triage/TriagePage.tsx';
import { oneOf, recordId, searchOf } from '#client/lib/url-search.ts';

const roles = permissions['request:triage'].roles;

export const Route = createFileRoute('/_app/requests')({
  staticData: { roles, nav: { label: 'Requests', icon: Megaphone, order: 3.5 } },
  validateSearch: searchOf({ request: recordId, status: oneOf(['open', 'all'] as const) }),
  beforeLoad: requireRoles(roles),
  component: function Requests() {
    const { status, request } = Route.useSearch();
    return <TriagePage status={status ?? 'open'} highlight={request} />;
  },
});
