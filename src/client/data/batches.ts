/**
 * Runs `work` on the items a batch at a time, issuing a batch while IndexedDB still writes the one
 * before: the device serialises one batch as the database stores the other, instead of waiting a
 * round trip per batch. Each batch is a short task of its own, and every await gives the screen a
 * turn. Answers the batches' results in the items' order.
 */
export async function inBatches<T, R>(items: T[], size: number, work: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  let previous: Promise<R[]> | null = null;
  for (let at = 0; at < items.length; at += size) {
    const current = work(items.slice(at, at + size));
    // Left behind when the batch before fails: the transaction's failure is reported once, by that one.
    current.catch(() => {});
    if (previous) results.push(...(await previous));
    previous = current;
  }
  if (previous) results.push(...(await previous));
  return results;
}

/**
 * `inBatches` for writes, whose answers nobody reads. `then` rather than an async function: a Dexie
 * promise's `then` keeps the transaction it runs in, a native one's would lose it.
 */
export const writeInBatches = <T>(items: T[], size: number, write: (batch: T[]) => Promise<unknown>) =>
  inBatches(items, size, (batch) => write(batch).then((): never[] => []));
