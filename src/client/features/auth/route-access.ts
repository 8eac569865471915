import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '../../../shared/enums.ts';
import { routeRoles } from '../../../shared/permissions.ts';
import { loadSession } from '../../data/session.ts';

/** Whether a role may open a screen: screens without a role list are open to every signed-in user. */
export function canOpen(role: Role, path: string): boolean {
  const allowed = routeRoles[path.replace(/\/+$/, '') || '/'];
  return !allowed || allowed.includes(role);
}

/** The authentication guard (spec section 2): no user -> /login; a role list without the user's role -> /unauthorized. */
export async function requireAccess({
  context,
  location,
}: {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
}) {
  const user = await loadSession(context.queryClient);
  if (!user) throw redirect({ to: '/login' });
  if (!canOpen(user.role, location.pathname)) throw redirect({ to: '/unauthorized' });
}
