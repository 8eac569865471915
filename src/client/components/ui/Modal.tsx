import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button.tsx';
import { useDialogFocus } from './use-dialog-focus.ts';

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' } as const;

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons at the bottom, outside the scrolling body. */
  footer?: ReactNode;
  size?: keyof typeof widths;
}

/**
 * A modal dialog: Escape and the close button call `onClose`, Tab stays inside, focus returns to where it
 * was. Not a native <dialog>: the top layer would hide toasts raised while it is open. The top of the
 * screen stays free for those toasts (styles.css moves them up into it), so none covers the title.
 */
export function Modal({ open, onClose, title, children, footer, size = 'md' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const keepTabInside = useDialogFocus(open, panel, onClose);

  if (!open) return null;
  return createPortal(
    <div
      data-modal
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink-900/60 pt-30 sm:items-center dark:bg-black/70 sm:px-4 sm:pb-4"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={keepTabInside}
        className={`flex max-h-full w-full flex-col rounded-t-2xl bg-surface shadow-xl outline-none dark:ring-1 dark:ring-slate-300 sm:rounded-2xl ${widths[size]}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 py-1 pr-1 pl-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close">
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <div data-dialog-start className="overflow-y-auto px-5 py-4">
          {children}
        </div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
