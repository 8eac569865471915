import { Dexie, type Table } from 'dexie';
import { queryWords } from '../../shared/search-words.ts';

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

type Keyed = { _id: string };

/** The records that pass the filters, on the index that ends in createdAt, oldest first. */
function filtered<T extends Keyed, I>(table: Table<T, string, I>, filters: SetFilters) {
  if (filters.length === 0) return table.orderBy('createdAt');
  const values = filters.map(([, value]) => value);
  return table
    .where(`[${filters.map(([field]) => field).join('+')}+createdAt]`)
    .between([...values, Dexie.minKey], [...values, Dexie.maxKey], true, true);
}

/** The ids of the records having a word that starts with each query word (keys only). */
async function idsWithWords<T extends Keyed, I>(table: Table<T, string, I>, words: string[]): Promise<Set<string>> {
  let ids: Set<string> | null = null;
  for (const word of words) {
    const found: string[] = await table.where('_words').startsWith(word).primaryKeys();
    ids = new Set(ids ? found.filter((id) => ids!.has(id)) : found);
    if (ids.size === 0) break;
  }
  return ids ?? new Set();
}

const pageOf = (total: number, page: number, size: number) =>
  Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / size)));

/**
 * One page of the records on this device that match, newest first (createdAt descending, ties by
 * id descending, as the server's list calls order). Reads only index keys and the page's records:
 * without a search, one key range of the index that fits the filters (offset and limit on it, its
 * count); with one, the ids from the `_words` index, in the order of that key range. A page past the
 * end (the filters just narrowed the list) shows the last page.
 */
export async function readPage<T extends Keyed, I>(
  table: Table<T, string, I>,
  { filters, search }: ListQuery,
  page: number,
  size = listPageSize,
): Promise<ListPage<T>> {
  const words = queryWords(search);
  if (words.length === 0) {
    const total = await filtered(table, filters).count();
    const currentPage = pageOf(total, page, size);
    const records = await filtered(table, filters)
      .reverse()
      .offset((currentPage - 1) * size)
      .limit(size)
      .toArray();
    return { records, currentPage, totalPages: Math.max(1, Math.ceil(total / size)), total };
  }
  const [found, ordered] = await Promise.all([idsWithWords(table, words), filtered(table, filters).primaryKeys()]);
  const matching = ordered.reverse().filter((id) => found.has(id));
  const total = matching.length;
  const currentPage = pageOf(total, page, size);
  const ids = matching.slice((currentPage - 1) * size, currentPage * size);
  const records = (await table.bulkGet(ids)).filter((record) => record !== undefined);
  return { records, currentPage, totalPages: Math.max(1, Math.ceil(total / size)), total };
}
