import { queryOptions, useQuery } from '@tanstack/react-query';
import { downtimeEvent } from '../../../shared/schemas/downtime.ts';
import { api } from '../../lib/api.ts';

/** The machine's stops, from the server; the persisted query cache keeps the last answer for offline use. */
export function useDowntime(machineId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['machines', machineId, 'downtime'],
      queryFn: () => api.get(`machines/${machineId}/downtime`).json(downtimeEvent.array()),
    }),
  );
}
