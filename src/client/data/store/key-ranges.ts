import { cmp, type DBCoreKeyRange } from 'dexie';

// Dexie's key ranges (DBCoreKeyRange), made and read by the store's middlewares. DBCoreRangeType is a
// const enum, which isolated modules cannot read.
const never = 0;
const equal = 1;
const between = 2;
const any = 3;

export const equalRange = (key: unknown): DBCoreKeyRange => ({ type: equal, lower: key, upper: key });
export const isEqualRange = (range: DBCoreKeyRange): boolean => (range.type as number) === equal;
export const keyRange = (lower: unknown, upper: unknown): DBCoreKeyRange => ({ type: between, lower, upper });
export const isAnyRange = (range: DBCoreKeyRange): boolean => (range.type as number) === any;

export function inRange(key: unknown, range: DBCoreKeyRange): boolean {
  if ((range.type as number) === never) return false;
  if ((range.type as number) === any) return true;
  if (range.lower !== undefined) {
    const below = cmp(key, range.lower);
    if (below < 0 || (below === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const above = cmp(key, range.upper);
    if (above > 0 || (above === 0 && range.upperOpen)) return false;
  }
  return true;
}
