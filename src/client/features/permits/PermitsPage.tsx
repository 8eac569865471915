import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { activeLocks } from '#shared/permit-checks.ts';
import { departments } from '#shared/enums.ts';
import { permitColumns } from '#shared/export-columns.ts';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { ExportButton } from '#client/components/ui/ExportButton.tsx';
import { Select } from '#client/components/ui/Field.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useMinuteClock } from '#client/features/machines/use-minute-clock.ts';
import { modalNavigation } from '#client/lib/url-search.ts';
import { PermitCard } from './PermitCard.tsx';
import { PermitDialog } from './PermitDialog.tsx';
import { isOpenPermit, usePermits, type LocalPermit } from './use-permits.ts';

const route = getRouteApi('/_app/permits');

const allDepartments = 'All departments';

/** "3 waiting for approval · 2 active · 7 locks on": the board's line for the wall. */
function summary(permits: LocalPermit[]): string {
  const count = (status: string) => permits.filter((permit) => permit.status === status).length;
  const locks = permits.reduce((sum, permit) => sum + activeLocks(permit).length, 0);
  return `${count('Requested')} waiting for approval · ${count('Active')} active · ${locks} lock${locks === 1 ? '' : 's'} on`;
}

/**
 * The permits board (src/docs/permits.md): every open permit per department, with its machine, work,
 * locks and age: the overview the wall board beside the maintenance office gives.
 */
export function PermitsPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/permits' });
  const now = useMinuteClock();
  const permits = usePermits();
  const open = (permits ?? []).filter(isOpenPermit);
  const shown = search.department ? open.filter((permit) => permit.machine.department === search.department) : open;
  const groups = departments
    .map((department) => ({ department, permits: shown.filter((permit) => permit.machine.department === department) }))
    .filter((group) => group.permits.length > 0);
  const openPermit = (id: string | undefined) =>
    void navigate({ search: (current) => ({ ...current, permit: id }), ...modalNavigation });

  return (
    <div data-permits-board>
      <PageHeader
        title="Permits to Work"
        subtitle={permits ? summary(shown) : 'Requested and active permits, and the locks on each machine.'}
        actions={
          <>
            <div className="w-56">
              <Select
                aria-label="Department"
                options={[allDepartments, ...departments]}
                value={search.department ?? allDepartments}
                onChange={(event) =>
                  void navigate({
                    search: { department: departments.find((department) => department === event.target.value) },
                    replace: true,
                  })
                }
              />
            </div>
            <ExportButton
              noun="permits"
              what="permits"
              query={{ status: 'open', department: search.department }}
              columns={permitColumns}
              local={() => Promise.resolve(shown)}
            />
          </>
        }
      />
      {!permits && <Spinner />}
      {permits && groups.length === 0 && (
        <EmptyState
          icon={ShieldCheck}
          title="No open permits"
          description="A permit to work is requested from a ticket or a maintenance schedule on a machine."
        />
      )}
      <div className="space-y-8">
        {groups.map((group) => (
          <section key={group.department} aria-label={group.department} className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">
              {group.department} <span className="font-normal text-slate-600">({group.permits.length})</span>
            </h2>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {group.permits.map((permit) => (
                <PermitCard key={permit._id} permit={permit} now={now} onOpen={() => openPermit(permit._id)} />
              ))}
            </div>
          </section>
        ))}
      </div>
      {search.permit && <PermitDialog permitId={search.permit} onClose={() => openPermit(undefined)} />}
    </div>
  );
}
