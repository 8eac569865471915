import { useRouter, type AnyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Role } from '#shared/enums.ts';
import { navRoutesFor } from './nav-items.ts';

/** When the device has nothing else to do (Safari before 18 has no requestIdleCallback). */
function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 500);
  return () => clearTimeout(handle);
}

/**
 * Loads the code of the role's sidebar screens one at a time while the device is idle. A tablet never
 * hovers, so the router's 'intent' preloading starts only with the tap; this way the first tap on a
 * screen does not wait for its code to be read and compiled.
 */
export function usePreloadedScreens(role: Role) {
  const router = useRouter();
  useEffect(() => {
    const routes = navRoutesFor(role, Object.values(router.routesById) as AnyRoute[]);
    let cancel = () => {};
    const load = (index: number) => {
      const route = routes[index];
      if (!route) return;
      cancel = whenIdle(() => void Promise.resolve(router.loadRouteChunk(route)).finally(() => load(index + 1)));
    };
    load(0);
    return () => cancel();
  }, [role, router]);
}
