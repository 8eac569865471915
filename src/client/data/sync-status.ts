import type { SyncScope } from '../../shared/working-set.ts';

/** What the sync indicator shows; updated by the replayer and the pull, read with useSyncExternalStore. */
export interface SyncStatus {
  /** False after a failed fetch, whatever navigator.onLine says; true after any answer from the server. */
  isOnline: boolean;
  isPulling: boolean;
  /** The scope being pulled: core (machines and the open work) first, then history. */
  pullScope: SyncScope | null;
  /** The scope's pull started without a cursor: the device is downloading it for the first time. */
  isFullPull: boolean;
  /** Progress of the current pull, as records received so far. */
  pulledRecords: number;
  lastPulledAt: string | null;
  /** The queue waits for a new sign-in after a 401. */
  needsSignIn: boolean;
}

export function createSyncStatus(initial: Partial<SyncStatus> = {}) {
  let status: SyncStatus = {
    isOnline: true,
    isPulling: false,
    pullScope: null,
    isFullPull: false,
    pulledRecords: 0,
    lastPulledAt: null,
    needsSignIn: false,
    ...initial,
  };
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(patch: Partial<SyncStatus>) {
      status = { ...status, ...patch };
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SyncStatusStore = ReturnType<typeof createSyncStatus>;
