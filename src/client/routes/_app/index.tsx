import { createFileRoute } from '@tanstack/react-router';
import { LayoutDashboard } from 'lucide-react';
import { DashboardPage } from '../../features/dashboard/DashboardPage.tsx';
import { AwaitingVerification } from '../../features/incidents/AwaitingVerification.tsx';
import { MyActions } from '../../features/incidents/MyActions.tsx';
import { MyMaintenance } from '../../features/maintenance/MyMaintenance.tsx';

export const Route = createFileRoute('/_app/')({
  staticData: { nav: { label: 'Dashboard', icon: LayoutDashboard, order: 1 } },
  component: () => (
    <DashboardPage
      assigned={
        <>
          <MyMaintenance />
          <MyActions />
          <AwaitingVerification />
        </>
      }
    />
  ),
});
