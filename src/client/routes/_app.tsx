import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../features/auth/route-access.ts';
import { AppLayout } from '../layout/AppLayout.tsx';

/** Every signed-in screen: the authentication guard and the common layout. */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireAccess,
  component: AppLayout,
});
