import type { ReactNode } from 'react';
import type { Role } from '#shared/enums.ts';

export type BadgeTone = 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'slate';

const toneClasses: Record<BadgeTone, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** Priority and severity share one scale. */
export const priorityTone: Record<string, BadgeTone> = {
  Critical: 'red',
  High: 'orange',
  Medium: 'yellow',
  Low: 'green',
};
export const severityTone = priorityTone;
export const machineStatusTone: Record<string, BadgeTone> = {
  Running: 'green',
  Down: 'red',
  Maintenance: 'yellow',
  Idle: 'slate',
};
export const ticketStatusTone: Record<string, BadgeTone> = {
  Pending: 'yellow',
  'In Progress': 'blue',
  Resolved: 'green',
  Closed: 'slate',
};
/** A permit to work: waiting, cleared to isolate, isolated, work under way, then done. */
export const permitStatusTone: Record<string, BadgeTone> = {
  Requested: 'yellow',
  Approved: 'blue',
  Isolated: 'purple',
  Active: 'orange',
  'Work Done': 'green',
  Closed: 'slate',
  Cancelled: 'slate',
};
export const incidentStatusTone: Record<string, BadgeTone> = {
  Open: 'red',
  'Under Investigation': 'yellow',
  Closed: 'green',
};
export const actionStatusTone: Record<string, BadgeTone> = {
  Open: 'yellow',
  Done: 'blue',
  Verified: 'green',
};
export const scheduleStatusTone: Record<string, BadgeTone> = {
  Scheduled: 'blue',
  'In Progress': 'yellow',
  Completed: 'green',
  Overdue: 'red',
};
/** Spec section 2 (Profile): admin purple, maintenance_engineer blue, safety_officer orange, operator green. */
export const roleTone: Record<Role, BadgeTone> = {
  admin: 'purple',
  maintenance_engineer: 'blue',
  safety_officer: 'orange',
  operator: 'green',
};

interface BadgeProps {
  tone?: BadgeTone | undefined;
  children: ReactNode;
}

export function Badge({ tone = 'slate', children }: BadgeProps) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClasses[tone]}`}
    >
      {children}
    </span>
  );
}
