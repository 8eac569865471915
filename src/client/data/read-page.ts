import { Dexie, type Table } from 'dexie';
import { matchesAll, queryWords } from '../../shared/search-words.ts';
import { orderedIds } from './ordered-ids.ts';
import { storedWords } from './search-index.ts';

/** Spec section 9: lists show 10 per page. */
export const listPageSize = 10;

export interface ListPage<T> {
  records: T[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/** The filters that are set, as [field, value], in the field order of the table's compound indexes. */
export type SetFilters = readonly (readonly [field: string, value: string])[];

export interface ListQuery {
  filters: SetFilters;
  search: string;
}

type Keyed = { _id: string; createdAt: string };

/** The records that pass the filters, on the index that ends in createdAt, oldest first. */
function filtered<T extends Keyed, I>(table: Table<T, string, I>, filters: SetFilters) {
  if (filters.length === 0) return table.orderBy('createdAt');
  const values = filters.map(([, value]) => value);
  return table
    .where(`[${filters.map(([field]) => field).join('+')}+createdAt]`)
    .between([...values, Dexie.minKey], [...values, Dexie.maxKey], true, true);
}

/** Up to this many found records are read and sorted here, cheaper than the range's ordered keys. */
const fewFound = 100;

/**
 * The ids of the records having a word that starts with each query word (keys only), rarest word
 * first. Once they are few, the words not yet looked up (`unchecked`) are left to the records.
 */
async function idsWithWords<T extends Keyed, I>(table: Table<T, string, I>, words: string[]) {
  const range = (word: string) => table.where('_words').startsWith(word);
  // One word (a first keystroke, the common case) needs no order: its range is read once, not counted first.
  const counts = words.length === 1 ? [0] : await Promise.all(words.map((word) => range(word).count()));
  const rarestFirst = words.map((word, index) => ({ word, count: counts[index]! })).sort((a, b) => a.count - b.count);
  let ids: Set<string> | null = null;
  for (const [index, { word }] of rarestFirst.entries()) {
    if (ids && ids.size <= fewFound) {
      return { ids, unchecked: rarestFirst.slice(index).map((entry) => entry.word) };
    }
    const found: string[] = await range(word).primaryKeys();
    ids = new Set(ids ? found.filter((id) => ids!.has(id)) : found);
  }
  return { ids: ids ?? new Set<string>(), unchecked: [] };
}

const newestFirst = (a: Keyed, b: Keyed) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

function pageOf<T>(matching: readonly T[], page: number, size: number) {
  const total = matching.length;
  const totalPages = Math.max(1, Math.ceil(total / size));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  return { total, totalPages, currentPage, slice: matching.slice((currentPage - 1) * size, currentPage * size) };
}

/** The page of the records found by the search words, in list order, that pass the filters. */
async function searchPage<T extends Keyed, I>(
  table: Table<T, string, I>,
  { filters, search }: ListQuery,
  page: number,
  size: number,
): Promise<ListPage<T>> {
  const { ids: found, unchecked } = await idsWithWords(table, queryWords(search));
  if (found.size <= fewFound) {
    const records = (await table.bulkGet([...found])).filter(
      (record): record is T =>
        record !== undefined &&
        filters.every(([field, value]) => (record as Record<string, unknown>)[field] === value) &&
        matchesAll(storedWords(record), unchecked),
    );
    const { slice, ...info } = pageOf(records.sort(newestFirst), page, size);
    return { records: slice, ...info };
  }
  const ordered = await orderedIds(`${table.db.name}/${table.name}/${JSON.stringify(filters)}`, () =>
    filtered(table, filters),
  );
  const { slice, ...info } = pageOf(
    ordered.filter((id) => found.has(id)),
    page,
    size,
  );
  const records = (await table.bulkGet(slice)).filter((record) => record !== undefined);
  return { records, ...info };
}

/**
 * One page of the records on this device that match, newest first (createdAt descending, ties by
 * id descending, as the server's list calls order). Reads only index keys and the page's records:
 * without a search, one key range of the index that fits the filters (offset and limit on it, its
 * count); with one, the ids of the `_words` prefix ranges, put in list order by reading the few
 * found records or else by that key range's ids. A page past the end (the filters just narrowed the
 * list) shows the last page.
 */
export async function readPage<T extends Keyed, I>(
  table: Table<T, string, I>,
  query: ListQuery,
  page: number,
  size = listPageSize,
): Promise<ListPage<T>> {
  if (queryWords(query.search).length > 0) return searchPage(table, query, page, size);
  const pageAt = (at: number) =>
    filtered(table, query.filters)
      .reverse()
      .offset((at - 1) * size)
      .limit(size)
      .toArray();
  // The page is read beside the count rather than after it; only a page past the end is read again.
  const wanted = Math.max(1, page);
  const [total, records] = await Promise.all([filtered(table, query.filters).count(), pageAt(wanted)]);
  const totalPages = Math.max(1, Math.ceil(total / size));
  const currentPage = Math.min(wanted, totalPages);
  return { records: currentPage === wanted ? records : await pageAt(currentPage), currentPage, totalPages, total };
}

// The most records IndexedDB reads at once (its count is an unsigned long).
const everything = 2 ** 32 - 1;

/** Every record on this device that matches, in list order (an export made offline). */
export async function readAll<T extends Keyed, I>(table: Table<T, string, I>, query: ListQuery): Promise<T[]> {
  return (await readPage(table, query, 1, everything)).records;
}
