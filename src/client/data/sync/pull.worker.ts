import { localDb } from '#client/data/store/db.ts';
import type { Transport } from '#client/lib/api.ts';
import { pullChanges } from './pull.ts';
import type { FromPullWorker, ToPullWorker, WorkerJob } from './pull-messages.ts';
import { readWholeLists } from './whole-lists.ts';

/**
 * The sync's own thread (src/docs/offline-sync.md): pages are fetched, checked and stored here, and
 * the whole lists read after them, so a first sync of thousands of records never holds the screen.
 * The page hands over the token with each job and says when the next page may be stored: once its
 * screens have read the last one.
 */
const scope = globalThis as unknown as Pick<Worker, 'postMessage' | 'onmessage'>;
const post = (message: FromPullWorker) => scope.postMessage(message);
let screensDone: (() => void) | null = null;

function pull(transport: Transport): Promise<number | null> {
  const beforeStore = (afterWrite: boolean) =>
    new Promise<void>((resolve) => {
      screensDone = resolve;
      post({ type: 'before-store', afterWrite });
    });
  return pullChanges(localDb, transport, { set: (patch) => post({ type: 'status', patch }) }, { beforeStore });
}

function run(job: WorkerJob, id: number, token: string | null) {
  const transport: Transport = { baseUrl: '/api', fetch: (input, init) => fetch(input, init), getToken: () => token };
  const work = job === 'pull' ? pull(transport) : readWholeLists(localDb, transport).then(() => null);
  work.then(
    (received) => post({ type: 'done', id, received }),
    (error: unknown) => post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) }),
  );
}

// Opened at once: a worker started during a sign-in has the database open when the first pull comes.
// A database that cannot open fails that pull, which reports it.
localDb.open().catch(() => {});

scope.onmessage = ({ data }: MessageEvent<ToPullWorker>) => {
  if (data.type === 'job') return run(data.job, data.id, data.token);
  screensDone?.();
  screensDone = null;
};
