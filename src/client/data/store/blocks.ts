import { cmp, type DBCoreKeyRange } from 'dexie';
import { inRange } from './key-ranges.ts';
import { newId } from '#shared/ids.ts';

/**
 * The big tables (tickets, incidents) store their records in blocks: one IndexedDB row holds a few
 * records of adjacent creation time, with every key its records' indexes hold. IndexedDB's cost is
 * per row and per index entry, so a first sync stores a page in a tenth of the rows
 * (src/docs/offline-sync.md). record-blocks.ts shows the blocks to the rest of the app as records.
 */

export type BlockedRecord = Record<string, unknown> & { _id: string };

export interface Block {
  _id: string;
  records: BlockedRecord[];
  /** The records' ids: the `ids` index finds a record's block. */
  ids: string[];
  [keyPath: string]: unknown;
}

/** How many records a sync's new records are grouped by. */
export const blockSize = 10;

export interface RecordIndex {
  keyPath: string;
  multiEntry: boolean;
  /**
   * The block row keeps only its records' lowest key (`<` in the declaration): one index entry a block,
   * not one a record, and still every block with a record below a key. Such an index answers only
   * that: whole ranges open below (the working set's pruning by `updatedAt`).
   */
  lowestOnly: boolean;
}

const indexes = (...specs: string[]): RecordIndex[] =>
  specs.map((spec) => ({
    keyPath: spec.replace(/^[*<]/, ''),
    multiEntry: spec.startsWith('*'),
    lowestOnly: spec.startsWith('<'),
  }));

/** The record indexes each blocked table offers, as Dexie declares them (`<`: the block's lowest key). */
export const blockedTables: Record<string, RecordIndex[]> = {
  tickets: indexes('createdAt', '<updatedAt', '*_numbers'),
  incidents: indexes('createdAt', '<updatedAt', '*_numbers', '*_owners', '*_awaiting'),
};

export const isBlocked = (name: string): boolean => name in blockedTables;

/** The block rows' store declaration: every record index becomes a multi-entry index of the blocks. */
export const blockStore = (name: string): string =>
  ['_id', '*ids', ...blockedTables[name]!.map((index) => `*${index.keyPath}`)].join(', ');

const isKey = (key: unknown): boolean =>
  typeof key === 'string' || (typeof key === 'number' && !Number.isNaN(key)) || key instanceof Date;

/** A record's keys in an index (null: its id), as IndexedDB would index the record alone. */
export function keysOf(record: BlockedRecord, index: RecordIndex | null): unknown[] {
  if (!index) return [record._id];
  const value = record[index.keyPath];
  return (index.multiEntry && Array.isArray(value) ? value : [value]).filter(isKey);
}

/** A block of these records of the table, its index keys derived from them. */
export function blockOf(table: string, records: BlockedRecord[], _id: string = newId()): Block {
  const block: Block = { _id, records, ids: records.map((record) => record._id) };
  for (const index of blockedTables[table]!) {
    const keys = [...new Set(records.flatMap((record) => keysOf(record, index)))];
    block[index.keyPath] = index.lowestOnly ? keys.sort(cmp).slice(0, 1) : keys;
  }
  return block;
}

/** New records in blocks of `blockSize`, by creation time. */
export function newBlocks(table: string, records: BlockedRecord[]): Block[] {
  const sorted = [...records].sort((a, b) => cmp(a.createdAt, b.createdAt));
  const blocks: Block[] = [];
  for (let at = 0; at < sorted.length; at += blockSize) blocks.push(blockOf(table, sorted.slice(at, at + blockSize)));
  return blocks;
}

/** A record found by an index key, as an index entry: its key and the record. */
export interface Entry {
  key: unknown;
  record: BlockedRecord;
}

/** The entries of the blocks' records in the range, in index order (key, then id), each record once per key. */
export function entriesIn(blocks: Block[], index: RecordIndex | null, range: DBCoreKeyRange, reverse = false): Entry[] {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const block of blocks) {
    if (seen.has(block._id)) continue;
    seen.add(block._id);
    for (const record of block.records) {
      for (const key of keysOf(record, index)) if (inRange(key, range)) entries.push({ key, record });
    }
  }
  entries.sort((a, b) => cmp(a.key, b.key) || cmp(a.record._id, b.record._id));
  return reverse ? entries.reverse() : entries;
}
