import { createRouter } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { Role } from '#shared/enums.ts';
import { FullPageSpinner } from '#client/components/ui/Spinner.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { routeTree } from '#client/route-tree.gen.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // The session check and a screen's code show a spinner when they take a moment.
  defaultPendingComponent: () => <FullPageSpinner />,
  defaultPendingMs: 200,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  /** What a route declares about itself: who may open it (its guard) and its sidebar entry. */
  interface StaticDataRouteOption {
    /** The roles that may open the screen; without a list, every signed-in user may. */
    roles?: readonly Role[];
    nav?: { label: string; icon: LucideIcon; order: number };
  }
}
