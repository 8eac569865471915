import { getRouteApi } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { machineDepartments, type MachineDepartment } from '#shared/enums.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Select } from '#client/components/ui/Field.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { labelSheets, perSheet } from './label-sheets.ts';
import { LabelSheets } from './LabelSheets.tsx';

const route = getRouteApi('/_app/machines_/labels');

/** QR labels for one machine (`?machine=`) or a department (`?department=`, all when none), on a chosen sheet. */
export function LabelsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const machines = useMachineChoices();
  const sheet = labelSheets.find((candidate) => candidate.id === search.sheet) ?? labelSheets[0]!;
  const chosen = machines?.filter((machine) =>
    search.machine ? machine._id === search.machine : !search.department || machine.department === search.department,
  );
  const choose = (next: Partial<typeof search>) => void navigate({ search: { ...search, ...next }, replace: true });
  const count = chosen?.length ?? 0;

  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Machine Labels"
          subtitle="QR labels that open the machine in the app; print at 100 % on the chosen sheet"
          actions={
            <Button onClick={() => window.print()} disabled={count === 0}>
              <Printer aria-hidden="true" className="size-4" /> Print Labels
            </Button>
          }
        />
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <div className="w-56">
            <Select
              aria-label="Department"
              placeholder={search.machine ? 'One machine' : 'All departments'}
              options={machineDepartments}
              value={search.machine ? '' : (search.department ?? '')}
              onChange={(event) =>
                choose({
                  machine: undefined,
                  department: (event.target.value || undefined) as MachineDepartment | undefined,
                })
              }
            />
          </div>
          <div className="w-96 max-w-full">
            <Select
              aria-label="Label sheet"
              options={labelSheets.map(({ id, name }) => ({ value: id, label: name }))}
              value={sheet.id}
              onChange={(event) => choose({ sheet: event.target.value })}
            />
          </div>
          <p className="text-sm text-slate-600">
            {count} {count === 1 ? 'label' : 'labels'} on {Math.ceil(count / perSheet(sheet))}{' '}
            {Math.ceil(count / perSheet(sheet)) === 1 ? 'sheet' : 'sheets'}
          </p>
        </div>
      </div>
      {chosen ? <LabelSheets machines={chosen} sheet={sheet} /> : <Spinner label="Loading machines" />}
    </>
  );
}
