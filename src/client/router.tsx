import { createRouter } from '@tanstack/react-router';
import { FullPageSpinner } from './components/ui/Spinner.tsx';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './route-tree.gen.ts';

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
}
