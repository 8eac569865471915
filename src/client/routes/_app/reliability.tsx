import { createFileRoute } from '@tanstack/react-router';
import { permissions } from '#shared/permissions.ts';
import { requireRoles } from '#client/features/auth/route-access.ts';
import { ReliabilityPage } from '#client/features/analytics/ReliabilityPage.tsx';

const roles = permissions['reliability:view'].roles;

// Opened from the Machines screen, so not in the sidebar.
export const Route = createFileRoute('/_app/reliability')({
  staticData: { roles },
  beforeLoad: requireRoles(roles),
  component: ReliabilityPage,
});
