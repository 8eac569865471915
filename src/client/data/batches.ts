/**
 * Runs `work` on the items a batch at a time, issuing a batch while IndexedDB still writes the one
 * before: the device serialises one batch as the database stores the other, instead of waiting a
 * round trip per batch. Each batch is a short task of its own, and every wait gives the screen a
 * turn. Answers the batches' results in the items' order.
 *
 * Chained with the work's own `then` rather than awaited in an async function: a Dexie promise's
 * `then` keeps the transaction it runs in (also inside a middleware), a native promise's would lose it.
 */
export function inBatches<T, R>(items: T[], size: number, work: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  const issue = (at: number) => (at < items.length ? work(items.slice(at, at + size)) : null);
  const collect = (at: number, current: Promise<R[]>): Promise<R[]> => {
    const next = issue(at + size);
    // Left behind when this batch fails: the transaction's failure is reported once, by this one.
    next?.catch(() => {});
    return current.then((answer) => {
      results.push(...answer);
      return next ? collect(at + size, next) : results;
    });
  };
  const first = issue(0);
  return first ? collect(0, first) : Promise.resolve(results);
}

/** `inBatches` for writes, whose answers nobody reads. */
export const writeInBatches = <T>(items: T[], size: number, write: (batch: T[]) => Promise<unknown>) =>
  inBatches(items, size, (batch) => write(batch).then((): never[] => []));
