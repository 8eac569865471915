import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { NotebookPen } from 'lucide-react';
import { departments } from '#shared/enums.ts';
import { handoverColumns } from '#shared/export-columns.ts';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { ExportButton } from '#client/components/ui/ExportButton.tsx';
import { Select } from '#client/components/ui/Field.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { PrintButton, PrintSignatures } from '#client/components/ui/PrintFooter.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { CurrentShift } from './CurrentShift.tsx';
import { HandoverCard } from './HandoverCard.tsx';
import { useShiftPlan } from '#client/data/session/use-shift-plan.ts';
import { isLogDepartment, useHandover, useShiftLog, type ShiftLogDepartment } from './use-handovers.ts';

const route = getRouteApi('/_app/shift-log');

/** A department's shift log: the current shift's handover, and the handovers before it (src/docs/shift-handover.md). */
export function ShiftLogPage() {
  const user = useSignedInUser();
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/shift-log' });
  const opened = useHandover(search.handover);
  const department = [search.department, opened?.department, user.department].find(isLogDepartment) ?? departments[0];
  const plan = useShiftPlan();
  const log = useShiftLog(department);

  return (
    <div data-shift-log>
      <PageHeader
        title="Shift Log"
        subtitle={`Handovers between shifts, ${department}. Shifts in plant time (${plan.timeZone}).`}
        actions={
          <>
            <div className="w-56 print:hidden">
              <Select
                aria-label="Department"
                options={departments}
                value={department}
                onChange={(event) =>
                  void navigate({ search: { department: event.target.value as ShiftLogDepartment }, replace: true })
                }
              />
            </div>
            <PrintButton />
            <ExportButton
              noun="handovers"
              what="handovers"
              query={{ department }}
              columns={handoverColumns}
              local={() => Promise.resolve(log ?? [])}
            />
          </>
        }
      />
      <div className="space-y-6">
        <CurrentShift department={department} plan={plan} log={log} />
        <section aria-label="Handovers" className="space-y-4">
          {log?.length === 0 && (
            <EmptyState
              icon={NotebookPen}
              title="No handovers yet"
              description={`${department} has no handover on record.`}
            />
          )}
          {log?.map((handover) => (
            <HandoverCard key={handover._id} handover={handover} highlighted={handover._id === search.handover} />
          ))}
        </section>
        <PrintSignatures signers={[]} />
      </div>
    </div>
  );
}
