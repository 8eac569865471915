import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { departmentAvailability, downtimeReasonPareto, machineAvailability } from '../../../shared/schemas/downtime.ts';
import { api } from '../../lib/api.ts';

export const downtimeWindowDays = 30;

function windowQuery<Schema extends z.ZodType>(path: string, schema: Schema) {
  return queryOptions({
    queryKey: ['analytics', path, downtimeWindowDays],
    queryFn: () => api.get(`analytics/${path}`, { searchParams: { days: downtimeWindowDays } }).json(schema),
  });
}

/** Availability, MTBF and the downtime Pareto over the last 30 days; empty until loaded. */
export function useDowntimeFigures() {
  const machines = useQuery(windowQuery('machines/availability', machineAvailability));
  const departments = useQuery(windowQuery('departments/availability', departmentAvailability));
  const reasons = useQuery(windowQuery('downtime/reasons', downtimeReasonPareto));
  return { machines: machines.data ?? [], departments: departments.data ?? [], reasons: reasons.data ?? [] };
}
