import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { priorities, scheduleStatuses, type Priority, type ScheduleStatus } from '../../../shared/enums.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Field.tsx';
import { useMachineChoices } from '../machines/use-machine-choices.ts';
import { useUsers } from '../users/use-users.ts';
import type { ScheduleFilters } from './schedule-list.ts';

interface ScheduleFilterBarProps {
  filters: ScheduleFilters;
  onChange: (filters: ScheduleFilters) => void;
}

/** Status, machine and assignee; 'More Filters' shows a second row (priority). */
export function ScheduleFilterBar({ filters, onChange }: ScheduleFilterBarProps) {
  const machines = useMachineChoices() ?? [];
  const users = useUsers() ?? [];
  const moreId = useId();
  const [showMore, setShowMore] = useState(filters.priority !== '');
  const set = <K extends keyof ScheduleFilters>(field: K, value: ScheduleFilters[K]) =>
    onChange({ ...filters, [field]: value });

  // A filter that is out of sight does not filter.
  function toggleMore() {
    if (showMore && filters.priority) set('priority', '');
    setShowMore(!showMore);
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_auto]">
        <Select
          aria-label="Status"
          placeholder="All Status"
          options={scheduleStatuses}
          value={filters.status}
          onChange={(event) => set('status', event.target.value as ScheduleStatus | '')}
        />
        <Select
          aria-label="Machine"
          placeholder="All Machines"
          options={machines.map((machine) => ({ value: machine._id, label: machine.name }))}
          value={filters.machine}
          onChange={(event) => set('machine', event.target.value)}
        />
        <Select
          aria-label="Assignee"
          placeholder="All Assignees"
          options={users.map((user) => ({ value: user._id, label: user.name }))}
          value={filters.assignee}
          onChange={(event) => set('assignee', event.target.value)}
        />
        <Button variant="secondary" aria-expanded={showMore} aria-controls={moreId} onClick={toggleMore}>
          <SlidersHorizontal aria-hidden="true" className="size-4" /> More Filters
        </Button>
      </div>
      <div id={moreId} hidden={!showMore} className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_auto]">
        <Select
          aria-label="Priority"
          placeholder="All Priority"
          options={priorities}
          value={filters.priority}
          onChange={(event) => set('priority', event.target.value as Priority | '')}
        />
      </div>
    </div>
  );
}
