import { outboxSyncTag } from '#shared/outbox-sync-tag.ts';
import { localDb } from '#client/data/store/db.ts';
import { syncEngine } from '#client/data/sync/sync-engine.ts';
import { queueChange, type QueuedChange } from './writes.ts';
import { notify } from '#client/lib/notify.ts';

interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Every write of every screen goes through here: saved on this device at once, then sent when the
 * server can be reached. Where the browser has Background Sync, the service worker wakes the
 * replayer even if the app was closed in the meantime.
 */
export async function saveChange(change: QueuedChange) {
  const entry = await queueChange(localDb, change);
  void navigator.serviceWorker?.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: SyncManager }).sync?.register(outboxSyncTag),
    )
    .catch(() => {});
  void syncEngine.syncNow();
  return entry;
}

/**
 * `saveChange` with the screen's toasts (spec section 8): the success text as soon as the change is
 * saved on this device (offline, with a note that it is sent when the connection returns), or the server's message / the fallback if it could not be saved. Returns
 * whether it was saved.
 */
export async function saveAndNotify(change: QueuedChange, success: string, failure: string): Promise<boolean> {
  try {
    await saveChange(change);
    if (navigator.onLine && syncEngine.status.get().isOnline) notify.success(success);
    else notify.savedOnDevice(success);
    return true;
  } catch (error) {
    notify.error(error, failure);
    return false;
  }
}
