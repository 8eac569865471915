import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { machineDepartments, machineStatuses } from '#shared/enums.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field } from '#client/components/ui/Field.tsx';
import { FilterSearch } from '#client/components/ui/FilterSearch.tsx';
import { FilterSelect } from '#client/components/ui/FilterSelect.tsx';
import { distinctValues, extraFilterCount, type LocalMachine, type MachineFilters } from './machine-list.ts';

const moreFilters = [
  ['location', 'Location', 'All Locations'],
  ['manufacturer', 'Manufacturer', 'All Manufacturers'],
] as const;

interface MachineFilterBarProps {
  filters: MachineFilters;
  onChange: (filters: MachineFilters) => void;
  /** Every machine on this device: the 'More Filters' options come from them. */
  machines: readonly LocalMachine[];
}

export function MachineFilterBar({ filters, onChange, machines }: MachineFilterBarProps) {
  const [showMore, setShowMore] = useState(false);
  const moreId = useId();
  const extra = extraFilterCount(filters);
  const bar = { filters, onChange };

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-surface p-3 sm:p-4">
      {/* Wraps instead of squeezing: the search keeps at least 16rem. */}
      <div className="flex flex-wrap gap-3">
        <FilterSearch
          {...bar}
          label="Search machines"
          placeholder="Search machines..."
          className="min-w-0 flex-[1_1_16rem]"
        />
        <FilterSelect
          {...bar}
          field="department"
          label="Department"
          all="All Departments"
          options={machineDepartments}
          className="min-w-0 flex-[1_1_9rem] sm:flex-[0_1_12rem]"
        />
        <FilterSelect
          {...bar}
          field="status"
          label="Status"
          all="All Status"
          options={machineStatuses}
          className="min-w-0 flex-[1_1_9rem] sm:flex-[0_1_12rem]"
        />
        <Button
          variant="secondary"
          aria-expanded={showMore}
          aria-controls={showMore ? moreId : undefined}
          onClick={() => setShowMore((shown) => !shown)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" /> More Filters
          {extra > 0 && (
            <span className="rounded-full bg-brand-600 px-2 text-xs text-white">
              {extra}
              <span className="sr-only"> set</span>
            </span>
          )}
        </Button>
      </div>
      {showMore && (
        <div id={moreId} className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
          {moreFilters.map(([field, label, placeholder]) => (
            <Field key={field} label={label}>
              <FilterSelect {...bar} field={field} all={placeholder} options={distinctValues(machines, field)} />
            </Field>
          ))}
        </div>
      )}
    </div>
  );
}
