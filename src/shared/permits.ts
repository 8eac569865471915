import { can, deniedMessage, type Actor } from './permissions.ts';

/** The life of a permit to work (src/docs/permits.md). */
export const permitStatuses = [
  'Requested',
  'Approved',
  'Isolated',
  'Active',
  'Work Done',
  'Closed',
  'Cancelled',
] as const;
export type PermitStatus = (typeof permitStatuses)[number];

/** Not open any more: nothing changes them. */
export const finishedPermitStatuses = ['Closed', 'Cancelled'] as const satisfies readonly PermitStatus[];

export const permitTypes = ['general', 'hot_work', 'confined_space', 'work_at_height'] as const;
export type PermitType = (typeof permitTypes)[number];

export const permitTypeLabels: Record<PermitType, string> = {
  general: 'General',
  hot_work: 'Hot work',
  confined_space: 'Confined space',
  work_at_height: 'Work at height',
};

/** The fields only a hot work permit has, as messages name them. */
export const hotWorkFields = {
  gasTest: 'gas test reading',
  fireWatch: 'fire watch name',
  fireWatchUntil: 'fire watch end time',
} as const;
export type HotWorkField = keyof typeof hotWorkFields;

/** The step each status moves to by PATCH; Cancelled is reached from Requested or Approved. */
export const nextPermitStatus: Partial<Record<PermitStatus, PermitStatus>> = {
  Requested: 'Approved',
  Approved: 'Isolated',
  Isolated: 'Active',
  Active: 'Work Done',
  'Work Done': 'Closed',
};

export const cancellableStatuses: readonly PermitStatus[] = ['Requested', 'Approved'];

/** While locks may be applied: once approved, until work starts. */
export const lockingStatuses: readonly PermitStatus[] = ['Approved', 'Isolated'];

/** While locks may be removed: not during the work, and not once closed or cancelled. */
export const unlockingStatuses: readonly PermitStatus[] = ['Approved', 'Isolated', 'Work Done'];

interface PermitRef {
  status: PermitStatus;
  requestedBy: { _id: string } | null;
}

/**
 * Why this user may not move this permit to `to`, or null: who may take each step (the state rules,
 * such as locks, are checked by the server on top).
 */
export function permitStepDenied(actor: Actor, permit: PermitRef, to: PermitStatus): string | null {
  const requester = permit.requestedBy?._id === actor._id;
  switch (to) {
    case 'Approved':
      if (!can(actor.role, 'permit:approve')) return deniedMessage(actor.role, 'permit:approve');
      if (requester) return 'You requested this permit: another safety officer or admin approves it';
      return null;
    case 'Isolated':
    case 'Active':
    case 'Work Done':
      return requester || can(actor.role, 'permit:manage')
        ? null
        : `${deniedMessage(actor.role, 'permit:manage')} Only its requester, an engineer or an admin marks it ${to}.`;
    case 'Closed':
    case 'Cancelled':
      return requester || can(actor.role, 'permit:approve')
        ? null
        : `Only the person who requested the permit, a safety officer or an admin may mark it ${to}`;
    default:
      return `A permit cannot be moved back to ${to}`;
  }
}
