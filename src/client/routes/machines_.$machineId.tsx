import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadSession } from '#client/data/session/session.ts';
import { recordId } from '#client/lib/url-search.ts';

// A machine's label links here (`/machines/<id>`): signed in, the Machines screen opens with the
// machine; anyone else gets the request page for it.
export const Route = createFileRoute('/machines_/$machineId')({
  beforeLoad: async ({ params, context }) => {
    const user = await loadSession(context.queryClient);
    if (!user) throw redirect({ to: '/request/$machineId', params, replace: true });
    throw redirect({ to: '/machines', search: { machine: recordId(params.machineId) }, replace: true });
  },
});
