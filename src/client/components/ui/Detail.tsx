import type { ReactNode } from 'react';

interface DetailProps {
  label: string;
  children: ReactNode;
  className?: string;
}

/** One labelled value of a record's details, inside a <dl>. */
export function Detail({ label, children, className = '' }: DetailProps) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

interface DetailListProps {
  details: [label: string, value: ReactNode][];
  /** Its grid columns. */
  className?: string;
}

/** Labelled values in a grid. */
export function DetailList({ details, className = 'grid-cols-2' }: DetailListProps) {
  return (
    <dl className={`grid gap-x-4 gap-y-3 ${className}`}>
      {details.map(([label, value]) => (
        <Detail key={label} label={label}>
          {value}
        </Detail>
      ))}
    </dl>
  );
}
