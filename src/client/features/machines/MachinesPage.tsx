import { Factory, Gauge, Plus, QrCode } from 'lucide-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Role } from '#shared/enums.ts';
import { can } from '#shared/permissions.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { ShowMore } from '#client/components/ui/ShowMore.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { modalNavigation } from '#client/lib/url-search.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useIsFirstPull } from '#client/data/sync/use-sync.ts';
import { MachineCard } from './MachineCard.tsx';
import { MachineDetailModal } from './MachineDetailModal.tsx';
import { MachineFilterBar } from './MachineFilterBar.tsx';
import { MachineFormModal } from './MachineFormModal.tsx';
import { downFirst, filterMachines, noMachineFilters, type MachineFilters } from './machine-list.ts';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { useMachine } from './use-machines.ts';
import { useLocksByMachine } from '#client/features/permits/use-permits.ts';

const route = getRouteApi('/_app/machines');

/**
 * Cards drawn at first and per 'Show more': a plant's hundreds of machines would take the tablet
 * longer to draw than the 150 ms a screen may take to open (src/client/README.md).
 */
const cardsPerStep = 48;

/**
 * Which modal is open lives in the URL (`?new=1`, `?machine=<id>`, `?edit=<id>`); the forms open only for
 * the roles that add or edit machines.
 */
function useMachineModals(role: Role) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: typeof search) => void navigate({ search: next, ...modalNavigation });
  const filters: MachineFilters = {
    ...noMachineFilters,
    status: search.status ?? '',
    department: search.department ?? '',
  };
  return {
    isCreating: can(role, 'machine:create') && search.new === 1,
    machineId: search.machine ?? null,
    editId: can(role, 'machine:update') ? (search.edit ?? null) : null,
    /** `?status=Down`, `?department=Casting`: the list opens filtered (a chart's slice). */
    filters,
    openCreate: () => show({ new: 1 }),
    openMachine: (id: string) => show({ machine: id }),
    openEdit: (id: string) => show({ edit: id }),
    close: () => show({}),
  };
}

export function MachinesPage() {
  const user = useSignedInUser();
  const canCreate = can(user.role, 'machine:create');
  const modals = useMachineModals(user.role);
  const editing = useMachine(modals.editId);
  const [filters, setFilters] = useState<MachineFilters>(modals.filters);
  const [cardCount, setCardCount] = useState(cardsPerStep);
  const changeFilters = (next: MachineFilters) => {
    setFilters(next);
    setCardCount(cardsPerStep);
  };
  const machines = useMachineChoices();
  const locks = useLocksByMachine();
  const isFirstPull = useIsFirstPull();
  const shown = machines && downFirst(filterMachines(machines, filters));

  return (
    <>
      <PageHeader
        title="Machines"
        subtitle="Monitor and manage all industrial machines"
        actions={
          <>
            <Link to="/machines/labels" className={buttonClasses('secondary')}>
              <QrCode aria-hidden="true" className="size-5" /> Print Labels
            </Link>
            {can(user.role, 'reliability:view') && (
              <Link to="/reliability" className={buttonClasses('secondary')}>
                <Gauge aria-hidden="true" className="size-5" /> Reliability
              </Link>
            )}
            {canCreate && (
              <Button onClick={modals.openCreate}>
                <Plus aria-hidden="true" className="size-5" /> Add Machine
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        <MachineFilterBar filters={filters} onChange={changeFilters} machines={machines ?? []} />
        {shown === undefined || (machines?.length === 0 && isFirstPull) ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading machines..." showLabel />
          </div>
        ) : shown.length === 0 ? (
          <EmptyState icon={Factory} title="No machines found" />
        ) : (
          <>
            <ul aria-label="Machines" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.slice(0, cardCount).map((machine) => (
                <li key={machine._id} className="flex">
                  <MachineCard
                    machine={machine}
                    locks={locks.get(machine._id) ?? 0}
                    onView={() => modals.openMachine(machine._id)}
                  />
                </li>
              ))}
            </ul>
            <ShowMore
              shown={Math.min(cardCount, shown.length)}
              total={shown.length}
              noun="machines"
              onMore={() => setCardCount(cardCount + cardsPerStep)}
            />
          </>
        )}
      </div>
      {modals.isCreating && <MachineFormModal onClose={modals.close} />}
      {/* Saved or cancelled, an edit goes back to the machine's details it was opened from. */}
      {editing && (
        <MachineFormModal key={editing._id} machine={editing} onClose={() => modals.openMachine(editing._id)} />
      )}
      <MachineDetailModal machineId={modals.machineId} onClose={modals.close} onEdit={modals.openEdit} />
    </>
  );
}
