import { ArrowDownRight, ArrowUpRight, type LucideIcon } from 'lucide-react';
import { useId } from 'react';

interface StatCardProps {
  label: string;
  value: number | string | undefined;
  /** Fixed text from the spec, not computed. */
  change: string;
  /** An arrow in front of the change, pointing the way it goes (analytics). */
  withArrow?: boolean;
  icon: LucideIcon;
  iconClass: string;
}

export function StatCard({ label, value, change, withArrow = false, icon: Icon, iconClass }: StatCardProps) {
  const labelId = useId();
  const isDown = change.startsWith('-');
  const Arrow = isDown ? ArrowDownRight : ArrowUpRight;
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p id={labelId} className="text-sm font-medium text-slate-600">
          {label}
        </p>
        <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${iconClass}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value ?? '–'}</p>
      <p className={`mt-1 flex items-center gap-1 text-sm font-medium ${isDown ? 'text-red-700' : 'text-emerald-700'}`}>
        {withArrow && <Arrow aria-hidden="true" className="size-4" />}
        {change}
      </p>
    </div>
  );
}
