import { Dexie, type Collection } from 'dexie';

/**
 * The ids of a filter range in list order, kept between searches: reading 50,000 keys costs a few
 * hundred milliseconds in Chromium, and typing a search reads the same range again and again. Any
 * write to the database, in this tab or another, drops them (Dexie reports both as storagemutated,
 * to this listener before the live queries that re-run because of it).
 */
let generation = 0;
Dexie.on('storagemutated', () => {
  generation += 1;
});

const kept = new Map<string, { generation: number; total: number; ids: string[] }>();
/** A handful of filter ranges at most (50,000 ids take a few megabytes). */
const keptRanges = 4;

/**
 * The primary keys of `range` (an index range ending in createdAt) newest first. A kept list is
 * checked against the range's count, which is also what makes a live query follow the range.
 */
export async function orderedIds<T, I>(key: string, range: () => Collection<T, string, I>): Promise<string[]> {
  const start = generation;
  const total = await range().count();
  const entry = kept.get(key);
  if (entry?.generation === start && entry.total === total) return entry.ids;
  const ids = (await range().primaryKeys()).reverse();
  kept.delete(key);
  if (kept.size >= keptRanges) kept.delete(kept.keys().next().value!);
  kept.set(key, { generation: start, total: ids.length, ids });
  return ids;
}
