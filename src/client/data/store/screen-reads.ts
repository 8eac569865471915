import { yieldToUi } from '#client/data/sync/working-set.ts';

/**
 * The screens' live queries, counted while they run. Dexie starts a live query again from the top
 * whenever a write touches what it reads, and gives up the run under way: a first sync writing a page
 * every half second would keep a list from ever showing. The pull waits for the screens' reads
 * between pages instead (`screensHadTheirTurn`).
 */
let running = 0;
const waiting = new Set<() => void>();

export async function countedRead<T>(read: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await read();
  } finally {
    running -= 1;
    // Woken from a task of its own: here the live query's read-only transaction is the current one.
    // Counted again there: a live query whose answer a write made stale starts again at once, and
    // the sync's next page must wait for that read too, or it would hold it up again.
    if (running === 0) setTimeout(() => running === 0 && waiting.forEach((resume) => resume()));
  }
}

/**
 * Resolves once the live queries that the last write started again have answered, or after `maxWaitMs`
 * (a screen's read never holds the sync for long).
 */
export async function screensHadTheirTurn(maxWaitMs = 1000): Promise<void> {
  // The write's change reaches the live queries in a task of its own.
  await yieldToUi();
  if (running === 0) return;
  await new Promise<void>((resolve) => {
    const resume = () => {
      waiting.delete(resume);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(resume, maxWaitMs);
    waiting.add(resume);
  });
}
