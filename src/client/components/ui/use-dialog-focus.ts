import { useEffect, useEffectEvent, useId, type KeyboardEvent, type RefObject } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: Escape closes only the top one. */
const openDialogs: string[] = [];

/**
 * What a modal layer needs while open: Escape calls `onClose`, the page behind does not scroll, focus moves
 * into the panel (its first control inside `[data-dialog-start]`, else the panel) and goes back to where it
 * was on close. Returns the keydown handler that keeps Tab inside the panel.
 */
export function useDialogFocus(open: boolean, panel: RefObject<HTMLElement | null>, onClose: () => void) {
  const id = useId();
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(id);
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && openDialogs.at(-1) === id) {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const root = panel.current;
    if (root && !root.contains(document.activeElement)) {
      const start = root.querySelector<HTMLElement>('[data-dialog-start]') ?? root;
      (start.querySelector<HTMLElement>(focusable) ?? root).focus();
    }
    return () => {
      openDialogs.splice(openDialogs.indexOf(id), 1);
      document.removeEventListener('keydown', onKeyDown);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open, id, panel]);

  return (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
