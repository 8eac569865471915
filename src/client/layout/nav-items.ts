import type { StaticDataRouteOption } from '@tanstack/react-router';
import type { Role } from '#shared/enums.ts';
import { canOpen } from '#client/features/auth/route-access.ts';

interface DeclaredRoute<TPath extends string> {
  fullPath: TPath;
  options: { staticData?: StaticDataRouteOption };
}

/** The routes with a sidebar entry that let this role in (spec section 2). */
export const navRoutesFor = <T extends DeclaredRoute<string>>(role: Role, routes: readonly T[]): T[] =>
  routes.filter(({ options: { staticData } }) => staticData?.nav && canOpen(role, staticData.roles));

/** Sidebar items for a role, in their order. */
export function navItemsFor<TPath extends string>(role: Role, routes: readonly DeclaredRoute<TPath>[]) {
  return navRoutesFor(role, routes)
    .map(({ fullPath, options: { staticData } }) => ({ to: fullPath, ...staticData!.nav! }))
    .sort((a, b) => a.order - b.order);
}
