import { Dexie } from 'dexie';
import type { DBCore, DBCoreKeyRange, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { actionOwners, awaitingVerification } from './action-owners.ts';
import { inBatches, writeInBatches } from './batches.ts';
import { isAnyRange, keyRange } from './key-ranges.ts';
import { isListed, numberKeysOf, slotOf, tokensOf, type ListedTable } from './record-tokens.ts';

/**
 * The lists the device's queries read instead of indexes over the records (src/client/README.md):
 * for each table and token, the slots (creation times) of the records listed under the token, sorted,
 * in one or more runs. A write of many records (a page of a first sync) appends a run per token it
 * lists records under, without reading or rewriting the lists already stored; a smaller write (a
 * save, a page of changes) merges the token's runs into one as it changes it. A read concatenates a
 * token's runs.
 */
export const postingsTable = 'postings';

/** [table, token, run]: a run's key, so that one key range reads every run of a token. */
export type PostingKey = [table: string, token: string, run: number];

/** A write listing at least this many records appends runs (`writeChanges`). */
export const bulkRecords = 100;

/** The key under which the store keeps the next run's number: before every table's lists. */
const nextRunKey: PostingKey = ['', 'next run', 0];

interface ListChange {
  key: [table: string, token: string];
  add: number[];
  remove: number[];
}

/** The changes a write makes to the lists, by table, then by token, and how many records it lists. */
export class ListChanges {
  readonly #tables = new Map<string, Map<string, ListChange>>();
  records = 0;

  /** The changes of one table, by token. */
  table(table: string): Map<string, ListChange> {
    let byToken = this.#tables.get(table);
    if (!byToken) this.#tables.set(table, (byToken = new Map<string, ListChange>()));
    return byToken;
  }

  *values(): IterableIterator<ListChange> {
    for (const byToken of this.#tables.values()) yield* byToken.values();
  }
}

const tokenId = ([table, token]: [string, string, ...unknown[]]) => `${table}\u0000${token}`;

function note(changes: ListChanges, table: string, tokens: Iterable<string>, slot: number, kind: 'add' | 'remove') {
  const byToken = changes.table(table);
  for (const token of tokens) {
    let change = byToken.get(token);
    if (!change) byToken.set(token, (change = { key: [table, token], add: [], remove: [] }));
    change[kind].push(slot);
  }
}

/** What replacing `before` with `after` (either missing) changes in the table's lists. */
export function noteRecord(
  changes: ListChanges,
  table: ListedTable,
  before: object | undefined,
  after: object | undefined,
) {
  changes.records += 1;
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

/** A run as stored: its number and its slots, sorted. */
export interface Run {
  run: number;
  slots: Float64Array;
}

/** Sorted runs as one sorted list: concatenated, and sorted again only when their spans overlap. */
export function joinRuns(runs: Float64Array[]): Float64Array {
  if (runs.length === 1) return runs[0]!;
  const ordered = runs.filter((run) => run.length > 0).sort((a, b) => a[0]! - b[0]!);
  const joined = new Float64Array(ordered.reduce((sum, run) => sum + run.length, 0));
  let at = 0;
  let inOrder = true;
  for (const run of ordered) {
    if (at > 0 && run[0]! < joined[at - 1]!) inOrder = false;
    joined.set(run, at);
    at += run.length;
  }
  return inOrder ? joined : joined.sort();
}

/**
 * The list with one occurrence of each removed slot taken out and the added ones merged in. The
 * stored list is sorted: the few added slots are sorted alone and merged in one pass, where sorting
 * the whole list again cost a long task on a first sync (its common words' lists are long).
 */
function merged(list: Float64Array, { add, remove }: ListChange): Float64Array {
  let kept = list;
  if (remove.length > 0) {
    const removing = new Map<number, number>();
    for (const slot of remove) removing.set(slot, (removing.get(slot) ?? 0) + 1);
    kept = kept.filter((slot) => {
      const left = removing.get(slot);
      if (!left) return true;
      removing.set(slot, left - 1);
      return false;
    });
  }
  if (add.length === 0) return kept;
  const added = Float64Array.from(add).sort();
  const result = new Float64Array(kept.length + added.length);
  let from = 0;
  let at = 0;
  for (const slot of added) {
    let end = from;
    while (end < kept.length && kept[end]! <= slot) end += 1;
    result.set(kept.subarray(from, end), at);
    at += end - from;
    result[at++] = slot;
    from = end;
  }
  result.set(kept.subarray(from), at);
  return result;
}

/** The lists' store as a writer reaches it: the middleware's own table, or a caller's (storePage). */
export interface ListStore {
  /** The runs of each token, by `tokenId`, read a range per token. */
  runsOf(keys: [table: string, token: string][]): Promise<Map<string, Run[]>>;
  /** How many runs the table has. */
  count(table: string): Promise<number>;
  /** Every run of the table, by `tokenId`. */
  readTable(table: string): Promise<Map<string, Run[]>>;
  /** A run number no list has used, taken. */
  takeRun(): Promise<number>;
  put(keys: PostingKey[], lists: Float64Array[]): Promise<unknown>;
  delete(keys: PostingKey[]): Promise<unknown>;
}

/**
 * A write touching at least this share of a table's runs, and at least `wholeTableMinimum` tokens,
 * reads them all in one request: a read per token costs IndexedDB a request each. Below the minimum
 * a local save does not pay for counting the runs.
 */
const wholeTableShare = 0.25;
const wholeTableMinimum = 100;

/** The stored runs of the tokens the changes touch, by `tokenId`: the table's whole runs or a read per token. */
async function runsTouched(store: ListStore, changes: ListChange[]): Promise<Map<string, Run[]>> {
  const found = new Map<string, Run[]>();
  for (const table of new Set(changes.map((change) => change.key[0]))) {
    const touched = changes.filter((change) => change.key[0] === table);
    const readWhole =
      touched.length >= wholeTableMinimum && touched.length >= wholeTableShare * (await store.count(table));
    const runs = readWhole
      ? await store.readTable(table)
      : await inBatches(touched, readBatch, (part) =>
          store.runsOf(part.map((change) => change.key)).then((read) => [...read]),
        ).then((read) => new Map(read));
    for (const { key } of touched) found.set(tokenId(key), runs.get(tokenId(key)) ?? []);
  }
  return found;
}

/** Tokens whose runs are read a request batch at a time when read one by one. */
const readBatch = 500;

/**
 * Applies the changes to the stored lists. A write of `bulkRecords` or more appends the slots it adds
 * to a token as a new run, and merges only the tokens it removes slots from; a smaller write merges
 * every token it touches into one run (the token's first), so saves keep the runs few. Rows are
 * written `batch` a request, each batch in a short task of its own (batches.ts).
 */
export async function writeChanges(store: ListStore, changes: ListChanges, batch = Infinity): Promise<void> {
  const wanted = [...changes.values()].filter((change) => change.add.length > 0 || change.remove.length > 0);
  if (wanted.length === 0) return;
  const bulk = changes.records >= bulkRecords;
  const appends = (change: ListChange) => bulk && change.remove.length === 0;
  const stored = await runsTouched(
    store,
    wanted.filter((change) => !appends(change)),
  );
  const run = wanted.some(appends) ? await store.takeRun() : 0;
  const gone: PostingKey[] = [];
  const rows = (part: ListChange[]) =>
    part.map((change) => {
      const key = change.key;
      if (appends(change)) return { key: [...key, run] as PostingKey, list: Float64Array.from(change.add).sort() };
      const runs = stored.get(tokenId(key))!;
      for (const { run: other } of runs.slice(1)) gone.push([...key, other]);
      const list = merged(joinRuns(runs.map((each) => each.slots)), change);
      return { key: [...key, runs[0]?.run ?? 0] as PostingKey, list };
    });
  // Only Dexie's promises are waited for here (batches.ts), so the transaction stays the current one.
  await writeInBatches(wanted, batch, (part) => {
    const next = rows(part);
    const kept = next.filter((entry) => entry.list.length > 0);
    gone.push(...next.filter((entry) => entry.list.length === 0).map((entry) => entry.key));
    return kept.length > 0
      ? store.put(
          kept.map((entry) => entry.key),
          kept.map((entry) => entry.list),
        )
      : Dexie.Promise.resolve([]);
  });
  if (gone.length > 0) await store.delete(gone);
}

const tableLists = (table: string) => keyRange([table], [table, []]);
const tokenRuns = (table: string, token: string) => keyRange([table, token], [table, token, []]);

/** Rows of a key range as runs, by `tokenId`. */
function runsIn(postings: DBCoreTable, trans: DBCoreTransaction, range: DBCoreKeyRange): Promise<Map<string, Run[]>> {
  const query = { index: postings.schema.primaryKey, range };
  return Dexie.Promise.all([
    postings.query({ trans, values: false, query }),
    postings.query({ trans, values: true, query }),
  ]).then(([keys, lists]) => {
    const found = new Map<string, Run[]>();
    keys.result.forEach((key, at) => {
      const id = tokenId(key as PostingKey);
      const runs = found.get(id) ?? [];
      runs.push({ run: (key as PostingKey)[2], slots: lists.result[at] as Float64Array });
      found.set(id, runs);
    });
    return found;
  });
}

const coreListStore = (postings: DBCoreTable, trans: DBCoreTransaction): ListStore => ({
  runsOf: (keys) =>
    Dexie.Promise.all(keys.map(([table, token]) => runsIn(postings, trans, tokenRuns(table, token)))).then(
      (found) => new Map(found.flatMap((runs) => [...runs])),
    ),
  count: (table) => postings.count({ trans, query: { index: postings.schema.primaryKey, range: tableLists(table) } }),
  readTable: (table) => runsIn(postings, trans, tableLists(table)),
  takeRun: () =>
    postings.get({ trans, key: nextRunKey }).then((stored: Float64Array | undefined) => {
      const run = stored?.[0] ?? 1;
      return postings
        .mutate({ type: 'put', trans, keys: [nextRunKey], values: [Float64Array.of(run + 1)] })
        .then(() => run);
    }),
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
