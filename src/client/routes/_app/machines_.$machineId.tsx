import { createFileRoute, redirect } from '@tanstack/react-router';
import { recordId } from '#client/lib/url-search.ts';

// A machine's label links here (`/machines/<id>`): the Machines screen opens with the machine.
export const Route = createFileRoute('/_app/machines_/$machineId')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/machines', search: { machine: recordId(params.machineId) }, replace: true });
  },
});
