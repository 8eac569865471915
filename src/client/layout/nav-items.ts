import type { StaticDataRouteOption } from '@tanstack/react-router';
import type { Role } from '../../shared/enums.ts';
import { canOpen } from '../features/auth/route-access.ts';

interface DeclaredRoute<TPath extends string> {
  fullPath: TPath;
  options: { staticData?: StaticDataRouteOption };
}

/** Sidebar items for a role: the routes that declare a sidebar entry and let this role in (spec section 2). */
export function navItemsFor<TPath extends string>(role: Role, routes: readonly DeclaredRoute<TPath>[]) {
  return routes
    .flatMap(({ fullPath, options: { staticData } }) =>
      staticData?.nav && canOpen(role, staticData.roles) ? [{ to: fullPath, ...staticData.nav }] : [],
    )
    .sort((a, b) => a.order - b.order);
}
