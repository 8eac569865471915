import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A callback that keeps its identity across renders and always runs the latest `callback`: a prop of
 * memoised rows, which a new function at every render would draw again.
 */
export function useStableCallback<A extends unknown[], T>(callback: (...args: A) => T): (...args: A) => T {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
