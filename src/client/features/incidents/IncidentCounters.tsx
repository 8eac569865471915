import { CalendarDays, CircleAlert, Search, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { IncidentFilters } from './incident-list.ts';
import { useIncidentCounts } from './use-incident-counts.ts';

function Counter({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  tone: string;
}) {
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-surface p-3 sm:p-4"
    >
      <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className="text-sm leading-tight font-medium text-slate-600">
          {label}
        </p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums">{value ?? '–'}</p>
      </div>
    </div>
  );
}

/** The four counters of the spec, over every incident the filters match (use-incident-counts.ts). */
export function IncidentCounters({ filters }: { filters: IncidentFilters }) {
  const counts = useIncidentCounts(filters);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Counter label="Open Incidents" value={counts?.open} icon={CircleAlert} tone="bg-red-50 text-red-700" />
      <Counter
        label="Under Investigation"
        value={counts?.underInvestigation}
        icon={Search}
        tone="bg-amber-50 text-amber-700"
      />
      <Counter
        label="Critical Severity"
        value={counts?.critical}
        icon={TriangleAlert}
        tone="bg-orange-50 text-orange-700"
      />
      <Counter label="This Month" value={counts?.thisMonth} icon={CalendarDays} tone="bg-brand-50 text-brand-700" />
    </div>
  );
}
