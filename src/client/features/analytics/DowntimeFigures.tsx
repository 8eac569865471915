import { useNavigate } from '@tanstack/react-router';
import { Panel } from '#client/components/ui/Panel.tsx';
import { formatHours } from './analytics-figures.ts';
import { periodNote } from '#client/lib/period-changes.ts';
import { ChartCard } from './ChartCard.tsx';
import { FigureTable, MachineLink } from './FigureTable.tsx';
import { DistributionBar } from './lazy-charts.ts';
import { useDowntimeFigures } from './use-downtime-figures.ts';

const tenths = (minutes: number) => Math.round(minutes / 6) / 10;

/**
 * Downtime over the last `days` days: the Pareto by reason and by machine (a bar opens the machine),
 * availability by department, and the least available machines.
 */
export function DowntimeFigures({ days }: { days: number }) {
  const navigate = useNavigate();
  const { machines, departments, reasons } = useDowntimeFigures(days);
  const byReason = reasons.map((row) => ({ label: row._id, count: tenths(row.minutes) }));
  const stopped = machines.filter((row) => row.downtimeMinutes > 0).slice(0, 10);
  const byMachine = stopped.map((row) => ({ label: row.name, count: tenths(row.downtimeMinutes) }));
  const byDepartment = departments.map((row) => ({ label: row._id, count: row.availability }));
  const period = `(Last ${periodNote(days)})`;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title={`Downtime Hours by Reason ${period}`} points={byReason}>
          <DistributionBar points={byReason} />
        </ChartCard>
        <ChartCard
          title={`Downtime Hours by Machine ${period}`}
          points={byMachine}
          opens="Select a bar to open that machine."
        >
          <DistributionBar
            points={byMachine}
            onSelect={(point) => {
              const row = stopped.find((machine) => machine.name === point.label);
              if (row) void navigate({ to: '/machines', search: { machine: row._id } });
            }}
          />
        </ChartCard>
        <ChartCard title={`Availability % by Department ${period}`} points={byDepartment}>
          <DistributionBar points={byDepartment} />
        </ChartCard>
      </div>
      <Panel title={`Availability (time up) ${period}`}>
        <p className="mb-3 text-sm text-slate-600">
          The share of the period each machine was not stopped (Down or Maintenance). MTBF: its running hours per
          failure.
        </p>
        <FigureTable
          rows={machines.slice(0, 10)}
          rowKey={(row) => row._id}
          empty="No figures yet."
          columns={[
            { header: 'Machine', value: (row) => <MachineLink machine={row} />, strong: true },
            { header: 'Department', value: (row) => row.department },
            { header: 'Availability', value: (row) => `${row.availability}%`, numeric: true },
            { header: 'Downtime', value: (row) => `${formatHours(row.downtimeMinutes / 60)} h`, numeric: true },
            { header: 'Failures', value: (row) => row.failures, numeric: true },
            {
              header: 'MTBF',
              value: (row) => (row.mtbfHours === null ? '-' : `${formatHours(row.mtbfHours)} h`),
              numeric: true,
            },
          ]}
        />
      </Panel>
    </>
  );
}
