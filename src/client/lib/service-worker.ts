import { toast } from 'sonner';
import { Workbox } from 'workbox-window';
import { downloadMessage } from '#shared/download-message.ts';

type SyncListener = () => void;
const syncListeners = new Set<SyncListener>();

/** Called when the service worker relays a background `sync` event: the replayer should run. */
export function onServiceWorkerSync(listener: SyncListener): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

let registered: Workbox | undefined;
let downloading = false;

const tellWorker = (workbox: Workbox) =>
  void workbox
    .getSW()
    .then((worker) => worker.postMessage(downloadMessage(downloading)))
    .catch(() => {});

/**
 * Tells the service worker whether this page is downloading a snapshot (a first sync, or the records a
 * longer window adds): its install's precache waits meanwhile (sw/precache-pause.ts).
 */
export function tellDownloading(now: boolean): void {
  if (now === downloading) return;
  downloading = now;
  if (registered) tellWorker(registered);
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

  registered = workbox;
  void workbox.register().then(() => {
    if (downloading) tellWorker(workbox);
  });
}
