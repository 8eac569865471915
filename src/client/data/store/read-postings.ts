import { Dexie, type Table } from 'dexie';
import { joinRuns, type PostingKey } from './postings.ts';

export type Postings = Table<Float64Array, PostingKey>;

/** The runs of one token, or of every token in [from, to]. */
export type TokenRange = { token: string } | { from: string; to: string };

function keyRange(table: string, range: TokenRange): [PostingKey | unknown[], unknown[]] {
  return 'token' in range
    ? [
        [table, range.token, Dexie.minKey],
        [table, range.token, Dexie.maxKey],
      ]
    : [
        [table, range.from],
        [table, range.to, Dexie.maxKey],
      ];
}

/** The slots listed in the range, ascending, one per listed record (a shared slot repeats). */
export async function slotsIn(postings: Postings, table: string, range: TokenRange): Promise<Float64Array> {
  const [lower, upper] = keyRange(table, range);
  return joinRuns(await postings.where(':id').between(lower, upper, true, true).toArray());
}

/** How many records are listed under the token: a count from the lists' lengths alone. */
export async function countListed(postings: Postings, table: string, token: string): Promise<number> {
  const [lower, upper] = keyRange(table, { token });
  const lists = await postings.where(':id').between(lower, upper, true, true).toArray();
  return lists.reduce((sum, list) => sum + list.length, 0);
}

/** The distinct slots of a sorted list. */
export function distinct(slots: Float64Array): Float64Array {
  return slots.filter((slot, index) => index === 0 || slots[index - 1] !== slot);
}

/** The slots in both sorted, distinct lists. */
export function intersect(a: Float64Array, b: Float64Array): Float64Array {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i += 1;
    else if (a[i]! > b[j]!) j += 1;
    else {
      both.push(a[i]!);
      i += 1;
      j += 1;
    }
  }
  return Float64Array.from(both);
}

/** The slots that more than one record shares (in a sorted list of every record's slot). */
export function sharedSlots(all: Float64Array): Set<number> {
  const shared = new Set<number>();
  for (let index = 1; index < all.length; index += 1) {
    if (all[index] === all[index - 1]) shared.add(all[index]!);
  }
  return shared;
}
