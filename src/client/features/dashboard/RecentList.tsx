import type { ReactNode } from 'react';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';

interface RecentListProps<T> {
  items: T[] | undefined;
  empty: string;
  children: (item: T) => ReactNode;
}

/** Rows of a 'recent' panel; `children` renders one `<li>`. */
export function RecentList<T>({ items, empty, children }: RecentListProps<T>) {
  if (items?.length === 0) return <p className="py-4 text-center text-sm text-slate-500">{empty}</p>;
  return <ul className="-my-2 divide-y divide-slate-100">{items?.map(children)}</ul>;
}

interface RecentRowProps {
  title: string;
  detail: string;
  /** Outbox entries touching the record: shows the Pending sync mark. */
  pending: number;
  badge: ReactNode;
}

export function RecentRow({ title, detail, pending, badge }: RecentRowProps) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{title}</p>
        <p className="truncate text-sm text-slate-500">{detail}</p>
      </div>
      <span className="flex shrink-0 items-center gap-2">
        <PendingMark count={pending} />
        {badge}
      </span>
    </div>
  );
}

/** A recent row opens its record's details on its screen. */
export const recentLinkClass = '-mx-2 block rounded-lg px-2 hover:bg-slate-50';
