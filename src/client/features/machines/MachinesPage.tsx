import { useNavigate, useSearch } from '@tanstack/react-router';
import { Factory, Plus } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../shared/permissions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSignedInUser } from '../auth/session.ts';
import { useSyncStatus } from '../sync/use-sync.ts';
import { AddMachineModal } from './AddMachineModal.tsx';
import { MachineCard } from './MachineCard.tsx';
import { MachineDetailModal } from './MachineDetailModal.tsx';
import { MachineFilterBar } from './MachineFilterBar.tsx';
import { filterMachines, noMachineFilters, type MachineFilters } from './machine-list.ts';
import { useMachineChoices } from './use-machine-choices.ts';

/** Which modal is open lives in the URL (`?new=1`, `?machine=<id>`); `?new=1` opens only for roles that add machines. */
function useMachineModals(canCreate: boolean) {
  const search: { new?: unknown; machine?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const show = (next: { new?: 1; machine?: string }) =>
    void navigate({ to: '/machines', search: next, replace: true, resetScroll: false });
  return {
    isCreating: canCreate && Boolean(search.new),
    machineId: typeof search.machine === 'string' ? search.machine : null,
    openCreate: () => show({ new: 1 }),
    openMachine: (id: string) => show({ machine: id }),
    close: () => show({}),
  };
}

export function MachinesPage() {
  const user = useSignedInUser();
  const canCreate = can(user.role, 'machine:create');
  const modals = useMachineModals(canCreate);
  const [filters, setFilters] = useState<MachineFilters>(noMachineFilters);
  const machines = useMachineChoices();
  const sync = useSyncStatus();
  // Before the first pull of a fresh device has brought anything, 'No machines found' would be wrong.
  const isFirstPull = sync.isPulling && !sync.lastPulledAt;
  const shown = machines && filterMachines(machines, filters);

  return (
    <>
      <PageHeader
        title="Machines"
        subtitle="Monitor and manage all industrial machines"
        actions={
          canCreate && (
            <Button onClick={modals.openCreate}>
              <Plus aria-hidden="true" className="size-5" /> Add Machine
            </Button>
          )
        }
      />
      <div className="space-y-4">
        <MachineFilterBar filters={filters} onChange={setFilters} machines={machines ?? []} />
        {shown === undefined || (machines?.length === 0 && isFirstPull) ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading machines..." showLabel />
          </div>
        ) : shown.length === 0 ? (
          <EmptyState icon={Factory} title="No machines found" />
        ) : (
          <ul aria-label="Machines" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((machine) => (
              <li key={machine._id} className="flex">
                <MachineCard machine={machine} onView={() => modals.openMachine(machine._id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {modals.isCreating && <AddMachineModal onClose={modals.close} />}
      <MachineDetailModal machineId={modals.machineId} onClose={modals.close} />
    </>
  );
}
