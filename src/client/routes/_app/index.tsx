import { createFileRoute } from '@tanstack/react-router';
import { LayoutDashboard } from 'lucide-react';
import { DashboardPage } from '#client/features/dashboard/DashboardPage.tsx';
import { LastHandover } from '#client/features/handovers/LastHandover.tsx';
import { AwaitingVerification } from '#client/features/incidents/AwaitingVerification.tsx';
import { MyActions } from '#client/features/incidents/MyActions.tsx';
import { MyMaintenance } from '#client/features/maintenance/MyMaintenance.tsx';

export const Route = createFileRoute('/_app/')({
  staticData: { nav: { label: 'Dashboard', icon: LayoutDashboard, order: 1 } },
  component: () => (
    <DashboardPage
      handover={<LastHandover />}
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
