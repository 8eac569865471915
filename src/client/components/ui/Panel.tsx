import { useId, type ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** E.g. a 'View all' link at the right of the heading. */
  action?: ReactNode;
  children: ReactNode;
}

export function Panel({ title, action, children }: PanelProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-surface">
      <div className="flex min-h-14 items-center justify-between gap-2 border-b border-slate-200 px-4 sm:px-5">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="flex-1 p-4 sm:p-5">{children}</div>
    </section>
  );
}
