import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { localDb, type OutboxEntry } from '#client/data/store/db.ts';
import { followLiveUpdates } from './live-updates.ts';
import { syncEngine } from './sync-engine.ts';
import type { SyncStatus } from './sync-status.ts';
import { browserTransport } from '#client/lib/api.ts';
import { onServiceWorkerSync, tellDownloading } from '#client/lib/service-worker.ts';
import { describeOverwrites } from '#client/data/outbox/describe-overwrites.ts';

export function useSyncStatus() {
  return useSyncExternalStore(syncEngine.status.subscribe, syncEngine.status.get);
}

/**
 * One value of the sync's status (a primitive): the component renders again only when it changes, not
 * at each page of a first sync (a store's update renders its readers at once, in one task).
 */
export function useSyncStatusOf<T extends string | number | boolean | null>(select: (status: SyncStatus) => T): T {
  return useSyncExternalStore(syncEngine.status.subscribe, () => select(syncEngine.status.get()));
}

/** Before the first pull of a fresh device has brought anything, an empty list's "none found" would be wrong. */
export const useIsFirstPull = (): boolean => useSyncStatusOf((status) => status.isPulling && !status.lastPulledAt);

function onConnectionChange(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the server is reachable: the browser has a network and the last sync call got an answer. */
export function useIsOnline(): boolean {
  const hasNetwork = useSyncExternalStore(onConnectionChange, () => navigator.onLine);
  return useSyncStatusOf((status) => status.isOnline) && hasNetwork;
}

/** This user's outbox, in queue order, live. */
export function useOutbox(userId: string | undefined): OutboxEntry[] {
  return (
    useLiveQuery<OutboxEntry[]>(
      async () => (userId ? await localDb.outbox.where('userId').equals(userId).sortBy('seq') : []),
      [userId],
    ) ?? []
  );
}

/**
 * Runs the sync loop while a user is signed in, and tells them what the server said about their
 * changes; a change the server streams (live-updates.ts) pulls at once, the loop's timers cover a cut stream.
 */
export function useSyncLoop(userId: string | undefined, onSignInRequired: () => void) {
  useEffect(() => {
    if (!userId) return;
    // In a task of its own: the first screen's commit, which runs this effect, is long enough already.
    let stopLoop: (() => void) | undefined;
    const starting = setTimeout(() => (stopLoop = startLoop(userId, onSignInRequired)));
    const stopLive = followLiveUpdates(browserTransport, () => void syncEngine.changedOnServer());
    const stopTelling = syncEngine.status.subscribe(() => tellDownloading(syncEngine.status.get().download !== null));
    return () => {
      clearTimeout(starting);
      stopLive();
      stopTelling();
      tellDownloading(false);
      stopLoop?.();
    };
  }, [userId, onSignInRequired]);
}

function startLoop(userId: string, onSignInRequired: () => void) {
  return syncEngine.start(
    userId,
    {
      onOverwritten: (entry, overwritten) =>
        toast.warning(describeOverwrites(entry, overwritten), { duration: 10_000 }),
      onFailed: (entry, message) =>
        toast.error(message, { description: `Not saved on the server: ${entry.label}. It waits in the Sync panel.` }),
      onAuthRequired: onSignInRequired,
    },
    onServiceWorkerSync,
  );
}

/** Storage used and available on this device, for the Sync panel. */
export function useStorageEstimate() {
  return useLiveQuery(async () => {
    await localDb.outbox.count(); // re-estimate when the outbox changes
    return navigator.storage?.estimate ? navigator.storage.estimate() : null;
  });
}
