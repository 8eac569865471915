import { Search } from 'lucide-react';
import { priorities, ticketStatuses, type Priority, type TicketStatus } from '../../../shared/enums.ts';
import { Input, Select } from '../../components/ui/Field.tsx';
import type { TicketFilters } from './ticket-list.ts';

interface TicketFilterBarProps {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}

export function TicketFilterBar({ filters, onChange }: TicketFilterBarProps) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_12rem_12rem] sm:p-4">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search tickets"
          placeholder="Search tickets..."
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          className="pl-10"
        />
      </div>
      <Select
        aria-label="Status"
        placeholder="All Status"
        options={ticketStatuses}
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as TicketStatus | '' })}
      />
      <Select
        aria-label="Priority"
        placeholder="All Priority"
        options={priorities}
        value={filters.priority}
        onChange={(event) => onChange({ ...filters, priority: event.target.value as Priority | '' })}
      />
    </div>
  );
}
