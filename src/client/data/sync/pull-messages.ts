import type { SyncStatus } from './sync-status.ts';

/** A piece of a sync round the worker does: the pull, or the whole lists read after it. */
export type WorkerJob = 'pull' | 'lists';

/** What the page tells the pull's worker: do a job with this token, or store the next page. */
export type ToPullWorker = { type: 'job'; job: WorkerJob; id: number; token: string | null } | { type: 'screens-done' };

/** What the worker tells the page while it works, and how a job ended. */
export type FromPullWorker =
  | { type: 'status'; patch: Partial<SyncStatus> }
  /** A page waits to be stored; `afterWrite`: this pull stored one before it. */
  | { type: 'before-store'; afterWrite: boolean }
  | { type: 'done'; id: number; received: number | null }
  | { type: 'failed'; id: number; message: string };
