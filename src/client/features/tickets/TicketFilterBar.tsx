import { priorities, ticketStatuses } from '../../../shared/enums.ts';
import { FilterSearch } from '../../components/ui/FilterSearch.tsx';
import { FilterSelect } from '../../components/ui/FilterSelect.tsx';
import type { TicketFilters } from './ticket-list.ts';

interface TicketFilterBarProps {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}

export function TicketFilterBar({ filters, onChange }: TicketFilterBarProps) {
  const bar = { filters, onChange };
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-surface p-3 sm:grid-cols-[1fr_12rem_12rem] sm:p-4">
      <FilterSearch {...bar} label="Search tickets" placeholder="Search tickets..." />
      <FilterSelect {...bar} field="status" label="Status" all="All Status" options={ticketStatuses} />
      <FilterSelect {...bar} field="priority" label="Priority" all="All Priority" options={priorities} />
    </div>
  );
}
