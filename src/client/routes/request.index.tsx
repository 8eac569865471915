import { createFileRoute } from '@tanstack/react-router';
import { RequestPage } from '#client/features/requests/RequestPage.tsx';

// Open to anyone on the plant network: no sign-in guard (src/docs/work-requests.md).
export const Route = createFileRoute('/request/')({ component: () => <RequestPage /> });
