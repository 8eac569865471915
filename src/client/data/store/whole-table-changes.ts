import { RangeSet, type DBCore, type DBCoreTable, type Middleware, type ObservabilitySet } from 'dexie';

/**
 * Transactions that tell live queries "these tables changed" rather than which keys did: a sync
 * page's. Dexie notes every key a write touches and sends the set to every context with the database
 * open; a page of thousands of records in blocks, with every key of their indexes, made a set whose
 * merging into each live query's took the screen's thread for 0.5-1 s a page. A page changes the
 * lists every list screen reads anyway, so the screens read again either way.
 */
const wholeTables = new WeakSet<object>();

export function noteWholeTables(transaction: { idbtrans: IDBTransaction }): void {
  wholeTables.add(transaction.idbtrans);
}

const everything = () => new RangeSet(-Infinity, [[]]);

/** Every part of the table a live query can observe, as changed. */
function wholeTable(table: DBCoreTable, dbName: string): ObservabilitySet {
  const parts = ['', ':dels', ...table.schema.indexes.map((index) => index.name ?? '')];
  return Object.fromEntries(parts.map((part) => [`idb://${dbName}/${table.name}/${part}`, everything()]));
}

/**
 * Just above Dexie's observation (level 0): a write of a marked transaction comes with its table's
 * parts already whole, so the keys Dexie adds fall inside them.
 */
export const wholeTableChangesMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'whole-table-changes',
  level: 0.5,
  create: (down: DBCore) => ({
    ...down,
    table: (name: string) => {
      const table = down.table(name);
      return {
        ...table,
        mutate: (req) => {
          const trans = req.trans as IDBTransaction;
          if (!wholeTables.has(trans)) return table.mutate(req);
          return table.mutate({ ...req, mutatedParts: { ...req.mutatedParts, ...wholeTable(table, trans.db.name) } });
        },
      };
    },
  }),
};
