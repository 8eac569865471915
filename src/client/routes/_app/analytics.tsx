import { createFileRoute } from '@tanstack/react-router';
import { ChartColumn } from 'lucide-react';
import { permissions } from '#shared/permissions.ts';
import { requireRoles } from '#client/features/auth/route-access.ts';
import { AnalyticsPage } from '#client/features/analytics/AnalyticsPage.tsx';

const roles = permissions['analytics:view'].roles;

export const Route = createFileRoute('/_app/analytics')({
  staticData: { roles, nav: { label: 'Analytics', icon: ChartColumn, order: 6 } },
  beforeLoad: requireRoles(roles),
  component: AnalyticsPage,
});
