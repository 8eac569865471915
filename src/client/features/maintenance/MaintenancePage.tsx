import { CalendarDays, CalendarPlus, List, Plus } from 'lucide-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { ExportButton } from '#client/components/ui/ExportButton.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { modalNavigation } from '#client/lib/url-search.ts';
import { useIsFirstPull } from '#client/data/sync/use-sync.ts';
import { scheduleColumns } from '#shared/export-columns.ts';
import { MaintenanceCalendar } from './MaintenanceCalendar.tsx';
import { ScheduleDetailModal } from './ScheduleDetailModal.tsx';
import { ScheduleFilterBar } from './ScheduleFilterBar.tsx';
import { ScheduleFormModal } from './ScheduleFormModal.tsx';
import { ScheduleList } from './ScheduleList.tsx';
import { monthOf } from './calendar-month.ts';
import { calendarItems } from './planned-occurrences.ts';
import {
  filterSchedules,
  noScheduleFilters,
  shownStatus,
  type LocalSchedule,
  type ScheduleFilters,
} from './schedule-list.ts';
import { useSchedule, useSchedules } from './use-schedules.ts';

type View = 'calendar' | 'list';

const noSchedules: LocalSchedule[] = [];

const route = getRouteApi('/_app/maintenance');

/** Which modal is open lives in the URL (`?new=1`, `?schedule=<id>`, `?edit=<id>`), so links can open them. */
function useMaintenanceModals() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: typeof search) => void navigate({ search: next, ...modalNavigation });
  return {
    isCreating: search.new === 1,
    scheduleId: search.schedule ?? null,
    editId: search.edit ?? null,
    openCreate: () => show({ new: 1 }),
    openSchedule: (id: string) => show({ schedule: id }),
    openEdit: (id: string) => show({ edit: id }),
    close: () => show({}),
  };
}

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const option = (value: View, label: string, Icon: typeof List) => (
    <Button
      variant={view === value ? 'primary' : 'secondary'}
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className="rounded-none first:rounded-l-lg last:rounded-r-lg"
    >
      <Icon aria-hidden="true" className="size-4" /> {label}
    </Button>
  );
  return (
    <div role="group" aria-label="View" className="flex">
      {option('calendar', 'Calendar', CalendarDays)}
      {option('list', 'List', List)}
    </div>
  );
}

export function MaintenancePage() {
  const modals = useMaintenanceModals();
  // The calendar first: planning a month of preventive work is what the screen is for.
  const [view, setView] = useState<View>('calendar');
  const [filters, setFilters] = useState<ScheduleFilters>(noScheduleFilters);
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const schedules = useSchedules();
  const editing = useSchedule(modals.editId);
  const isFirstPull = useIsFirstPull();
  const shown = useMemo(() => schedules && filterSchedules(schedules, filters), [schedules, filters]);
  const onCalendar = useMemo(() => calendarItems(shown ?? noSchedules), [shown]);

  const scheduleButton = (
    <Button onClick={modals.openCreate}>
      <Plus aria-hidden="true" className="size-5" /> Schedule Maintenance
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Preventive Maintenance"
        subtitle="Schedule and track maintenance activities"
        actions={
          <>
            <ViewToggle view={view} onChange={setView} />
            <ExportButton
              noun="maintenance items"
              what="maintenance"
              query={filters}
              columns={scheduleColumns}
              // As the list shows them: Overdue once the date has passed.
              local={() => Promise.resolve((shown ?? []).map((item) => ({ ...item, status: shownStatus(item) })))}
            />
            {scheduleButton}
          </>
        }
      />
      <div className="space-y-4">
        <ScheduleFilterBar filters={filters} onChange={setFilters} />
        {view === 'calendar' ? (
          <MaintenanceCalendar
            schedules={onCalendar}
            month={month}
            onMonthChange={setMonth}
            onOpen={(schedule) => modals.openSchedule(schedule.plannedFrom ?? schedule._id)}
          />
        ) : shown === undefined || (schedules?.length === 0 && isFirstPull) ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading maintenance schedules..." showLabel />
          </div>
        ) : shown.length === 0 ? (
          <EmptyState
            icon={CalendarPlus}
            title="No maintenance scheduled"
            description="Get started by scheduling preventive maintenance."
            action={scheduleButton}
          />
        ) : (
          <ScheduleList
            schedules={shown}
            onOpen={(schedule) => modals.openSchedule(schedule._id)}
            onEdit={(schedule) => modals.openEdit(schedule._id)}
          />
        )}
      </div>
      {modals.isCreating && <ScheduleFormModal onClose={modals.close} />}
      {editing && <ScheduleFormModal key={editing._id} schedule={editing} onClose={modals.close} />}
      <ScheduleDetailModal scheduleId={modals.scheduleId} onClose={modals.close} onEdit={modals.openEdit} />
    </>
  );
}
