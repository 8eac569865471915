import { useNavigate } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { localDb } from '#client/data/store/db.ts';
import { markRead } from '#client/data/sync/inbox-store.ts';
import { syncEngine } from '#client/data/sync/sync-engine.ts';
import { entryLink } from './entry-link.ts';
import { InboxList } from './InboxList.tsx';
import type { InboxItem } from './inbox-entries.ts';
import { useInbox } from './use-inbox.ts';

async function read(entries: InboxItem[]) {
  await markRead(localDb, entries, new Date());
  void syncEngine.sendReadMarks();
}

/** Closes the panel on Escape and on a press outside it. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onPress = (event: PointerEvent) => !ref.current?.contains(event.target as Node) && close();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open, close]);
  return ref;
}

/** The bell: the unread count, and the inbox under it (src/docs/inbox.md). */
export function InboxButton({ user }: { user: User }) {
  const items = useInbox(user._id);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useDismiss(open, () => setOpen(false));
  const navigate = useNavigate();
  const unread = items.filter((item) => item.unread);
  const label = unread.length > 0 ? `Notifications, ${unread.length} unread` : 'Notifications';

  const openItem = (item: InboxItem) => {
    setOpen(false);
    void read([item]);
    void navigate(entryLink(item, user.role));
  };

  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread.length > 0 && (
          <span
            data-testid="unread-count"
            className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {unread.length > 99 ? '99+' : unread.length}
          </span>
        )}
      </Button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Inbox"
          className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-surface shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-1 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <Button variant="ghost" disabled={unread.length === 0} onClick={() => void read(unread)}>
              Mark all read
            </Button>
          </div>
          <InboxList items={items} onOpen={openItem} />
        </div>
      )}
    </div>
  );
}
