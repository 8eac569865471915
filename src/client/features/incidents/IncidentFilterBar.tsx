import { incidentStatuses, incidentTypes, severities } from '../../../shared/enums.ts';
import { FilterSearch } from '../../components/ui/FilterSearch.tsx';
import { FilterSelect } from '../../components/ui/FilterSelect.tsx';
import type { IncidentFilters } from './incident-list.ts';

interface IncidentFilterBarProps {
  filters: IncidentFilters;
  onChange: (filters: IncidentFilters) => void;
}

export function IncidentFilterBar({ filters, onChange }: IncidentFilterBarProps) {
  const bar = { filters, onChange };
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-surface p-3 sm:grid-cols-3 sm:p-4 lg:grid-cols-[1fr_11rem_11rem_12rem]">
      <FilterSearch
        {...bar}
        label="Search incidents"
        placeholder="Search incidents..."
        className="col-span-2 sm:col-span-3 lg:col-span-1"
      />
      <FilterSelect {...bar} field="type" label="Type" all="All Types" options={incidentTypes} />
      <FilterSelect {...bar} field="severity" label="Severity" all="All Severities" options={severities} />
      {/* On a phone the status takes a row of its own, under type and severity. */}
      <FilterSelect
        {...bar}
        field="status"
        label="Status"
        all="All Status"
        options={incidentStatuses}
        className="col-span-2 sm:col-span-1"
      />
    </div>
  );
}
