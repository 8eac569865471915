import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/enums.ts';
import type { User } from '#shared/schemas/user.ts';
import { loadSession } from '#client/data/session/session.ts';

/** Whether a role may open a screen: a screen without a role list is open to every signed-in user. */
export function canOpen(role: Role, roles: readonly Role[] | undefined): boolean {
  return !roles || roles.includes(role);
}

/** The authentication guard (spec section 2): no user -> /login; the user becomes the child routes' context. */
export async function requireUser({ context }: { context: { queryClient: QueryClient } }): Promise<{ user: User }> {
  const user = await loadSession(context.queryClient);
  if (!user) throw redirect({ to: '/login' });
  return { user };
}

/** A screen's role guard (spec section 2): a user whose role is not listed goes to /unauthorized. */
export function requireRoles(roles: readonly Role[]) {
  return ({ context }: { context: { user: User } }) => {
    if (!canOpen(context.user.role, roles)) throw redirect({ to: '/unauthorized' });
  };
}
