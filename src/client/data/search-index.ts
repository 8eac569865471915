import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { recordWords } from '../../shared/search-words.ts';

type Indexed = Record<string, unknown>;

const text = (record: Indexed, field: string) => (typeof record[field] === 'string' ? record[field] : '');

/** The words each searchable table's records are found by (src/shared/search-words.ts). */
const wordsOf: Record<string, (record: Indexed) => string[]> = {
  tickets: (record) => recordWords(text(record, 'ticketNumber'), [text(record, 'title'), text(record, 'description')]),
  incidents: (record) =>
    recordWords(text(record, 'incidentNumber'), [
      text(record, 'title'),
      text(record, 'description'),
      text(record, 'location'),
    ]),
};

/** The record as stored: with `_words`, the multi-entry index the list search reads. */
export function withWords(table: string, record: Indexed): Indexed {
  const words = wordsOf[table];
  return words ? { ...record, _words: words(record) } : record;
}

/** Who owns an incident's actions not verified yet: the multi-entry index "My actions" reads. */
export function actionOwners(record: Indexed): string[] {
  const actions = Array.isArray(record.actions) ? (record.actions as { owner?: { _id: string } | null; status?: string }[]) : [];
  const owners = actions.filter((action) => action.status !== 'Verified').map((action) => action.owner?._id);
  return [...new Set(owners.filter((owner) => owner !== undefined))];
}

/** Every index field derived from a record's own fields. */
function withIndexFields(table: string, record: Indexed): Indexed {
  const stored = withWords(table, record);
  return table === 'incidents' ? { ...stored, _owners: actionOwners(record) } : stored;
}

/** The words a stored record is found by. */
export const storedWords = (record: object): string[] =>
  '_words' in record && Array.isArray(record._words) ? (record._words as string[]) : [];

function indexWrites(table: DBCoreTable): DBCoreTable {
  if (!wordsOf[table.name]) return table;
  return {
    ...table,
    mutate(req: DBCoreMutateRequest) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      return table.mutate({ ...req, values: req.values.map((value: Indexed) => withIndexFields(table.name, value)) });
    },
  };
}

/**
 * Keeps `_words` (and incidents' `_owners`) up to date on every write, whichever code path stores the record (a pull, a
 * local change, an upgrade), so no writer has to know about the search index.
 */
export const searchIndex: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'search-index',
  create: (down: DBCore) => ({ ...down, table: (name: string) => indexWrites(down.table(name)) }),
};
