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

/** A lock as the messages name it. */
export interface LockRef {
  lockNumber: string;
  /** The point's location; empty when the point was taken off the machine. */
  pointLocation: string;
  appliedBy: { name: string } | null;
}

/** "lock 7 on Main breaker held by Ann Lee" */
export const lockHeld = (lock: LockRef) =>
  `lock ${lock.lockNumber} on ${lock.pointLocation || 'a removed point'} held by ${lock.appliedBy?.name ?? 'a deleted user'}`;

/** The work a permit covers: a ticket (named by its number) or a maintenance job (by its title). */
export type WorkRef = { ticketNumber: string } | { title: string };

const workName = (work: WorkRef) => ('ticketNumber' in work ? work.ticketNumber : `Maintenance "${work.title}"`);

/**
 * Why this ticket or maintenance may not go In Progress, or null: on a machine with isolation points
 * the work starts only under an Active permit to work for it (src/docs/permits.md). `permits` are the
 * permits requested for this ticket or maintenance, whatever their status.
 */
export function startWorkDenied(
  work: WorkRef,
  machine: { name: string; isolationPoints: readonly unknown[] } | null,
  permits: readonly { permitNumber: string; status: PermitStatus }[],
): string | null {
  if (!machine || machine.isolationPoints.length === 0) return null;
  if (permits.some((permit) => permit.status === 'Active')) return null;
  const found = permits.map((permit) => `${permit.permitNumber} is ${permit.status}`).join(', ');
  return `${workName(work)} cannot go In Progress without an Active permit to work: ${machine.name} has isolation points (${found || 'no permit requested yet'})`;
}

/** The locks not removed of these permits (a machine's), each with its permit's number: what `runningDenied` takes. */
export const locksOn = <Lock extends LockRef & { removedAt: string | null }>(
  permits: readonly { permitNumber: string; locks: readonly Lock[] }[],
) =>
  permits.flatMap((permit) =>
    permit.locks.filter((lock) => !lock.removedAt).map((lock) => ({ ...lock, permitNumber: permit.permitNumber })),
  );

/**
 * Why this machine may not return to Running, or null: not while a lock of a permit on it is on.
 * `locks` are the locks not removed of the machine's permits, each with its permit's number.
 */
export function runningDenied(
  machine: { name: string },
  locks: readonly (LockRef & { permitNumber: string })[],
): string | null {
  if (locks.length === 0) return null;
  const held = locks.map((lock) => `${lockHeld(lock)} (${lock.permitNumber})`).join('; ');
  return `${machine.name} cannot return to Running while locks are on: ${held}`;
}

/** `runningDenied` counted rather than listed: the number of locks and their permits. */
export function runningDeniedBriefly(
  machine: { name: string },
  locks: readonly { permitNumber: string }[],
): string | null {
  if (locks.length === 0) return null;
  const permits = [...new Set(locks.map((lock) => lock.permitNumber))].join(', ');
  const count = locks.length === 1 ? '1 lock' : `${locks.length} locks`;
  return `${machine.name} cannot return to Running while locks are on: ${count} of ${permits}`;
}
