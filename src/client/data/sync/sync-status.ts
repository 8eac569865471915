/** A snapshot's progress: a first sync, or the records a longer window adds. */
export interface DownloadProgress {
  /** Records stored so far, and how many the snapshot brings in all (0: not known yet). */
  stored: number;
  expected: number;
  /** Records stored a second since this pull began, once a page is stored. */
  perSecond: number | null;
}

/** What the sync indicator shows; updated by the replayer and the pull, read with useSyncExternalStore. */
export interface SyncStatus {
  /** False after a failed fetch, whatever navigator.onLine says; true after any answer from the server. */
  isOnline: boolean;
  isPulling: boolean;
  /** Set while a snapshot is being downloaded. */
  download: DownloadProgress | null;
  /** Progress of the current pull, as records stored so far. */
  pulledRecords: number;
  lastPulledAt: string | null;
  /** The queue waits for a new sign-in after a 401. */
  needsSignIn: boolean;
}

export function createSyncStatus(initial: Partial<SyncStatus> = {}) {
  let status: SyncStatus = {
    isOnline: true,
    isPulling: false,
    download: null,
    pulledRecords: 0,
    lastPulledAt: null,
    needsSignIn: false,
    ...initial,
  };
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    /** Applies the patch; listeners hear of it only when it changes something. */
    set(patch: Partial<SyncStatus>) {
      const keys = Object.keys(patch) as (keyof SyncStatus)[];
      if (keys.every((key) => Object.is(status[key], patch[key]))) return;
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
