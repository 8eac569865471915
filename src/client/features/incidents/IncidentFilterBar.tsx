import { incidentStatuses, incidentTypes, severities } from '../../../shared/enums.ts';
import { Select } from '../../components/ui/Field.tsx';
import { SearchInput } from '../../components/ui/SearchInput.tsx';
import type { IncidentFilters } from './incident-list.ts';

type Choice = Exclude<keyof IncidentFilters, 'search'>;

/** The three option filters: their accessible name, 'all' text and options (spec section 2). */
const choices: { key: Choice; label: string; all: string; options: readonly string[]; className?: string }[] = [
  { key: 'type', label: 'Type', all: 'All Types', options: incidentTypes },
  { key: 'severity', label: 'Severity', all: 'All Severities', options: severities },
  // On a phone the status takes a row of its own, under type and severity.
  {
    key: 'status',
    label: 'Status',
    all: 'All Status',
    options: incidentStatuses,
    className: 'col-span-2 sm:col-span-1',
  },
];

interface IncidentFilterBarProps {
  filters: IncidentFilters;
  onChange: (filters: IncidentFilters) => void;
}

export function IncidentFilterBar({ filters, onChange }: IncidentFilterBarProps) {
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-3 sm:p-4 lg:grid-cols-[1fr_11rem_11rem_12rem]">
      <SearchInput
        aria-label="Search incidents"
        placeholder="Search incidents..."
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
        className="col-span-2 sm:col-span-3 lg:col-span-1"
      />
      {choices.map(({ key, label, all, options, className }) => (
        <Select
          key={key}
          className={className}
          aria-label={label}
          placeholder={all}
          options={options}
          value={filters[key]}
          // The options are exactly the values the filter takes.
          onChange={(event) => onChange({ ...filters, [key]: event.target.value as IncidentFilters[Choice] })}
        />
      ))}
    </div>
  );
}
