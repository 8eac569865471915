import { useEffect, useRef } from 'react';

/**
 * Keeps `--top-bar-actions` on the document at the width the top bar's right-hand controls take,
 * so toasts (see main.tsx) sit in the top bar just left of them and cover no control.
 */
export function useToastClearance<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const fromRight = window.innerWidth - element.getBoundingClientRect().left;
      root.setProperty('--top-bar-actions', `${Math.ceil(fromRight) + 8}px`);
    });
    observer.observe(element);
    observer.observe(document.documentElement);
    return () => {
      observer.disconnect();
      root.removeProperty('--top-bar-actions');
    };
  }, []);
  return ref;
}
