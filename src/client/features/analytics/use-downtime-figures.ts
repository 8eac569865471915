import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  departmentAvailability,
  downtimeReasonPareto,
  failureModes,
  machineAvailability,
} from '#shared/schemas/downtime.ts';
import { api } from '#client/lib/api.ts';

function windowQuery<Schema extends z.ZodType>(path: string, schema: Schema, days: number) {
  return queryOptions({
    queryKey: ['analytics', path, days],
    queryFn: () => api.get(`analytics/${path}`, { searchParams: { days } }).json(schema),
  });
}

/** Availability, MTBF and the downtime Pareto over the last `days` days; empty until loaded. */
export function useDowntimeFigures(days: number) {
  const machines = useQuery(windowQuery('machines/availability', machineAvailability, days));
  const departments = useQuery(windowQuery('departments/availability', departmentAvailability, days));
  const reasons = useQuery(windowQuery('downtime/reasons', downtimeReasonPareto, days));
  return { machines: machines.data ?? [], departments: departments.data ?? [], reasons: reasons.data ?? [] };
}

/** MTBF and downtime by failure mode for each machine type over the last `days` days; empty until loaded. */
export function useFailureModes(days: number) {
  return useQuery(windowQuery('failure-modes', failureModes, days)).data ?? [];
}
