import type { ReactNode } from 'react';

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

export function RecentRow({ title, detail, badge }: { title: string; detail: string; badge: ReactNode }) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{title}</p>
        <p className="truncate text-sm text-slate-500">{detail}</p>
      </div>
      <div className="shrink-0">{badge}</div>
    </div>
  );
}
