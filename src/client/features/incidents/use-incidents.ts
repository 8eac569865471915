import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { localDb } from '#client/data/store/db.ts';
import type { LocalIncident } from './incident-list.ts';

/** One incident as this device shows it; null once it is gone (a discarded report), undefined while loading. */
export function useIncident(id: string | null): LocalIncident | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.incidents.get(id)) ?? null) : null), [id]);
}
