import { createFileRoute } from '@tanstack/react-router';
import { CalendarClock } from 'lucide-react';
import { permissions } from '#shared/permissions.ts';
import { requireRoles } from '#client/features/auth/route-access.ts';
import { MaintenancePage } from '#client/features/maintenance/MaintenancePage.tsx';
import { newFlag, recordId, searchOf } from '#client/lib/url-search.ts';

const roles = permissions['schedule:manage'].roles;

export const Route = createFileRoute('/_app/maintenance')({
  staticData: { roles, nav: { label: 'Maintenance', icon: CalendarClock, order: 5 } },
  beforeLoad: requireRoles(roles),
  validateSearch: searchOf({ new: newFlag, schedule: recordId, edit: recordId }),
  component: MaintenancePage,
});
