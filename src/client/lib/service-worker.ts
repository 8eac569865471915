import { toast } from 'sonner';
import { Workbox } from 'workbox-window';

type SyncListener = () => void;
const syncListeners = new Set<SyncListener>();

/** Called when the service worker relays a background `sync` event: the replayer should run. */
export function onServiceWorkerSync(listener: SyncListener): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

/**
 * Registers the service worker. A new version waits until the user accepts the 'Update available'
 * toast, so a half-filled form is never reloaded away; updates are checked whenever the app regains focus.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const workbox = new Workbox('/sw.js', { type: import.meta.env.MODE === 'production' ? 'classic' : 'module' });

  workbox.addEventListener('waiting', () => {
    toast('Update available', {
      id: 'sw-update',
      description: 'A new version of the portal is ready.',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Reload',
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });

  workbox.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | undefined)?.type === 'replay-outbox')
      syncListeners.forEach((listener) => listener());
  });

  const checkForUpdate = () => {
    if (document.visibilityState === 'visible') void workbox.update().catch(() => {});
  };
  window.addEventListener('focus', checkForUpdate);
  document.addEventListener('visibilitychange', checkForUpdate);

  void workbox.register();
}
