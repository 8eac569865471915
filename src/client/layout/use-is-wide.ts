import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`: from here the sidebar stands beside the screen, below it is a slide-over. */
const wide = window.matchMedia('(min-width: 64rem)');

const subscribe = (onChange: () => void) => {
  wide.addEventListener('change', onChange);
  return () => wide.removeEventListener('change', onChange);
};

/**
 * Whether the screen is wide enough for the standing sidebar: the layout draws the sidebar once, as
 * the one or the other, where CSS alone would draw both and hide one (each with every screen's link).
 */
export const useIsWide = (): boolean => useSyncExternalStore(subscribe, () => wide.matches);
