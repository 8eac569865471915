import type { Table } from 'dexie';
import { matchesAll, queryWords } from '#shared/search-words.ts';
import type { LocalDatabase } from './db.ts';
import {
  countListed,
  distinct,
  intersect,
  sharedSlots,
  slotsIn,
  type Postings,
  type TokenRange,
} from './read-postings.ts';
import {
  allToken,
  filterToken,
  filtersOf,
  letterToken,
  numberSlotSeparator,
  recordWordsOf,
  slotOf,
  type ListedTable,
} from './record-tokens.ts';

/** Spec section 9: lists show 10 per page. */
export const listPageSize = 10;

export interface ListPage<T> {
  records: T[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/** The filters that are set, as [field, value]. */
export type SetFilters = readonly (readonly [field: string, value: string])[];

export interface ListQuery {
  filters: SetFilters;
  search: string;
}

type Keyed = { _id: string; createdAt: string };

/** The most digits a record number has (the server pads them to six). */
const numberDigitsAtMost = 12;

/**
 * The prefixes of the numbers' digits as stored ('000042') that digits typed match: themselves, and,
 * when they do not start with a zero, after each count of leading zeros a number can have ('42',
 * '042', '0042'...), as the server finds '42' in 'TKT-000042' (numberWords).
 */
const storedNumberPrefixes = (digits: string): string[] =>
  digits.startsWith('0')
    ? [digits]
    : Array.from({ length: Math.max(1, numberDigitsAtMost - digits.length + 1) }, (_, zeros) =>
        '0'.repeat(zeros).concat(digits),
      );

/**
 * The slots of the records with a record number in digits that starts with `digits`, sorted: read
 * from the `_numbers` index, whose keys carry the slot (record-tokens.ts). A record is counted once
 * (rows stored before kept the unpadded digits as well).
 */
async function numberSlots<T, I>(table: Table<T, string, I>, digits: string): Promise<Float64Array> {
  const keys = await Promise.all(
    storedNumberPrefixes(digits).map((prefix) => table.where('_numbers').startsWith(prefix).uniqueKeys()),
  );
  const slots = new Set(keys.flat().map((key) => Number(String(key).split(numberSlotSeparator)[1])));
  return Float64Array.from(slots).sort();
}

/**
 * The slots each part of a query lists: a filter's list; a search word's prefix range (a letter's
 * list), and for digits the records whose number starts with them.
 */
function listsOf<T, I>(postings: Postings, table: Table<T, string, I>, name: ListedTable, query: ListQuery) {
  const filters = query.filters.map(([field, value]) => slotsIn(postings, name, { token: filterToken(field, value) }));
  const words = queryWords(query.search).map(async (word) => {
    const range: TokenRange =
      [...word].length === 1 ? { token: letterToken(word) } : { from: word, to: `${word}\uffff` };
    if (!/^\d+$/.test(word)) return slotsIn(postings, name, range);
    const [listed, numbered] = await Promise.all([slotsIn(postings, name, range), numberSlots(table, word)]);
    const both = new Float64Array(listed.length + numbered.length);
    both.set(listed);
    both.set(numbered, listed.length);
    return both.sort();
  });
  return [...filters, ...words];
}

const manySlots = 2_000;

const newestFirst = (a: Keyed, b: Keyed) => (a._id < b._id ? 1 : -1);

/** What a page reads of the records themselves: those of a few slots, and whether one matches. */
function recordReader<T extends Keyed, I>(table: Table<T, string, I>, name: ListedTable, query: ListQuery) {
  const words = queryWords(query.search);
  return {
    matches(record: T): boolean {
      const values = new Map(filtersOf(name, record));
      return (
        query.filters.every(([field, value]) => values.get(field) === value) &&
        matchesAll(recordWordsOf(name, record), words)
      );
    },

    /** The records created in these slots, by slot (`everySlot`: every record's, sorted and distinct). */
    async recordsAt(slots: readonly number[], everySlot: Float64Array): Promise<Map<number, T[]>> {
      const wanted = new Set(slots);
      const iso = (slot: number) => new Date(slot).toISOString();
      // An export's thousands of slots: one read of the table beats a key lookup each.
      // Else a run's records: one read each (an `anyOf` would walk the rows between runs).
      const found =
        slots.length > manySlots
          ? await table.toArray()
          : (
              await Promise.all(
                runsOf(slots, everySlot).map(([first, last]) =>
                  table.where('createdAt').between(iso(first), iso(last), true, true).toArray(),
                ),
              )
            ).flat();
      const bySlot = new Map<number, T[]>();
      for (const record of found) {
        const slot = slotOf(record);
        if (wanted.has(slot)) bySlot.set(slot, [...(bySlot.get(slot) ?? []), record]);
      }
      return bySlot;
    },
  };
}

/** Where a slot is in a sorted list of distinct slots. */
function indexIn(slots: Float64Array, slot: number): number {
  let [low, high] = [0, slots.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (slots[middle]! < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The slots as runs of slots that follow each other in the table (no record created between them),
 * [first, last]: a run is one read of a range, which reads each block of its records once, where a
 * read a slot would read a block once for each of its records on the page (blocks.ts).
 */
function runsOf(slots: readonly number[], everySlot: Float64Array): [number, number][] {
  const runs: [number, number][] = [];
  let previous = Number.NaN;
  for (const slot of [...slots].sort((a, b) => a - b)) {
    const at = indexIn(everySlot, slot);
    const run = runs.at(-1);
    if (run && at === previous + 1) run[1] = slot;
    else runs.push([slot, slot]);
    previous = at;
  }
  return runs;
}

type RecordReader<T extends Keyed> = ReturnType<typeof recordReader<T, unknown>>;

/** The distinct slots in every list (every record's when there are none), and the slots records share. */
function intersected(everyRecord: Float64Array, lists: Float64Array[]) {
  const everySlot = distinct(everyRecord);
  // Rarest list first, so each intersection walks fewer slots.
  const [rarest, ...others] = lists.map(distinct).sort((a, b) => a.length - b.length);
  const found = rarest ? others.reduce(intersect, rarest) : everySlot;
  return { everySlot, found, shared: sharedSlots(everyRecord) };
}

/**
 * The slots of the matching records, newest first, with the matching records of each slot that
 * several records share (read and checked here: the lists say which slots hold a word, not which
 * of a slot's records does).
 */
async function matching<T extends Keyed>(
  query: RecordReader<T>,
  all: Promise<Float64Array>,
  parts: Promise<Float64Array>[],
) {
  const [everyRecord, ...lists] = await Promise.all([all, ...parts]);
  const { everySlot, found, shared } = intersected(everyRecord, lists);
  const sharedFound = found.filter((slot) => shared.has(slot));
  const records = await query.recordsAt([...sharedFound], everySlot);
  const sharedRecords = new Map(
    [...sharedFound].map((slot) => [
      slot,
      (records.get(slot) ?? []).filter((record) => query.matches(record)).sort(newestFirst),
    ]),
  );
  return { slots: found.toReversed(), sharedRecords, everySlot };
}

/**
 * One page of the records on this device that match, newest first (createdAt descending, ties by
 * id descending, as the server's list calls order). Reads the lists of the filters, the search words
 * and every record (postings.ts), intersects them in memory and reads only the page's records. A page
 * past the end (the filters just narrowed the list) shows the last page.
 */
export async function readPage<T extends Keyed, I>(
  db: LocalDatabase,
  table: Table<T, string, I>,
  query: ListQuery,
  page: number,
  size = listPageSize,
): Promise<ListPage<T>> {
  const name = table.name as ListedTable;
  const reader = recordReader(table, name, query);
  const all = slotsIn(db.postings, name, { token: allToken });
  const { slots, sharedRecords, everySlot } = await matching(reader, all, listsOf(db.postings, table, name, query));
  const countAt = (slot: number) => sharedRecords.get(slot)?.length ?? 1;
  const total = slots.reduce((sum, slot) => sum + countAt(slot), 0);
  const totalPages = Math.max(1, Math.ceil(total / size));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const [start, end] = [(currentPage - 1) * size, currentPage * size];
  const pageSlots: number[] = [];
  let skipped = 0;
  for (let index = 0, position = 0; index < slots.length && position < end; index += 1) {
    const slot = slots[index]!;
    if (position + countAt(slot) > start) pageSlots.push(slot);
    else skipped += countAt(slot);
    position += countAt(slot);
  }
  const records = await reader.recordsAt(
    pageSlots.filter((slot) => !sharedRecords.has(slot)),
    everySlot,
  );
  const ordered = pageSlots.flatMap((slot) => sharedRecords.get(slot) ?? records.get(slot) ?? []);
  return { records: ordered.slice(start - skipped, end - skipped), currentPage, totalPages, total };
}

/**
 * How many records match the query with each of `counters`' filter added to its own: a list's
 * counters. The query's lists are read and intersected once, and each counter's list with them;
 * records are read only for slots that several records share, to tell which of them match.
 */
export async function countEach<T extends Keyed, I, K extends string>(
  db: LocalDatabase,
  table: Table<T, string, I>,
  query: ListQuery,
  counters: Record<K, readonly [field: string, value: string]>,
): Promise<Record<K, number>> {
  const name = table.name as ListedTable;
  const filters = Object.entries(counters) as [K, readonly [string, string]][];
  const counterList = ([field, value]: readonly [string, string]) =>
    slotsIn(db.postings, name, { token: filterToken(field, value) }).then(distinct);
  const [everyRecord, counterLists, ...lists] = await Promise.all([
    slotsIn(db.postings, name, { token: allToken }),
    Promise.all(filters.map(([, filter]) => counterList(filter))),
    ...listsOf(db.postings, table, name, query),
  ]);
  const { everySlot, found, shared } = intersected(everyRecord, lists);
  const counted = counterLists.map((list) => intersect(found, list));
  const sharedCounted = new Set(counted.flatMap((slots) => [...slots].filter((slot) => shared.has(slot))));
  const records = await recordReader(table, name, query).recordsAt([...sharedCounted], everySlot);
  const counts = filters.map(([key, filter], index) => {
    const { matches } = recordReader(table, name, { ...query, filters: [...query.filters, filter] });
    const countAt = (slot: number) =>
      shared.has(slot) ? (records.get(slot) ?? []).filter((record) => matches(record)).length : 1;
    return [key, counted[index]!.reduce((sum, slot) => sum + countAt(slot), 0)] as const;
  });
  return Object.fromEntries(counts) as Record<K, number>;
}

// The most records IndexedDB reads at once (its count is an unsigned long).
const everything = 2 ** 32 - 1;

/** Every record on this device that matches, in list order (an export made offline). */
export async function readAll<T extends Keyed, I>(
  db: LocalDatabase,
  table: Table<T, string, I>,
  query: ListQuery,
): Promise<T[]> {
  return (await readPage(db, table, query, 1, everything)).records;
}

/** How many records have this value in a filter field. */
export const countWith = (db: LocalDatabase, name: ListedTable, field: string, value: string): Promise<number> =>
  countListed(db.postings, name, filterToken(field, value));
