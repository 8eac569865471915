import { useEffect, useRef, useState } from 'react';
import { SearchInput } from './SearchInput.tsx';

/** Typing pauses this long before the list is searched, so a word typed is one query, not one per letter. */
const searchDelayMs = 150;

interface FilterSearchProps<F extends { search: string }> {
  /** The filter bar's filters and their setter; this box sets `search`. */
  filters: F;
  onChange: (filters: F) => void;
  /** The accessible name ('Search tickets'). */
  label: string;
  placeholder: string;
  className?: string;
}

/** The search box of a filter bar: shows each key at once, sets the filter once typing pauses. */
export function FilterSearch<F extends { search: string }>({
  filters,
  onChange,
  label,
  placeholder,
  className,
}: FilterSearchProps<F>) {
  const [text, setText] = useState(filters.search);
  const [sent, setSent] = useState(filters.search);
  const [shown, setShown] = useState(filters.search);
  // A search set elsewhere (filters cleared) replaces what the box holds; the box's own does not.
  if (filters.search !== shown) {
    setShown(filters.search);
    if (filters.search !== sent) setText(filters.search);
  }
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => {
    if (text === latest.current.filters.search) return;
    const timer = setTimeout(() => {
      setSent(text);
      latest.current.onChange({ ...latest.current.filters, search: text });
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <SearchInput
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className={className}
    />
  );
}
