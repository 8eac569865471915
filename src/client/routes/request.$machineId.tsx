import { createFileRoute } from '@tanstack/react-router';
import { RequestPage } from '#client/features/requests/RequestPage.tsx';

// A machine's label, scanned by someone without an account: the request page for that machine.
export const Route = createFileRoute('/request/$machineId')({
  component: function MachineRequest() {
    const { machineId } = Route.useParams();
    return <RequestPage machineId={machineId.toLowerCase()} />;
  },
});
