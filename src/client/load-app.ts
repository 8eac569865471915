import { oneATask } from '#client/lib/next-task.ts';

/**
 * The app's code in parts, each evaluated in a task of its own. Evaluated at once, the app and its
 * first screen were two tasks of 45-60 ms each on this machine class (four times that on a tablet),
 * in which a tap waited; a part evaluates only the modules an earlier one did not, so the last part,
 * the app, is what is left of it. The parts are the heaviest shared code first: zod and the shared
 * schemas, Dexie, the date formats (a page's first Intl.DateTimeFormat loads its locale's data, 15-25 ms),
 * the local tables, the record schemas, the sync engine, the query cache, the router and its routes.
 */
const parts = [
  () => import('#shared/schemas/common.ts'),
  () => import('dexie'),
  () => import('#client/lib/dates.ts'),
  () => import('#client/data/store/db.ts'),
  () => import('#shared/schemas/ticket.ts'),
  () => import('#shared/schemas/incident.ts'),
  () => import('#shared/schemas/sync.ts'),
  () => import('#client/data/sync/sync-engine.ts'),
  () => import('#client/lib/query-client.ts'),
  () => import('#client/router.tsx'),
];

// A part that does not load is left to the app's import, whose failure the caller sees.
const loadApp = () => oneATask(parts).then(() => import('#client/app.tsx'));

let loading: ReturnType<typeof loadApp> | undefined;

/** The app's code (router, query cache, screens' routes), loaded once; a failed load is tried again. */
export function appCode(): ReturnType<typeof loadApp> {
  loading ??= loadApp().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
