import { getRouteApi } from '@tanstack/react-router';
import { machineDepartments, type MachineDepartment } from '#shared/enums.ts';
import { machineLink } from '#shared/machine-link.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { LabelPrint } from './LabelPrint.tsx';
import { QrLabel } from './LabelSheets.tsx';

const route = getRouteApi('/_app/machines_/labels');

/** QR labels for one machine (`?machine=`) or a department (`?department=`, all when none), on a chosen sheet. */
export function LabelsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const machines = useMachineChoices();
  const chosen = machines?.filter((machine) =>
    search.machine ? machine._id === search.machine : !search.department || machine.department === search.department,
  );
  const choose = (next: Partial<typeof search>) => void navigate({ search: { ...search, ...next }, replace: true });

  return (
    <LabelPrint
      title="Machine Labels"
      subtitle="QR labels that open the machine in the app; print at 100 % on the chosen sheet"
      items={chosen}
      loading="Loading machines"
      sheetId={search.sheet}
      onSheet={(id) => choose({ sheet: id })}
      filters={
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
      }
    >
      {(machine, sheet) => (
        <QrLabel
          sheet={sheet}
          link={machineLink(window.location.origin, machine._id)}
          title={machine.name}
          code={machine.machineId}
          note={`${machine.location} · ${machine.department}`}
          marker={{ 'data-machine-label': machine._id }}
        />
      )}
    </LabelPrint>
  );
}
