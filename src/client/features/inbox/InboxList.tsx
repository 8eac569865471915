import { inboxHeadings } from '#shared/inbox.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import type { InboxItem } from './inbox-entries.ts';

const shownAtMost = 50;

/** The entries, newest first; an unread one is marked by a dot and bold heading. */
export function InboxList({ items, onOpen }: { items: InboxItem[]; onOpen: (item: InboxItem) => void }) {
  if (items.length === 0) return <p className="px-4 py-6 text-center text-sm text-slate-500">Nothing new.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.slice(0, shownAtMost).map((item) => (
        <li key={item.key}>
          <button
            type="button"
            data-unread={item.unread || undefined}
            onClick={() => onOpen(item)}
            className="flex min-h-11 w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2 shrink-0 rounded-full ${item.unread ? 'bg-brand-600' : 'bg-transparent'}`}
            />
            <span className="min-w-0 flex-1">
              <span className={`block text-sm ${item.unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
                {inboxHeadings[item.kind]}
                {item.unread && <span className="sr-only"> (unread)</span>}
              </span>
              <span className="block truncate text-sm text-slate-700">{item.title}</span>
              {item.detail && <span className="block truncate text-xs text-slate-500">{item.detail}</span>}
              <span className="block text-xs text-slate-500">
                {item.by ? `${item.by.name} · ` : ''}
                {formatDateTime(item.at)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
