import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { priorities, scheduleStatuses } from '#shared/enums.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { FilterSelect } from '#client/components/ui/FilterSelect.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { useUsers } from '#client/data/session/use-users.ts';
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
  const bar = { filters, onChange };

  // A filter that is out of sight does not filter.
  function toggleMore() {
    if (showMore && filters.priority) onChange({ ...filters, priority: '' });
    setShowMore(!showMore);
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-surface p-3 sm:p-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_auto]">
        <FilterSelect {...bar} field="status" label="Status" all="All Status" options={scheduleStatuses} />
        <FilterSelect
          {...bar}
          field="machine"
          label="Machine"
          all="All Machines"
          options={machines.map((machine) => ({ value: machine._id, label: machine.name }))}
        />
        <FilterSelect
          {...bar}
          field="assignee"
          label="Assignee"
          all="All Assignees"
          options={users.map((user) => ({ value: user._id, label: user.name }))}
        />
        <Button variant="secondary" aria-expanded={showMore} aria-controls={moreId} onClick={toggleMore}>
          <SlidersHorizontal aria-hidden="true" className="size-4" /> More Filters
        </Button>
      </div>
      <div id={moreId} hidden={!showMore} className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_auto]">
        <FilterSelect {...bar} field="priority" label="Priority" all="All Priority" options={priorities} />
      </div>
    </div>
  );
}
