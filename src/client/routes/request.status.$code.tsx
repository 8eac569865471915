import { createFileRoute } from '@tanstack/react-router';
import { RequestStatusPage } from '#client/features/requests/RequestStatusPage.tsx';

export const Route = createFileRoute('/request/status/$code')({
  component: function RequestStatus() {
    const { code } = Route.useParams();
    return <RequestStatusPage code={code} />;
  },
});
