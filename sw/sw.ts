import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { outboxSyncTag } from '#shared/outbox-sync-tag.ts';
import { noteDownload, pauseWhileDownloading } from './precache-pause.ts';

declare const self: ServiceWorkerGlobalScope;

// Background Sync is not in TypeScript's WebWorker library yet.
declare global {
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string;
  }
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

// The app shell, every route's chunk, icons and fonts: a cold start with no network opens the app.
// The install's fetches wait while a page downloads a snapshot (precache-pause.ts).
addPlugins([pauseWhileDownloading]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client-side route is answered by the shell; the API never is, so an offline API call fails as a network error.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(?:[/?]|$)/] }));

// A file id's bytes never change, so a downloaded attachment is served from the cache from then on.
// Only the app's own authenticated fetches match; CacheFirst stores 200 responses only.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && /^\/api\/upload\/[^/]+$/.test(url.pathname) && request.headers.has('Authorization'),
  new CacheFirst({
    cacheName: 'attachments',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the user accepts 'Update available' (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if (noteDownload(event)) return;
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// The page holds the token and the outbox logic, so the worker only wakes it up to replay.
self.addEventListener('sync', (event) => {
  if (event.tag !== outboxSyncTag) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'replay-outbox' });
    }),
  );
});
