import { browserTransport, type Transport } from '#client/lib/api.ts';
import { localDb, type LocalDatabase, type OutboxEntry } from '#client/data/store/db.ts';
import { retryDelay } from '#client/data/outbox/backoff.ts';
import { sendReadMarks } from './inbox-store.ts';
import { inThisThread, type Puller } from './pull.ts';
import { workerPuller } from './pull-in-worker.ts';
import { createReplayer, type ReplayerOptions } from '#client/data/outbox/replayer.ts';
import { createSyncStatus } from './sync-status.ts';
import type { Overwrite } from '#shared/schemas/common.ts';

const pullEveryMs = 60_000;
const replayEveryMs = 30_000;

export interface SyncCallbacks {
  onOverwritten(entry: OutboxEntry, overwritten: Overwrite[]): void;
  onFailed(entry: OutboxEntry, message: string): void;
  onAuthRequired(): void;
}

/**
 * The device's sync loop: replays the outbox and pulls changes on start, on reconnect, on focus,
 * on timers and when the service worker relays a background sync.
 */
export function createSyncEngine(
  db: LocalDatabase,
  transport: Transport,
  {
    puller = inThisThread,
    ...replayOptions
  }: Pick<ReplayerOptions, 'now' | 'random' | 'lockName'> & {
    puller?: Puller;
  } = {},
) {
  const status = createSyncStatus();
  let userId: string | null = null;
  let callbacks: SyncCallbacks | null = null;
  // Counts what makes a pull under way out of date: a confirmed change, a new window, a change announced by the server.
  let outdated = 0;
  const replayer = createReplayer({
    db,
    transport,
    status,
    getUserId: () => userId,
    onOverwritten: (entry, overwritten) => callbacks?.onOverwritten(entry, overwritten),
    onConfirmed: () => (outdated += 1),
    onFailed: (entry, message) => callbacks?.onFailed(entry, message),
    onAuthRequired: () => callbacks?.onAuthRequired(),
    ...replayOptions,
  });
  let failedPulls = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Runs `work` one at a time: a call while it runs shares its answer, unless something made it out of
   * date since it started (a confirmed change, a new window, a change announced by the server), in
   * which case it runs again after; `isFinal` answers end that at once (a pull that got no answer).
   */
  function oneAtATime<T>(work: () => Promise<T>, isFinal: (result: T) => boolean = () => false) {
    let running: { result: Promise<T>; outdatedBefore: number } | null = null;
    return async (): Promise<T> => {
      for (;;) {
        const current = (running ??= { outdatedBefore: outdated, result: work().finally(() => (running = null)) });
        const result = await current.result;
        if (isFinal(result) || current.outdatedBefore === outdated) return result;
      }
    };
  }

  const pull = oneAtATime(
    () => puller.pull(db, transport, status),
    (received) => received === null,
  );
  const readWholeLists = oneAtATime(() => puller.readWholeLists(db, transport));

  /**
   * Sends what waits, then brings what changed. A pull that got an answer means the server can be
   * reached: entries that waited for the network go at once. A failed pull is retried with backoff.
   * Records that left the window by time are pruned at most hourly, and at once after the window changed.
   */
  async function syncNow(): Promise<void> {
    await replayer.run();
    await sendReadMarks(db, transport);
    const received = await pull();
    clearTimeout(retryTimer);
    if (received !== null) {
      failedPulls = 0;
      await replayer.reconnected();
      if (userId) await readWholeLists();
    } else if (status.get().needsSignIn) {
      // Signed out at once, not when a change waiting for the network next tries.
      if (userId) replayer.signInRequired();
    } else if (userId) retryTimer = setTimeout(() => void syncNow(), retryDelay(failedPulls++, null));
  }

  /** Syncs with a pull under way marked out of date: what changed may postdate its answer. */
  function syncAfterChange(): Promise<void> {
    outdated += 1;
    return syncNow();
  }

  return {
    status,
    db,
    syncNow,
    replayNow: () => replayer.retryNow(),
    sendReadMarks: () => sendReadMarks(db, transport),
    /** Starts the sync's thread while a sign-in waits for the server, so the first pull goes out at once. */
    prepare: () => puller.prepare(),
    /**
     * Signed in a moment ago: the first pull starts before the app's screens have loaded; `start`
     * goes on with the pull under way rather than asking again.
     */
    pullNow: () => void pull(),
    /** A new window (stored already): a pull under way asked for the old one, so another follows it. */
    windowChanged: syncAfterChange,
    /**
     * The server announced a change (live-updates.ts): a pull under way may have been answered before
     * it, so another follows it.
     */
    changedOnServer: syncAfterChange,
    /** Runs the loop for a signed-in user; returns the function that stops it. */
    start(forUser: string, handlers: SyncCallbacks, onServiceWorkerSync: (run: () => void) => () => void): () => void {
      userId = forUser;
      callbacks = handlers;
      const run = () => void syncNow();
      const replay = () => void replayer.run();
      window.addEventListener('online', run);
      window.addEventListener('focus', run);
      // Background Sync fires when the browser is back online: what waited for the network goes now.
      const stopSwSync = onServiceWorkerSync(() => void replayer.reconnected());
      // Also while marked offline: a failed fetch is cheap, and a success is how the app learns it is back.
      const pullTimer = setInterval(run, pullEveryMs);
      const replayTimer = setInterval(replay, replayEveryMs);
      // A queue paused by a 401 goes on once a user is signed in again.
      void replayer.resume().then(syncNow);
      return () => {
        window.removeEventListener('online', run);
        window.removeEventListener('focus', run);
        stopSwSync();
        clearInterval(pullTimer);
        clearInterval(replayTimer);
        replayer.stop();
        puller.stop();
        clearTimeout(retryTimer);
        userId = null;
        callbacks = null;
      };
    },
  };
}

// Pages are stored off the screen's thread where the browser runs module workers (all it supports).
export const syncEngine = createSyncEngine(localDb, browserTransport, {
  puller: typeof Worker === 'undefined' ? inThisThread : workerPuller(),
});
export type SyncEngine = typeof syncEngine;
