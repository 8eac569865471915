import { replaceEqualDeep } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';
import { countedRead } from './screen-reads.ts';

/**
 * A live query's answers: the first renders at once, later ones (a write elsewhere, such as a sync's
 * page) render as transitions, which a keystroke or a click interrupts instead of waiting behind. A
 * later answer keeps the objects of the last one that it equals (records are read anew each time), so
 * an unchanged answer draws nothing and a list draws again only the rows that changed.
 */
function laterAnswersAsTransitions<T>(querier: () => Promise<T>): InteropableObservable<T> {
  const answers = liveQuery(async () => await countedRead(querier));
  return {
    subscribe(onNext, onError) {
      let last: { answer: T } | null = null;
      return answers.subscribe({
        next: (fresh) => {
          if (!last) {
            last = { answer: fresh };
            return void onNext(fresh);
          }
          const answer = replaceEqualDeep(last.answer, fresh);
          if (answer === last.answer) return;
          last = { answer };
          startTransition(() => void onNext(answer));
        },
        error: onError,
      });
    },
    getValue: answers.getValue?.bind(answers),
    hasValue: answers.hasValue?.bind(answers),
  };
}

/**
 * Dexie's live query for the screens, its runs counted (screen-reads.ts) so that a first sync gives
 * every screen its turn between pages.
 */
export function useLiveQuery<T>(querier: () => Promise<T>, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, D>(querier: () => Promise<T>, deps: unknown[], defaultResult: D): T | D;
export function useLiveQuery<T, D>(querier: () => Promise<T>, deps: unknown[] = [], defaultResult?: D) {
  return useObservable(() => laterAnswersAsTransitions(querier), deps, defaultResult);
}
