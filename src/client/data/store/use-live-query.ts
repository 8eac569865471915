import { liveQuery } from 'dexie';
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';
import { countedRead } from './screen-reads.ts';

/**
 * A live query's answers: the first renders at once, later ones (a write elsewhere, such as a sync's
 * page) render as transitions, which a keystroke or a click interrupts instead of waiting behind.
 */
function laterAnswersAsTransitions<T>(querier: () => Promise<T>): InteropableObservable<T> {
  const answers = liveQuery(async () => await countedRead(querier));
  return {
    subscribe(onNext, onError) {
      let answered = false;
      return answers.subscribe({
        next: (answer) => {
          const render = () => void onNext(answer);
          if (answered) startTransition(render);
          else render();
          answered = true;
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
