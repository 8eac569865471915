import { useState, type ReactNode } from 'react';
import { ShowMore } from './ShowMore.tsx';

/** Rows a dashboard list shows at first, and how many more each "Show more" adds. */
const firstRows = 5;
const moreRows = 10;

interface WorkListProps<T> {
  items: readonly T[];
  /** "actions" in "Showing 5 of 82 actions". */
  noun: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}

/**
 * A "My …" list of the dashboard: the first few rows, the rest a button away. A person with years of
 * work can own dozens, and the dashboard draws its lists again whenever the records change.
 */
export function WorkList<T>({ items, noun, keyOf, children }: WorkListProps<T>) {
  const [shown, setShown] = useState(firstRows);
  return (
    <>
      <ul className="-my-2 divide-y divide-slate-100">
        {items.slice(0, shown).map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      <ShowMore
        shown={Math.min(shown, items.length)}
        total={items.length}
        noun={noun}
        onMore={() => setShown((count) => count + moreRows)}
      />
    </>
  );
}
