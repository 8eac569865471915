import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { FullPageSpinner } from '#client/components/ui/Spinner.tsx';
import { followSessionOfOtherTabs } from '#client/data/session/session.ts';
import { signIn as signInTo, type AuthRequest } from '#client/features/auth/sign-in.ts';
import { oneATask } from '#client/lib/next-task.ts';
import { persistOptions, queryClient } from '#client/lib/query-client.ts';
import { toastAreaId } from '#client/layout/use-toast-clearance.ts';
import { router } from '#client/router.tsx';

/** The sync's thread, started from the early sign-in screen while the person types. */
export { prepareSync } from '#client/features/auth/sign-in.ts';

/**
 * The code of the screen at `pathname` and of its layouts, a route a task, before the app draws it;
 * behind the early sign-in screen, the dashboard's while the person types. Evaluated as the router
 * matched them, they were one long task of the first screen's drawing.
 */
export function loadFirstScreen(pathname = location.pathname): Promise<void> {
  const [routes] = router.getMatchedRoutes(pathname);
  // A chunk that does not load is the router's to report as it draws the screen.
  return oneATask(routes.map((route) => () => router.loadRouteChunk(route)));
}

/** The router starts once the saved query cache (the last known user) is back, so guards see it. */
function Screens() {
  return useIsRestoring() ? <FullPageSpinner /> : <RouterProvider router={router} />;
}

/**
 * Top right, covering no control: on a tablet or desktop a narrower toast sits in the top bar just left
 * of its controls (layout/use-toast-clearance.ts measures them), over empty bar; on a phone it spans the
 * width over the page title, above the actions that wrap under it.
 */
export function Toasts() {
  return (
    <div id={toastAreaId} className="contents">
      <Toaster
        position="top-right"
        visibleToasts={20}
        duration={4000}
        offset={{ top: 6, right: 'var(--top-bar-actions, 16px)' }}
        mobileOffset={{ top: 72 }}
        style={{ '--width': 'min(320px, calc(100vw - var(--top-bar-actions, 16px) - 72px))' } as CSSProperties}
        theme="system"
        richColors
        closeButton
      />
    </div>
  );
}

/** The whole app: query cache and its saved copy, router, toasts. */
export function App() {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <Screens />
      <Toasts />
    </PersistQueryClientProvider>
  );
}

/** Signs in into the app's session from the sign-in screen drawn before the app (LoginWhileAppLoads.tsx). */
export const signIn = (request: AuthRequest) => signInTo(queryClient, request);

// Once, as the app's code arrives (behind the early sign-in screen too): other tabs' sign-ins and sign-outs apply here.
followSessionOfOtherTabs(queryClient);
