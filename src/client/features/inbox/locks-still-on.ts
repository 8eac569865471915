import { derivedKeys } from '#shared/inbox.ts';
import { activeLocks } from '#shared/permit-checks.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import { currentShift, type ShiftPlan } from '#shared/shifts.ts';

/** The end of the last shift that has ended by `now`. */
export function lastShiftEnd(now: Date, plan: ShiftPlan): Date {
  const shift = currentShift(now, plan);
  if (shift.end.getTime() <= now.getTime()) return shift.end;
  return currentShift(new Date(shift.start.getTime() - 1), plan).end;
}

const timeIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(instant);

/**
 * Locks this user applied before the last shift ended and has not removed (src/docs/inbox.md): one
 * entry per permit and shift end, so a lock left on is recalled at every change of shift until it is off.
 */
export function locksStillOnEntries(userId: string, permits: Permit[], plan: ShiftPlan, now: Date): InboxEntry[] {
  const ended = lastShiftEnd(now, plan);
  return permits.flatMap((permit) => {
    const mine = activeLocks(permit).filter(
      (lock) => lock.appliedBy?._id === userId && Date.parse(lock.appliedAt) < ended.getTime(),
    );
    if (mine.length === 0) return [];
    const locks = mine.map((lock) => `lock ${lock.lockNumber} on ${lock.pointLocation || 'a removed point'}`);
    return [
      {
        key: derivedKeys.locksStillOn(permit._id, ended.toISOString()),
        kind: 'locksStillOn',
        entity: 'permit',
        recordId: permit._id,
        title: `${permit.permitNumber} · ${permit.machine.name}`,
        detail: `${locks.join(', ')}: still on after the shift ended at ${timeIn(ended, plan.timeZone)}`,
        by: null,
        at: ended.toISOString(),
        readAt: null,
      },
    ];
  });
}
