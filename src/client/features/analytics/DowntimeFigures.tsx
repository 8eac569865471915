import { Panel } from '../../components/ui/Panel.tsx';
import { formatHours } from './analytics-figures.ts';
import { ChartCard } from './ChartCard.tsx';
import { DistributionBar } from './lazy-charts.ts';
import { downtimeWindowDays, useDowntimeFigures } from './use-downtime-figures.ts';

const cell = 'px-3 py-2 text-left';

/** Downtime over the last 30 days: the Pareto by reason, availability by department, and the least available machines. */
export function DowntimeFigures() {
  const { machines, departments, reasons } = useDowntimeFigures();
  const byReason = reasons.map((row) => ({ label: row._id, count: Math.round(row.minutes / 6) / 10 }));
  const byDepartment = departments.map((row) => ({ label: row._id, count: row.availability }));
  const period = `(Last ${downtimeWindowDays} Days)`;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title={`Downtime Hours by Reason ${period}`} points={byReason}>
          <DistributionBar points={byReason} />
        </ChartCard>
        <ChartCard title={`Availability % by Department ${period}`} points={byDepartment}>
          <DistributionBar points={byDepartment} />
        </ChartCard>
      </div>
      <Panel title={`Machine Availability ${period}`}>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className={cell}>Machine</th>
                <th className={cell}>Department</th>
                <th className={cell}>Availability</th>
                <th className={cell}>Downtime</th>
                <th className={cell}>Failures</th>
                <th className={cell}>MTBF</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {machines.slice(0, 10).map((row) => (
                <tr key={row._id}>
                  <td className={`${cell} font-medium text-slate-900`}>{row.name}</td>
                  <td className={cell}>{row.department}</td>
                  <td className={cell}>{row.availability}%</td>
                  <td className={cell}>{formatHours(row.downtimeMinutes / 60)} h</td>
                  <td className={cell}>{row.failures}</td>
                  <td className={cell}>{row.mtbfHours === null ? '-' : `${formatHours(row.mtbfHours)} h`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {machines.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">No figures yet.</p>}
        </div>
      </Panel>
    </>
  );
}
