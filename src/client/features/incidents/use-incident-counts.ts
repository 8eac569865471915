import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { incidentPage } from '#shared/schemas/incident.ts';
import { localDb } from '#client/data/store/db.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useIsOnline, useSyncStatusOf } from '#client/data/sync/use-sync.ts';
import { api } from '#client/lib/api.ts';
import { countIncidents, type IncidentCounts, type IncidentFilters } from './incident-list.ts';

/** The server's total for the filters with `field` set to `value` (none where the filters set it otherwise). */
async function serverTotal(filters: IncidentFilters, field: 'status' | 'severity', value: string) {
  if (filters[field] && filters[field] !== value) return 0;
  const searchParams = Object.entries({ ...filters, [field]: value, limit: '1' }).filter(([, set]) => set !== '');
  return (await api.get('incidents', { searchParams }).json(incidentPage)).total;
}

/**
 * The counters over every incident the filters match. Online the status and severity counters are
 * the server's totals (also the incidents this device no longer keeps), asked again after each pull
 * and local change; offline, and for This Month (recent incidents are always on the device), the
 * device's.
 */
export function useIncidentCounts(filters: IncidentFilters): IncidentCounts | undefined {
  const local = useLiveQuery(
    async () => await countIncidents(localDb, filters),
    [filters.search, filters.type, filters.severity, filters.status],
  );
  const isOnline = useIsOnline();
  const lastPulledAt = useSyncStatusOf((status) => status.lastPulledAt);
  const server = useQuery({
    queryKey: ['incident-counts', filters, lastPulledAt, local],
    queryFn: async () => {
      const [open, underInvestigation, critical] = await Promise.all([
        serverTotal(filters, 'status', 'Open'),
        serverTotal(filters, 'status', 'Under Investigation'),
        serverTotal(filters, 'severity', 'Critical'),
      ]);
      return { open, underInvestigation, critical };
    },
    enabled: isOnline && local !== undefined,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  if (!local) return undefined;
  return isOnline && server.data ? { ...server.data, thisMonth: local.thisMonth } : local;
}
