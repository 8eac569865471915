import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any other path goes to the dashboard (spec section 2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
