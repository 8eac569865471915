import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { inboxDays } from '#shared/inbox.ts';
import { localDb } from '#client/data/store/db.ts';
import { useShiftPlan } from '#client/data/session/use-shift-plan.ts';
import { dueEntries, inboxItems, type InboxItem } from './inbox-entries.ts';
import { locksStillOnEntries } from './locks-still-on.ts';
import { useInboxClock } from './use-inbox-clock.ts';

const dayMs = 86_400_000;

/**
 * The signed-in user's inbox from this device's store, kept current as pulls and marks write it: the
 * stored entries and marks of the last `inboxDays` (a derived entry marked longer ago shows again, a
 * reminder), the open actions they own, the schedules dated up to today, and their locks still on
 * after a shift ended; recomputed at each change of shift and of day too.
 */
export function useInbox(userId: string): InboxItem[] {
  const plan = useShiftPlan();
  const turn = useInboxClock(plan);
  return (
    useLiveQuery(async () => {
      const now = new Date();
      const since = new Date(now.getTime() - inboxDays * dayMs).toISOString();
      const endOfToday = new Date(now);
      endOfToday.setHours(23, 59, 59, 999);
      const [stored, incidents, schedules, permits] = await Promise.all([
        localDb.inbox.where('at').aboveOrEqual(since).toArray(),
        localDb.incidents.where('_owners').equals(userId).toArray(),
        localDb.schedules.where('scheduledDate').belowOrEqual(endOfToday.toISOString()).toArray(),
        localDb.permits.toArray(),
      ]);
      const derived = [
        ...dueEntries(userId, incidents, schedules, now),
        ...locksStillOnEntries(userId, permits, plan, now),
      ];
      return inboxItems(stored, derived, now);
    }, [userId, plan, turn]) ?? []
  );
}
