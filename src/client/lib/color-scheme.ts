import { useSyncExternalStore } from 'react';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the device asks for the dark theme, followed as it changes. For what CSS cannot colour,
 * such as the charts' SVG attributes; everything else follows the custom properties of styles.css.
 */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(darkQuery).matches,
    () => false,
  );
}
