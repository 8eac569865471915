import { ArrowDownRight, ArrowUpRight, type LucideIcon } from 'lucide-react';
import { useId } from 'react';

interface StatCardProps {
  label: string;
  value: number | string | undefined;
  /** The change against the previous period ('+3', '-0.5h'); nothing is shown without one. */
  change?: string | undefined;
  /** What the change compares with, after it: 'vs 30 days ago'. */
  changeNote?: string;
  /** A rise is bad news (down machines, open incidents): it shows red, a fall green. */
  risingIsBad?: boolean;
  /** An arrow in front of the change, pointing the way it goes (analytics). */
  withArrow?: boolean;
  /** One line under the label saying what the figure measures. */
  hint?: string;
  icon: LucideIcon;
  iconClass: string;
}

function changeTone(change: string, risingIsBad: boolean): string {
  if (!/^[+-]/.test(change)) return 'text-slate-600';
  return change.startsWith('-') === risingIsBad ? 'text-emerald-700' : 'text-red-700';
}

export function StatCard({
  label,
  value,
  change,
  changeNote,
  risingIsBad = false,
  withArrow = false,
  hint,
  icon: Icon,
  iconClass,
}: StatCardProps) {
  const labelId = useId();
  const Arrow = change?.startsWith('-') ? ArrowDownRight : ArrowUpRight;
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-xl border border-slate-200 bg-surface p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p id={labelId} className="text-sm font-medium text-slate-600">
            {label}
          </p>
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
        </div>
        <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${iconClass}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value ?? '–'}</p>
      {change !== undefined && (
        <p className="mt-1 flex flex-wrap items-center gap-1 text-sm" data-testid="stat-change">
          <span className={`flex items-center gap-1 font-medium ${changeTone(change, risingIsBad)}`}>
            {withArrow && /^[+-]/.test(change) && <Arrow aria-hidden="true" className="size-4" />}
            {change}
          </span>
          {changeNote && <span className="text-slate-500">{changeNote}</span>}
        </p>
      )}
    </div>
  );
}
