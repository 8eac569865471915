import type { Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { pullParts } from './parts-store.ts';
import { pullOpenPermits } from './permits-store.ts';
import { pullPurchaseRequests } from './purchase-requests-store.ts';
import { isPruneDue, pruneWorkingSet } from './working-set.ts';

/**
 * What follows a pull the server answered: the lists outside the change feed, read whole (open
 * permits, src/docs/permits.md; the parts catalogue and its stock, src/docs/parts.md; the latest
 * purchase requests), and the working set pruned when it is due (hourly, or at once after the window
 * changed). The lists are read side by side; one that cannot be read now is read after the next pull.
 */
export async function readWholeLists(db: LocalDatabase, transport: Transport): Promise<void> {
  const reads = [pullOpenPermits, pullParts, pullPurchaseRequests].map((read) => read(db, transport).catch(() => {}));
  await Promise.all(reads);
  if (await isPruneDue(db)) await pruneWorkingSet(db);
}
