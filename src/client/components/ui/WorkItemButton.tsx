import type { ReactNode } from 'react';

interface WorkItemButtonProps {
  title: string;
  details: string;
  onClick: () => void;
  /** Badges at the end of the row. */
  children: ReactNode;
}

/** A row of a "My …" list on the dashboard: what, where and when, and its badges; opens the record. */
export function WorkItemButton({ title, details, onClick, children }: WorkItemButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-14 w-full items-center justify-between gap-3 rounded-lg py-2 text-left hover:bg-slate-50"
    >
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{title}</span>
        <span className="block truncate text-sm text-slate-500">{details}</span>
      </span>
      <span className="flex shrink-0 items-center gap-2">{children}</span>
    </button>
  );
}
