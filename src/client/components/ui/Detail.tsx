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
