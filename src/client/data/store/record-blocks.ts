import type {
  DBCore,
  DBCoreIndex,
  DBCoreKeyRange,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreQueryRequest,
  DBCoreTable,
  DBCoreTableSchema,
  DBCoreTransaction,
  Middleware,
  ObservabilitySet,
  Transaction,
} from 'dexie';
import { cmp, Dexie, RangeSet } from 'dexie';
import { cursorOver } from './block-cursor.ts';
import { equalRange, isAnyRange, isEqualRange } from './key-ranges.ts';
import { forgetBlocks, knownBlock, noteBlocks } from './known-blocks.ts';
import {
  blockedTables,
  blockOf,
  entriesIn,
  isBlocked,
  newBlocks,
  type Block,
  type BlockedRecord,
  type Entry,
  type RecordIndex,
} from './blocks.ts';

/** An index of the block rows, by name (the DBCore's own schema may predate it during an upgrade). */
const rowIndex = (name: string): DBCoreIndex => ({
  name,
  keyPath: name,
  multiEntry: true,
  extractKey: (value: Record<string, unknown>) => value[name],
});

/** The tables' schema as the app sees it: records by `_id`, with the record indexes of blocks.ts. */
function recordSchema(name: string, rows: DBCoreTableSchema): DBCoreTableSchema {
  const indexes: DBCoreIndex[] = blockedTables[name]!.map(({ keyPath, multiEntry }) => ({
    name: keyPath,
    keyPath,
    multiEntry,
    extractKey: (value: Record<string, unknown>) => value[keyPath],
  }));
  return {
    name,
    primaryKey: rows.primaryKey,
    indexes,
    getIndexByKeyPath: (keyPath) =>
      keyPath === rows.primaryKey.keyPath ? rows.primaryKey : indexes.find((index) => index.keyPath === keyPath),
  };
}

const answered = (results: string[]): DBCoreMutateResponse => ({
  numFailures: 0,
  failures: {},
  results,
  lastResult: results.at(-1),
});

/**
 * Dexie's observation notes a write of 50 rows or more as its whole table, a smaller one key by key,
 * and sends the set to every context with the database open, where each live query merges it into
 * its own. Counted in block rows, a sync page's 100 records were 10 rows noted with every key of their
 * indexes, and merging those sets took the screen's thread 0.5-1.8 s a page: the threshold counts
 * records here.
 */
const wholeTableWrite = 50;

function wholeTable(rows: DBCoreTable, trans: DBCoreTransaction): ObservabilitySet {
  const parts = ['', ':dels', ...rows.schema.indexes.map((index) => index.name ?? '')];
  const dbName = (trans as IDBTransaction).db.name;
  return Object.fromEntries(
    parts.map((part) => [`idb://${dbName}/${rows.name}/${part}`, new RangeSet(-Infinity, [[]])]),
  );
}

/** The table's records over its block rows, once the version that stores blocks has made them. */
function recordTable(rows: DBCoreTable, name: string): DBCoreTable {
  const ids = rowIndex('ids');
  const indexOf = (index: DBCoreIndex): RecordIndex | null =>
    index.isPrimaryKey ? null : blockedTables[name]!.find((candidate) => candidate.keyPath === index.name)!;
  /** A read a lowest-only index (blocks.ts) cannot answer is refused, not answered wrong. */
  const refusal = (index: DBCoreIndex, range: DBCoreKeyRange, limit: number, keysOnly = false) =>
    indexOf(index)?.lowestOnly &&
    (keysOnly || Number.isFinite(limit) || (!isAnyRange(range) && range.lower !== undefined))
      ? Dexie.Promise.reject(
          new Dexie.InvalidArgumentError(`${name}.${index.name} answers only whole ranges open below`),
        )
      : null;
  const hasBlocks = (trans: DBCoreTransaction) =>
    (trans as IDBTransaction).objectStore(name).indexNames.contains('ids');

  // Every step chains on Dexie's own promises (`then`, `Dexie.Promise.all`): Dexie's zone, which the
  // transaction's hooks and the live queries' observation read, does not survive a native promise.
  const blockWith = (trans: DBCoreTransaction, id: string): Promise<Block | undefined> => {
    const known = knownBlock(trans, name, id);
    if (known) return Dexie.Promise.resolve(known);
    return rows
      .query({ trans, values: true, limit: 1, query: { index: ids, range: equalRange(id) } })
      .then(({ result }) => {
        const block = result[0] as Block | undefined;
        if (block) noteBlocks(trans, name, [block]);
        return block;
      });
  };

  const blocksWith = (trans: DBCoreTransaction, keys: string[]): Promise<(Block | undefined)[]> =>
    Dexie.Promise.all(keys.map((key) => blockWith(trans, key)));

  /**
   * The blocks holding records in the range. Without a limit each block is read once (its keys first),
   * where a multi-entry index would give a block once per key of its records.
   */
  function blocksIn(
    trans: DBCoreTransaction,
    index: DBCoreIndex,
    range: DBCoreKeyRange,
    limit: number,
    reverse: boolean,
  ) {
    const source = index.isPrimaryKey ? ids : rowIndex(index.name!);
    const noted = (blocks: Block[]) => {
      noteBlocks(trans, name, blocks);
      return blocks;
    };
    // A row is in an index once per distinct key: one key's rows come once each.
    if (Number.isFinite(limit) || isEqualRange(range)) {
      const direction = reverse ? 'prev' : 'next';
      return rows
        .query({ trans, values: true, limit, direction, query: { index: source, range } })
        .then(({ result }) => noted(result as Block[]));
    }
    if (isAnyRange(range)) {
      return rows
        .query({ trans, values: true, query: { index: rows.schema.primaryKey, range } })
        .then(({ result }) => noted(result as Block[]));
    }
    return rows
      .query({ trans, values: false, query: { index: source, range } })
      .then(({ result: keys }) => rows.getMany({ trans, keys: [...new Set(keys)] }))
      .then((blocks) => noted(blocks as Block[]));
  }

  /** The entries in the range, in order, `limit` at most: the blocks of the last key read whole (ties). */
  function entries(
    trans: DBCoreTransaction,
    index: DBCoreIndex,
    range: DBCoreKeyRange,
    limit = Infinity,
    reverse = false,
  ): Promise<Entry[]> {
    const recordIndex = indexOf(index);
    const refused = refusal(index, range, limit);
    if (refused) return refused;
    return blocksIn(trans, index, range, limit, reverse).then((blocks) => {
      const found = entriesIn(blocks, recordIndex, range, reverse);
      if (found.length < limit) return found;
      const last = found[limit - 1]!.key;
      return blocksIn(trans, index, equalRange(last), Infinity, reverse).then((tiedBlocks) => {
        const tied = entriesIn(tiedBlocks, recordIndex, equalRange(last), reverse);
        return [
          ...found.slice(
            0,
            found.findIndex((entry) => cmp(entry.key, last) === 0),
          ),
          ...tied,
        ].slice(0, limit);
      });
    });
  }

  const onceEach = (found: Entry[]) =>
    found.filter((entry, at) => at === 0 || cmp(entry.key, found[at - 1]!.key) !== 0);

  function query(req: DBCoreQueryRequest) {
    const reverse = req.direction?.startsWith('prev') ?? false;
    return entries(req.trans, req.query.index, req.query.range, req.limit, reverse).then((found) => ({
      result: (req.direction?.endsWith('unique') ? onceEach(found) : found).map((entry) =>
        req.values ? entry.record : entry.record._id,
      ),
    }));
  }

  /** Writes blocks for a write of `records` records, noted for live queries as Dexie would note the records. */
  function writeBlocks(trans: DBCoreTransaction, put: Block[], deleted: string[], records: number) {
    const noted = () => (records >= wholeTableWrite ? { mutatedParts: wholeTable(rows, trans) } : {});
    return Dexie.Promise.all([
      put.length > 0 ? rows.mutate({ type: 'put', trans, values: put, ...noted() }) : null,
      deleted.length > 0 ? rows.mutate({ type: 'delete', trans, keys: deleted, ...noted() }) : null,
    ]).then((answers) => {
      const failed = answers.find((answer) => answer && answer.numFailures > 0);
      if (failed) throw Object.values(failed.failures)[0]!;
    });
  }

  /**
   * Puts records: each in its block, read-modify-write; records new to the device (`add`) in new
   * blocks. A record named twice is stored once, with its last value, as IndexedDB would.
   */
  function put(trans: DBCoreTransaction, values: BlockedRecord[], areNew: boolean) {
    const latest = [...new Map(values.map((value) => [value._id, value])).values()];
    const lookups = areNew
      ? Dexie.Promise.resolve([])
      : blocksWith(
          trans,
          latest.map((value) => value._id),
        );
    return lookups.then((found: (Block | undefined)[]) => {
      const blocks = new Map<string, Block>();
      const fresh: BlockedRecord[] = [];
      latest.forEach((value, at) => {
        const stored = found[at];
        if (!stored) return fresh.push(value);
        const block = blocks.get(stored._id) ?? stored;
        blocks.set(block._id, {
          ...block,
          records: block.records.map((record) => (record._id === value._id ? value : record)),
        });
      });
      const written = [
        ...[...blocks.values()].map((block) => blockOf(name, block.records, block._id)),
        ...newBlocks(name, fresh),
      ];
      return writeBlocks(trans, written, [], latest.length).then(() => {
        noteBlocks(trans, name, written);
        return answered(values.map((value) => value._id));
      });
    });
  }

  function remove(trans: DBCoreTransaction, keys: string[]) {
    const wanted = new Set(keys);
    return blocksWith(trans, [...wanted]).then((found) => {
      const blocks = new Map(found.flatMap((block) => (block ? [[block._id, block] as const] : [])));
      const kept = [...blocks.values()].map((block) =>
        blockOf(
          name,
          block.records.filter((record) => !wanted.has(record._id)),
          block._id,
        ),
      );
      const [left, empty] = [
        kept.filter((block) => block.records.length > 0),
        kept.filter((block) => block.records.length === 0),
      ];
      return writeBlocks(
        trans,
        left,
        empty.map((block) => block._id),
        wanted.size,
      ).then(() => {
        noteBlocks(trans, name, left, [...wanted]);
        return answered([]);
      });
    });
  }

  function mutate(req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
    if (req.type === 'add' || req.type === 'put')
      return put(req.trans, req.values as BlockedRecord[], req.type === 'add');
    if (req.type === 'delete') return remove(req.trans, req.keys as string[]);
    if (isAnyRange(req.range)) {
      forgetBlocks(req.trans, name);
      return rows.mutate(req);
    }
    return entries(req.trans, rows.schema.primaryKey, req.range).then((inRange) =>
      remove(
        req.trans,
        inRange.map((entry) => entry.record._id),
      ),
    );
  }

  const recordIn = (block: Block | undefined, id: string) => block?.records.find((record) => record._id === id);

  return {
    name,
    schema: recordSchema(name, rows.schema),
    mutate: (req) => (hasBlocks(req.trans) ? mutate(req) : rows.mutate(req)),
    get: (req) => {
      const id = req.key as string;
      return hasBlocks(req.trans) ? blockWith(req.trans, id).then((block) => recordIn(block, id)) : rows.get(req);
    },
    getMany: (req) =>
      hasBlocks(req.trans)
        ? blocksWith(req.trans, req.keys as string[]).then((blocks) =>
            (req.keys as string[]).map((key, at) => recordIn(blocks[at], key)),
          )
        : rows.getMany(req),
    query: (req) => (hasBlocks(req.trans) ? query(req) : rows.query(req)),
    count: (req) => {
      if (!hasBlocks(req.trans)) return rows.count(req);
      if (req.query.index.isPrimaryKey) return rows.count({ ...req, query: { index: ids, range: req.query.range } });
      return entries(req.trans, req.query.index, req.query.range).then((found) => found.length);
    },
    openCursor: (req) => {
      if (!hasBlocks(req.trans)) return rows.openCursor(req);
      const { index, range } = req.query;
      // Keys alone, once each (`uniqueKeys`): the rows' own index holds them, no block is read.
      if (req.unique && !req.values && !index.isPrimaryKey) {
        return (
          refusal(index, range, Infinity, true) ??
          rows.openCursor({ ...req, query: { index: rowIndex(index.name!), range } })
        );
      }
      return entries(req.trans, index, range, Infinity, req.reverse).then((found) =>
        cursorOver(req.trans, req.unique ? onceEach(found) : found, req.reverse ?? false),
      );
    },
  };
}

/**
 * Shows the blocked tables' rows as records (blocks.ts). Below the lists' middleware (postings.ts),
 * which sees records; above Dexie's observation, which sees the rows, so live queries follow both.
 */
export const recordBlocksMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'record-blocks',
  level: 5,
  create: (down: DBCore) => ({
    ...down,
    table: (name: string) => (isBlocked(name) ? recordTable(down.table(name), name) : down.table(name)),
  }),
};

const answer = <T>(request: IDBRequest<T>) =>
  new Dexie.Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * The version that stores blocks: the records stored one a row become blocks of adjacent creation
 * time, read and written on the object stores themselves (the middleware would take them for blocks).
 */
export async function storeInBlocks(tx: Transaction): Promise<void> {
  const trans = (tx as Transaction & { idbtrans: IDBTransaction }).idbtrans;
  for (const name of Object.keys(blockedTables)) {
    const store = trans.objectStore(name);
    const records = await answer(store.getAll() as IDBRequest<BlockedRecord[]>);
    await answer(store.clear());
    const blocks = newBlocks(name, records);
    await Dexie.Promise.all(blocks.map((block) => answer(store.put(block))));
  }
}
