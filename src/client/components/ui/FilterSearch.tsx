import { SearchInput } from './SearchInput.tsx';

interface FilterSearchProps<F extends { search: string }> {
  /** The filter bar's filters and their setter; this box sets `search`. */
  filters: F;
  onChange: (filters: F) => void;
  /** The accessible name ('Search tickets'). */
  label: string;
  placeholder: string;
  className?: string;
}

/** The search box of a filter bar. */
export function FilterSearch<F extends { search: string }>({
  filters,
  onChange,
  label,
  placeholder,
  className,
}: FilterSearchProps<F>) {
  return (
    <SearchInput
      aria-label={label}
      placeholder={placeholder}
      value={filters.search}
      onChange={(event) => onChange({ ...filters, search: event.target.value })}
      className={className}
    />
  );
}
