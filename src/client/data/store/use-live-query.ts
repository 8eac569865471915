import { useLiveQuery as useDexieLiveQuery } from 'dexie-react-hooks';
import { countedRead } from './screen-reads.ts';

/**
 * Dexie's live query for the screens, its runs counted (screen-reads.ts) so that a first sync gives
 * every screen its turn between pages.
 */
export function useLiveQuery<T>(querier: () => Promise<T>, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, D>(querier: () => Promise<T>, deps: unknown[], defaultResult: D): T | D;
export function useLiveQuery<T, D>(querier: () => Promise<T>, deps: unknown[] = [], defaultResult?: D) {
  return useDexieLiveQuery(async () => await countedRead(querier), deps, defaultResult);
}
