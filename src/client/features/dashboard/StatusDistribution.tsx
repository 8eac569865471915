import { machineStatuses } from '../../../shared/enums.ts';
import { machineStatusTone, type BadgeTone } from '../../components/ui/Badge.tsx';
import type { DashboardData } from './dashboard-data.ts';

/** The bar of each status in the colour of its badge, so the parts add up to the total. */
const barClass: Partial<Record<BadgeTone, string>> = {
  green: 'bg-green-500',
  red: 'bg-red-500',
  yellow: 'bg-yellow-500',
  slate: 'bg-slate-400',
};

export function StatusDistribution({ machines }: { machines: DashboardData['machines'] | undefined }) {
  return (
    <ul className="space-y-4">
      {machineStatuses.map((status) => {
        const count = machines?.[status.toLowerCase() as Lowercase<typeof status>] ?? 0;
        const share = machines?.total ? (count / machines.total) * 100 : 0;
        const bar = barClass[machineStatusTone[status]!];
        return (
          <li key={status} data-testid={`status-${status}`}>
            <div className="flex items-center justify-between text-sm">
              <span className="flex items-center gap-2 font-medium text-slate-700">
                <span aria-hidden="true" className={`size-2.5 rounded-full ${bar}`} />
                {status}
              </span>
              <span className="font-semibold text-slate-900 tabular-nums">{machines ? count : '–'}</span>
            </div>
            <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
              <div className={`h-full rounded-full ${bar}`} style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
