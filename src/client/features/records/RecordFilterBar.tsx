import { FilterSearch } from '#client/components/ui/FilterSearch.tsx';
import { FilterSelect } from '#client/components/ui/FilterSelect.tsx';
import type { ListFilters, OptionFilter } from './record-kind.ts';

interface RecordFilterBarProps<F extends ListFilters> {
  filters: F;
  onChange: (filters: F) => void;
  searchLabel: string;
  options: readonly OptionFilter<F>[];
}

/**
 * The search box and the option filters. They wrap instead of squeezing: the search keeps at least
 * 16rem and takes a row of its own when the selects would leave it less.
 */
export function RecordFilterBar<F extends ListFilters>({
  filters,
  onChange,
  searchLabel,
  options,
}: RecordFilterBarProps<F>) {
  const bar = { filters, onChange };
  return (
    <div className="flex flex-wrap gap-3 rounded-xl border border-slate-200 bg-surface p-3 sm:p-4">
      <FilterSearch
        {...bar}
        label={searchLabel}
        placeholder={`${searchLabel}...`}
        className="min-w-0 flex-[1_1_16rem]"
      />
      {options.map((option) => (
        <FilterSelect
          key={option.field}
          {...bar}
          field={option.field as never}
          label={option.label}
          all={option.all}
          options={option.options}
          className="min-w-0 flex-[1_1_9rem] sm:flex-[0_1_12rem]"
        />
      ))}
    </div>
  );
}
