import type { Transaction } from 'dexie';
import { compactRow } from './stored-row.ts';

const chunk = 2_000;

/**
 * Lists every stored ticket and incident anew (an upgrade): the lists are cleared, and each chunk is
 * taken out and stored again, so the postings middleware lists it as it lists a new record, without
 * the `_words` earlier versions stored.
 */
export async function rebuildLists(tx: Transaction): Promise<void> {
  await tx.table('postings').clear();
  for (const name of ['tickets', 'incidents']) {
    const table = tx.table<Record<string, unknown>, string>(name);
    const ids = await table.toCollection().primaryKeys();
    for (let at = 0; at < ids.length; at += chunk) {
      const keys = ids.slice(at, at + chunk);
      const records = (await table.bulkGet(keys)).flatMap((record) => {
        if (!record) return [];
        const { _words: _dropped, ...rest } = record;
        return [compactRow(rest)];
      });
      await table.bulkDelete(keys);
      await table.bulkAdd(records);
    }
  }
}
