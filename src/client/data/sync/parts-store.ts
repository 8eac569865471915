import { partPage, type Part } from '#shared/schemas/part.ts';
import { createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { refreshRecord } from '#client/data/store/local-records.ts';

/** The most parts a page of the list carries. */
const pageLimit = 500;

/**
 * The catalogue as listed becomes this device's, the stock moves made here kept on top; a stored part
 * the server no longer lists leaves, unless a move of this device waits on it.
 */
export async function storeParts(db: LocalDatabase, listed: Part[]): Promise<void> {
  await db.transaction('rw', [db.parts, db.outbox], async () => {
    for (const copy of listed) await refreshRecord(db, 'part', copy._id, copy);
    const ids = new Set(listed.map((copy) => copy._id));
    await db.parts.filter((row) => row._pending === 0 && !ids.has(row._id)).delete();
  });
}

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
