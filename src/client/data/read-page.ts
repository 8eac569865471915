import type { EntityTable } from 'dexie';

/** Spec section 9: lists show 10 per page. */
export const listPageSize = 10;

export interface ListPage<T> {
  records: T[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/**
 * One page of the records on this device that match, newest first (createdAt descending, as the
 * server's list calls order). A page past the end (the filters just narrowed the list) shows the last page.
 */
export async function readPage<T extends { _id: string; createdAt: string }>(
  table: EntityTable<T, '_id'>,
  matches: (record: T) => boolean,
  page: number,
  size = listPageSize,
): Promise<ListPage<T>> {
  const matching = () => table.orderBy('createdAt').reverse().filter(matches);
  const total = await matching().count();
  const totalPages = Math.max(1, Math.ceil(total / size));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const records = await matching()
    .offset((currentPage - 1) * size)
    .limit(size)
    .toArray();
  return { records, currentPage, totalPages, total };
}
