import { useLiveQuery } from '../../data/use-live-query.ts';
import { localDb } from '../../data/db.ts';
import { readIncidentPage, type IncidentFilters, type IncidentPage, type LocalIncident } from './incident-list.ts';

/** The page of incidents on this device for these filters, live: local changes and pulls re-render it. */
export function useIncidentPage(filters: IncidentFilters, page: number): IncidentPage | undefined {
  return useLiveQuery(
    async () => await readIncidentPage(localDb, filters, page),
    [filters.search, filters.type, filters.severity, filters.status, page],
  );
}

/** One incident as this device shows it; null once it is gone (a discarded report), undefined while loading. */
export function useIncident(id: string | null): LocalIncident | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.incidents.get(id)) ?? null) : null), [id]);
}
