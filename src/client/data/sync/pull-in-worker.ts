import { Dexie } from 'dexie';
import type { Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { screensHadTheirTurn } from '#client/data/store/screen-reads.ts';
import { inThisThread, type Puller } from './pull.ts';
import type { FromPullWorker, ToPullWorker, WorkerJob } from './pull-messages.ts';
import type { SyncStatusStore } from './sync-status.ts';

/** How long the page waits for the news of a page the worker stored before it lets the next one go. */
const mutationWaitMs = 250;

/** Counts the writes Dexie reports on this page, its own and those of other contexts (the worker's). */
let mutations = 0;
Dexie.on('storagemutated', () => (mutations += 1));

function mutationSince(seen: number): Promise<void> {
  if (mutations > seen) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      Dexie.on('storagemutated').unsubscribe(done);
      resolve();
    };
    const timer = setTimeout(done, mutationWaitMs);
    Dexie.on('storagemutated', done);
  });
}

interface Waiting {
  resolve(received: number | null): void;
  reject(error: Error): void;
}

/**
 * Runs the sync round's pull and whole-list reads in a dedicated worker (pull.worker.ts); the sync
 * engine runs one pull at a time. The worker's writes reach the screens' live queries through
 * Dexie's cross-context notifications; before each page after the first, the page waits for that
 * news and for the reads it started again. A worker that cannot run (its script did not load, say)
 * leaves the work to this thread.
 */
export function workerPuller(): Puller {
  let worker: Worker | null = null;
  let failed = false;
  let lastId = 0;
  const waiting = new Map<number, Waiting>();
  let pullStatus: SyncStatusStore | null = null;
  let seen = mutations;

  const send = (message: ToPullWorker) => worker?.postMessage(message);

  async function answer(data: FromPullWorker) {
    if (data.type === 'status') return pullStatus?.set(data.patch);
    if (data.type === 'before-store') {
      if (data.afterWrite) await mutationSince(seen);
      seen = mutations;
      await screensHadTheirTurn();
      return send({ type: 'screens-done' });
    }
    const job = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.type === 'done') job?.resolve(data.received);
    else job?.reject(new Error(data.message));
  }

  function stop() {
    worker?.terminate();
    worker = null;
    waiting.forEach((job) => job.resolve(null));
    waiting.clear();
  }

  function start(): Worker {
    const started = new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module', name: 'imsp-sync' });
    started.onmessage = ({ data }: MessageEvent<FromPullWorker>) => void answer(data);
    started.onerror = (event) => {
      event.preventDefault();
      failed = true;
      stop();
    };
    return started;
  }

  function inWorker(job: WorkerJob, transport: Transport, orInThisThread: () => Promise<number | null>) {
    if (failed) return orInThisThread();
    worker ??= start();
    const id = (lastId += 1);
    return new Promise<number | null>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      send({ type: 'job', job, id, token: transport.getToken() });
    }).then((received) => (failed ? orInThisThread() : received));
  }

  return {
    pull(db: LocalDatabase, transport: Transport, status: SyncStatusStore) {
      pullStatus = status;
      seen = mutations;
      return inWorker('pull', transport, () => inThisThread.pull(db, transport, status));
    },
    async readWholeLists(db: LocalDatabase, transport: Transport) {
      await inWorker('lists', transport, () => inThisThread.readWholeLists(db, transport).then(() => null));
    },
    prepare() {
      if (!failed) worker ??= start();
    },
    stop,
  };
}
