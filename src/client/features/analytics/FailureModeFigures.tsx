import { machineTypeLabels } from '#shared/failure-codes.ts';
import { Panel } from '#client/components/ui/Panel.tsx';
import { periodNote } from '#client/lib/period-changes.ts';
import { formatHours } from './analytics-figures.ts';
import { useFailureModes } from './use-downtime-figures.ts';

const cell = 'px-3 py-2 text-left';

/**
 * The failure modes of each machine type over the last `days` days, from the failure codes of the
 * repairs (src/docs/failure-codes.md): most downtime first, with each mode's MTBF.
 */
export function FailureModeFigures({ days }: { days: number }) {
  const types = useFailureModes(days);
  return (
    <Panel title={`Failure Modes by Machine Type (Last ${periodNote(days)})`}>
      <p className="mb-3 text-sm text-slate-600">
        From the failure codes of resolved repairs. MTBF: the type&apos;s running hours per repair of that problem;
        downtime: the stops whose ticket recorded it.
      </p>
      {types.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">No coded repairs in this period.</p>}
      <div className="grid gap-6 lg:grid-cols-2">
        {types.map((type) => (
          <div key={type._id} className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="px-3 py-2 text-left font-semibold text-slate-800">
                {machineTypeLabels[type._id]}
              </caption>
              <thead className="text-slate-600">
                <tr>
                  <th className={cell}>Problem</th>
                  <th className={cell}>Repairs</th>
                  <th className={cell}>MTBF</th>
                  <th className={cell}>Downtime</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {type.modes.map((mode) => (
                  <tr key={mode.problem}>
                    <td className={`${cell} font-medium`}>{mode.problem}</td>
                    <td className={cell}>{mode.failures}</td>
                    <td className={cell}>{mode.mtbfHours === null ? '-' : `${formatHours(mode.mtbfHours)} h`}</td>
                    <td className={cell}>{formatHours(mode.downtimeMinutes / 60)} h</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </Panel>
  );
}
