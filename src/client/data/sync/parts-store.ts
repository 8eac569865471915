import { partPage, type Part } from '#shared/schemas/part.ts';
import { createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { storeWholeList } from './whole-list.ts';

/** The most parts a page of the list carries. */
const pageLimit = 500;

/** The catalogue as listed becomes this device's, the stock moves made here kept on top (whole-list.ts). */
export const storeParts = (db: LocalDatabase, listed: Part[]): Promise<void> => storeWholeList(db, 'part', listed);

/** Reads the whole catalogue after a pull (parts are not in the change feed), page by page. */
export async function pullParts(db: LocalDatabase, transport: Transport): Promise<void> {
  const api = createApi(transport);
  const listed: Part[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get('parts', { searchParams: { page, limit: pageLimit } }).json(partPage);
    listed.push(...answer.parts);
    if (page >= answer.totalPages) break;
  }
  await storeParts(db, listed);
}
