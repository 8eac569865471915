import { Dexie } from 'dexie';
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { actionOwners, awaitingVerification } from './action-owners.ts';
import { inBatches, writeInBatches } from './batches.ts';
import { isAnyRange, keyRange } from './key-ranges.ts';
import { isListed, numberKeysOf, slotOf, tokensOf, type ListedTable } from './record-tokens.ts';

/**
 * The lists the device's queries read instead of indexes over the records (src/client/README.md):
 * for each table, token and shard of time, the slots (creation times) of the records listed under
 * the token, as offsets into the shard, sorted. A record costs four bytes per token, where a
 * multi-entry index row cost a word and the record's id each.
 */
export const postingsTable = 'postings';

/** [table, token, shard]: a list's key, so that one key range reads a token's lists in every shard. */
export type PostingKey = [table: string, token: string, shard: number];

/** A shard spans 2^32 ms (about 50 days), so its offsets fit a Uint32Array. */
const shardSpan = 2 ** 32;
export const shardOf = (slot: number): number => Math.floor(slot / shardSpan);
export const slotAt = (shard: number, offset: number): number => shard * shardSpan + offset;

interface ListChange {
  key: PostingKey;
  add: number[];
  remove: number[];
}

/**
 * The changes a write makes to the lists, by table and shard, then by token: a record's tokens share
 * its shard, so each token costs one lookup by itself (a key joining table, token and shard cost a
 * string built and hashed per token of every record, most of a first sync's listing).
 */
export class ListChanges {
  readonly #shards = new Map<string, Map<string, ListChange>>();

  /** The changes of one table's shard, by token. */
  shard(table: string, shard: number): Map<string, ListChange> {
    const id = `${table}\u0000${shard}`;
    let byToken = this.#shards.get(id);
    if (!byToken) this.#shards.set(id, (byToken = new Map<string, ListChange>()));
    return byToken;
  }

  *values(): IterableIterator<ListChange> {
    for (const byToken of this.#shards.values()) yield* byToken.values();
  }
}

const listId = ([table, token, shard]: PostingKey) => `${table}\u0000${token}\u0000${shard}`;

function note(changes: ListChanges, table: string, tokens: Iterable<string>, slot: number, kind: 'add' | 'remove') {
  const shard = shardOf(slot);
  const offset = slot - shard * shardSpan;
  const byToken = changes.shard(table, shard);
  for (const token of tokens) {
    let change = byToken.get(token);
    if (!change) byToken.set(token, (change = { key: [table, token, shard], add: [], remove: [] }));
    change[kind].push(offset);
  }
}

/** What replacing `before` with `after` (either missing) changes in the table's lists. */
export function noteRecord(
  changes: ListChanges,
  table: ListedTable,
  before: object | undefined,
  after: object | undefined,
) {
  const old = before ? { slot: slotOf(before), tokens: tokensOf(table, before) } : null;
  const next = after ? { slot: slotOf(after), tokens: tokensOf(table, after) } : null;
  if (old && next && old.slot === next.slot) {
    const kept = new Set(old.tokens);
    const added = next.tokens.filter((token) => !kept.delete(token));
    note(changes, table, kept, old.slot, 'remove');
    note(changes, table, added, next.slot, 'add');
    return;
  }
  if (old) note(changes, table, old.tokens, old.slot, 'remove');
  if (next) note(changes, table, next.tokens, next.slot, 'add');
}

/**
 * The list with one occurrence of each removed offset taken out and the added ones merged in. The
 * stored list is sorted: the few added offsets are sorted alone and merged in one pass, where sorting
 * the whole list again cost a long task on a first sync (its common words' lists are long).
 */
function merged(list: Uint32Array | undefined, { add, remove }: ListChange): Uint32Array {
  let kept = list ?? new Uint32Array();
  if (remove.length > 0) {
    const removing = new Map<number, number>();
    for (const offset of remove) removing.set(offset, (removing.get(offset) ?? 0) + 1);
    kept = kept.filter((offset) => {
      const left = removing.get(offset);
      if (!left) return true;
      removing.set(offset, left - 1);
      return false;
    });
  }
  if (add.length === 0) return kept;
  const added = Uint32Array.from(add).sort();
  const result = new Uint32Array(kept.length + added.length);
  let from = 0;
  let at = 0;
  for (const offset of added) {
    let end = from;
    while (end < kept.length && kept[end]! <= offset) end += 1;
    result.set(kept.subarray(from, end), at);
    at += end - from;
    result[at++] = offset;
    from = end;
  }
  result.set(kept.subarray(from), at);
  return result;
}

/** The lists' store as a writer reaches it: the middleware's own table, or a caller's (storePage). */
export interface ListStore {
  getMany(keys: PostingKey[]): Promise<(Uint32Array | undefined)[]>;
  /** How many lists the table has. */
  count(table: string): Promise<number>;
  /** Every list of the table, by its `listId`. */
  readTable(table: string): Promise<Map<string, Uint32Array>>;
  put(keys: PostingKey[], lists: Uint32Array[]): Promise<unknown>;
  delete(keys: PostingKey[]): Promise<unknown>;
}

/**
 * A write touching at least this share of a table's lists, and at least `wholeTableMinimum` lists,
 * reads them all in one request (a first sync's page touches most of them): a read per list costs
 * IndexedDB a request each. Below the minimum a local save does not pay for counting the lists.
 */
const wholeTableShare = 0.25;
const wholeTableMinimum = 100;

/** The stored lists the changes touch, by `listId`: the table's whole lists or one read per list. */
async function listsTouched(store: ListStore, changes: ListChange[]): Promise<Map<string, Uint32Array | undefined>> {
  const found = new Map<string, Uint32Array | undefined>();
  for (const table of new Set(changes.map((change) => change.key[0]))) {
    const touched = changes.filter((change) => change.key[0] === table);
    const readWhole =
      touched.length >= wholeTableMinimum && touched.length >= wholeTableShare * (await store.count(table));
    const lists = readWhole
      ? await store.readTable(table).then((all) => touched.map(({ key }) => all.get(listId(key))))
      : await inBatches(touched, readBatch, (part) => store.getMany(part.map((change) => change.key)));
    touched.forEach(({ key }, at) => found.set(listId(key), lists[at]));
  }
  return found;
}

/** Lists read a request batch at a time when read one by one. */
const readBatch = 500;

/**
 * Applies the changes to the stored lists: each list read once and written once (or deleted when
 * empty), `batch` lists a request, each batch merged and written in a short task of its own
 * (batches.ts).
 */
export async function writeChanges(store: ListStore, changes: ListChanges, batch = Infinity): Promise<void> {
  const wanted = [...changes.values()].filter((change) => change.add.length > 0 || change.remove.length > 0);
  if (wanted.length === 0) return;
  const stored = await listsTouched(store, wanted);
  const empty: PostingKey[] = [];
  // Only Dexie's promises are waited for here (batches.ts), so the transaction stays the current one.
  await writeInBatches(wanted, batch, (part) => {
    const next = part.map((change) => ({ key: change.key, list: merged(stored.get(listId(change.key)), change) }));
    const kept = next.filter((entry) => entry.list.length > 0);
    empty.push(...next.filter((entry) => entry.list.length === 0).map((entry) => entry.key));
    return kept.length > 0
      ? store.put(
          kept.map((entry) => entry.key),
          kept.map((entry) => entry.list),
        )
      : Dexie.Promise.resolve([]);
  });
  if (empty.length > 0) await store.delete(empty);
}

const tableLists = (table: string) => keyRange([table], [table, []]);

const coreListStore = (postings: DBCoreTable, trans: DBCoreTransaction): ListStore => ({
  getMany: (keys) => postings.getMany({ trans, keys }) as Promise<(Uint32Array | undefined)[]>,
  count: (table) => postings.count({ trans, query: { index: postings.schema.primaryKey, range: tableLists(table) } }),
  readTable: (table) => {
    const query = { index: postings.schema.primaryKey, range: tableLists(table) };
    return Dexie.Promise.all([
      postings.query({ trans, values: false, query }),
      postings.query({ trans, values: true, query }),
    ]).then(([keys, lists]) => {
      const found = new Map<string, Uint32Array>();
      keys.result.forEach((key, at) => found.set(listId(key as PostingKey), lists.result[at] as Uint32Array));
      return found;
    });
  },
  put: (keys, values) => postings.mutate({ type: 'put', trans, keys, values }),
  delete: (keys) => postings.mutate({ type: 'delete', trans, keys }),
});

type DexieTransaction = { idbtrans: IDBTransaction };

/** The lists' store in a transaction of `db` (its keys are arrays, which Dexie's table typings refuse). */
export const listStoreOf = (db: Dexie, transaction: DexieTransaction): ListStore =>
  coreListStore(db.core.table(postingsTable), transaction.idbtrans);

/**
 * Transactions whose writer lists the records itself, once for all its writes (storePage): the
 * middleware only adds the derived fields to their writes.
 */
const listedByWriter = new WeakSet<object>();

export function listRecordsMyself(transaction: DexieTransaction): void {
  listedByWriter.add(transaction.idbtrans);
}

type Indexed = Record<string, unknown> & { _id: string };

/** The records a write replaces or removes, by id, as stored before it. */
async function storedBefore(table: DBCoreTable, req: DBCoreMutateRequest): Promise<Map<string, Indexed>> {
  const { trans } = req;
  if (req.type === 'deleteRange') {
    const { result } = await table.query({
      trans,
      values: true,
      query: { index: table.schema.primaryKey, range: req.range },
    });
    return new Map((result as Indexed[]).map((record) => [record._id, record]));
  }
  const keys = req.type === 'delete' ? req.keys : (req.values as Indexed[]).map((value) => value._id);
  const found = (await table.getMany({ trans, keys: [...new Set(keys)] })) as (Indexed | undefined)[];
  return new Map(found.flatMap((record) => (record ? [[record._id, record] as const] : [])));
}

/**
 * The fields multi-entry indexes read: `_numbers`, the record's number in digits (record-tokens.ts),
 * and on incidents `_owners`, who owns an action not verified yet ("My actions"), and `_awaiting`,
 * whether one waits for its verification ("Awaiting verification").
 */
const withDerivedFields = (table: ListedTable, value: Indexed): Indexed => ({
  ...value,
  _numbers: numberKeysOf(table, value),
  ...(table === 'incidents' && { _owners: actionOwners(value), _awaiting: awaitingVerification(value) }),
});

function listedTable(down: DBCore, name: ListedTable): DBCoreTable {
  const table = down.table(name);
  return {
    ...table,
    async mutate(request) {
      const req =
        request.type === 'add' || request.type === 'put'
          ? { ...request, values: (request.values as Indexed[]).map((value) => withDerivedFields(name, value)) }
          : request;
      const trans = req.trans as DBCoreTransaction & IDBTransaction;
      // Upgrades from before the lists existed run without them; the version that adds them builds them.
      if (!trans.objectStoreNames.contains(postingsTable) || listedByWriter.has(trans)) return table.mutate(req);
      const postings = down.table(postingsTable);
      if (req.type === 'deleteRange' && isAnyRange(req.range)) {
        await postings.mutate({
          type: 'deleteRange',
          trans,
          range: keyRange([name], [name, down.MAX_KEY]),
        });
        return table.mutate(req);
      }
      const current = await storedBefore(table, req);
      const result = await table.mutate(req);
      const changes = new ListChanges();
      if (req.type === 'add' || req.type === 'put') {
        req.values.forEach((value, index) => {
          if (result.failures[index]) return;
          noteRecord(changes, name, current.get(value._id), value);
          current.set(value._id, value);
        });
      } else {
        for (const record of current.values()) noteRecord(changes, name, record, undefined);
      }
      await writeChanges(coreListStore(postings, trans), changes);
      return result;
    },
  };
}

/**
 * Keeps the lists (and incidents' `_owners`) up to date in the transaction of every write, whichever
 * code path stores the record (a pull, a local change, the working set's pruning, an upgrade): a
 * write transaction over a listed table takes the lists' store in as well.
 */
export const postingsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'postings',
  create: (down: DBCore) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === 'readwrite' && stores.some(isListed) && !stores.includes(postingsTable)
          ? [...stores, postingsTable]
          : stores,
        mode,
        options,
      ),
    table: (name: string) => (isListed(name) ? listedTable(down, name) : down.table(name)),
  }),
};
