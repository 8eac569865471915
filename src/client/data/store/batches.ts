/**
 * Runs `work` on the items a batch at a time, each batch a short task of its own with the screen's
 * turn between them; answers the batches' results in the items' order.
 *
 * Chained with the work's own `then` rather than awaited in an async function: a Dexie promise's
 * `then` keeps the transaction it runs in (also inside a middleware), a native promise's would lose it.
 */
export function inBatches<T, R>(items: T[], size: number, work: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  const from = (at: number): Promise<R[]> =>
    work(items.slice(at, at + size)).then((answer) => {
      results.push(...answer);
      return at + size < items.length ? from(at + size) : results;
    });
  return items.length > 0 ? from(0) : Promise.resolve(results);
}

/** `inBatches` for writes, whose answers nobody reads. */
export const writeInBatches = <T>(items: T[], size: number, write: (batch: T[]) => Promise<unknown>) =>
  inBatches(items, size, (batch) => write(batch).then((): never[] => []));
