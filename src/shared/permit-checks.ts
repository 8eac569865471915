import { hotWorkFields, type HotWorkField, type PermitStatus } from './permits.ts';
import type { Permit, PermitLock } from './schemas/permit.ts';

/** The checks a permit's steps make, shared by the server's rules and the app's offline screens (src/docs/permits.md). */

type LocksOf = Pick<Permit, 'locks'>;
type IsolationOf = Pick<Permit, 'points' | 'locks'>;

/** The locks not removed yet. */
export const activeLocks = (permit: LocksOf): PermitLock[] => permit.locks.filter((lock) => !lock.removedAt);

/** "Main isolator (not locked), Hydraulic valve (lock 12 not verified)": the points work cannot start with. */
export function unsafePoints(permit: IsolationOf): string[] {
  const on = activeLocks(permit);
  return permit.points.flatMap((point) => {
    const locks = on.filter((lock) => lock.point === point._id);
    if (locks.some((lock) => lock.verified)) return [];
    if (locks.length === 0) return [`${point.location} (not locked)`];
    return [`${point.location} (lock ${locks.map((lock) => lock.lockNumber).join(', ')} not verified)`];
  });
}

/**
 * The status a permit moves to by itself when a lock goes on, is verified or comes off
 * (src/docs/permits.md): the last verified lock makes an Approved permit Isolated, a lock removed
 * before work starts makes it Approved again.
 */
export function statusAfterLocks(permit: IsolationOf & { status: PermitStatus }): PermitStatus {
  const isolated = permit.points.length > 0 && unsafePoints(permit).length === 0;
  if (permit.status === 'Approved' && isolated) return 'Isolated';
  if (permit.status === 'Isolated' && !isolated) return 'Approved';
  return permit.status;
}

/** The hot work fields still empty ("fire watch name"): hot work cannot start without them. */
export const missingHotWork = (permit: Pick<Permit, 'type' | HotWorkField>): string[] =>
  permit.type === 'hot_work'
    ? (Object.keys(hotWorkFields) as HotWorkField[])
        .filter((field) => permit[field] === null)
        .map((field) => hotWorkFields[field])
    : [];
