import type { ReactNode } from 'react';

export type Fact = [label: string, value: ReactNode];

/** Labelled values of a machine, in a grid of `columns` classes. */
export function FactList({ facts, className = 'grid-cols-2' }: { facts: Fact[]; className?: string }) {
  return (
    <dl className={`grid gap-x-4 gap-y-3 ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
