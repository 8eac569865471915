import { analyticsPeriods } from '#shared/schemas/analytics.ts';
import { periodNote } from '#client/lib/period-changes.ts';

export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** The period every figure of the screen follows. */
export function PeriodChoice({ days, onChange }: { days: AnalyticsPeriod; onChange: (days: AnalyticsPeriod) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-slate-200 bg-surface p-1">
      {analyticsPeriods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === days}
          onClick={() => onChange(period)}
          className={`min-h-11 rounded-md px-3 text-sm font-medium ${
            period === days ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {periodNote(period)}
        </button>
      ))}
    </div>
  );
}
