import type { Tx } from '../db/client.ts';
import { authorOf, type ChangeContext } from '../lib/change-context.ts';
import { addInboxEntries } from './inbox.ts';
import { writeHistoryRows, type HistoryEntity, type RecordedChange } from './record-changes.ts';

/**
 * Everything a recorded change sets off, in the write's transaction, in one list: the record's
 * history (who changed what), then the notices to the people it concerns (inbox.ts). A new effect of
 * changes (a webhook, a meter) joins this list rather than hiding in one of them.
 */
const effects: ((tx: Tx, change: RecordedChange) => Promise<void>)[] = [
  writeHistoryRows,
  (tx, { entity, recordId, version, changes, context }) =>
    addInboxEntries(tx, entity, recordId, version, changes, authorOf(context)),
];

export async function recordChange(
  tx: Tx,
  entity: HistoryEntity,
  recordId: string,
  version: number,
  changes: RecordedChange['changes'],
  context: ChangeContext,
): Promise<void> {
  if (changes.length === 0) return;
  for (const effect of effects) await effect(tx, { entity, recordId, version, changes, context });
}
