import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db.ts';
import type { LocalSchedule } from './schedule-list.ts';

/** Every schedule on this device by scheduled date, live: local changes and pulls re-render it. */
export function useSchedules(): LocalSchedule[] | undefined {
  return useLiveQuery(() => localDb.schedules.orderBy('scheduledDate').toArray(), []);
}

/** One schedule as this device shows it; null once it is gone (a discarded create), undefined while loading. */
export function useSchedule(id: string | null): LocalSchedule | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.schedules.get(id)) ?? null) : null), [id]);
}
