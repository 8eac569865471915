import type { DashboardData } from './dashboard-data.ts';

const rows = [
  { key: 'running', label: 'Running', bar: 'bg-emerald-500' },
  { key: 'down', label: 'Down', bar: 'bg-red-500' },
  { key: 'maintenance', label: 'Maintenance', bar: 'bg-amber-500' },
] as const;

export function StatusDistribution({ machines }: { machines: DashboardData['machines'] | undefined }) {
  return (
    <ul className="space-y-4">
      {rows.map(({ key, label, bar }) => {
        const count = machines?.[key] ?? 0;
        const share = machines?.total ? (count / machines.total) * 100 : 0;
        return (
          <li key={key}>
            <div className="flex items-center justify-between text-sm">
              <span className="flex items-center gap-2 font-medium text-slate-700">
                <span aria-hidden="true" className={`size-2.5 rounded-full ${bar}`} />
                {label}
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
