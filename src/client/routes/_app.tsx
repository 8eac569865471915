import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '#client/features/auth/route-access.ts';
import { AppLayout } from '#client/layout/AppLayout.tsx';

/** Every signed-in screen: the authentication guard (its user is the screens' context) and the common layout. */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireUser,
  component: AppLayout,
});
