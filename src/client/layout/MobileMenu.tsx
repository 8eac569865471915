import { X } from 'lucide-react';
import { useRef } from 'react';
import type { Role } from '#shared/enums.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useDialogFocus } from '#client/components/ui/use-dialog-focus.ts';
import { Sidebar } from './Sidebar.tsx';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  role: Role;
}

/** The sidebar as a slide-over on screens narrower than 1024px. */
export function MobileMenu({ open, onClose, role }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const keepTabInside = useDialogFocus(open, panel, onClose);
  return (
    <div className={`fixed inset-0 z-40 lg:hidden ${open ? '' : 'pointer-events-none'}`} inert={!open}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 bg-ink-900/60 transition-opacity dark:bg-black/70 duration-200 ${open ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        onKeyDown={keepTabInside}
        className={`absolute inset-y-0 left-0 w-72 max-w-[85vw] shadow-xl outline-none transition-transform duration-200 ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <Sidebar role={role} onNavigate={onClose} />
        <Button
          variant="ghost"
          size="icon"
          onClick={onClose}
          aria-label="Close menu"
          className="absolute top-2.5 right-2 text-ink-300 hover:bg-ink-800 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
