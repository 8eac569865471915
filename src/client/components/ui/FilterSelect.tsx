import { Select, type SelectOption } from './Field.tsx';

/** The fields of a filters object that hold text (every option filter does). */
type TextField<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

interface FilterSelectProps<F, K extends TextField<F>> {
  /** The filter bar's filters and their setter; this select sets `field`. */
  filters: F;
  onChange: (filters: F) => void;
  field: K;
  /** The accessible name; left out inside a Field, whose label names the select. */
  label?: string;
  /** The first option, which filters nothing ('All Status'). */
  all: string;
  /** Exactly the values the field takes, with their labels where those differ. */
  options: readonly SelectOption[];
  className?: string;
}

/** One option filter of a filter bar: 'All …' and the options; choosing one sets that field of the filters. */
export function FilterSelect<F, K extends TextField<F>>({
  filters,
  onChange,
  field,
  label,
  all,
  options,
  className,
}: FilterSelectProps<F, K>) {
  return (
    <Select
      aria-label={label}
      placeholder={all}
      options={options}
      value={filters[field] as string}
      onChange={(event) => onChange({ ...filters, [field]: event.target.value })}
      className={className}
    />
  );
}
