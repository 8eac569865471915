import { useEffect, useRef } from 'react';

/**
 * The element around the toasts, which holds `--top-bar-actions`: a variable set on the document
 * restyled every element of the screen each time the top bar's controls changed width (a long task on
 * a tablet with a full list, several times during a first sync as the sync pill's count grows).
 */
export const toastAreaId = 'toast-area';

/**
 * Keeps `--top-bar-actions` at the width the top bar's right-hand controls take, so toasts (app.tsx)
 * sit in the top bar just left of them and cover no control.
 */
export function useToastClearance<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const area = () => document.getElementById(toastAreaId)?.style;
    const observer = new ResizeObserver(() => {
      const fromRight = window.innerWidth - element.getBoundingClientRect().left;
      area()?.setProperty('--top-bar-actions', `${Math.ceil(fromRight) + 8}px`);
    });
    observer.observe(element);
    observer.observe(document.documentElement);
    return () => {
      observer.disconnect();
      area()?.removeProperty('--top-bar-actions');
    };
  }, []);
  return ref;
}
