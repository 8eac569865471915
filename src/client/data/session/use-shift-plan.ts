import { useQuery } from '@tanstack/react-query';
import { shiftPlanSchema } from '#shared/schemas/handover.ts';
import { defaultPlan, type ShiftPlan } from '#shared/shifts.ts';
import { api } from '#client/lib/api.ts';

/** The plant's shifts, as the server last said (kept with the query cache, so offline too). */
export function useShiftPlan(): ShiftPlan {
  const { data } = useQuery({
    queryKey: ['handovers', 'plan'],
    queryFn: () => api.get('handovers/plan').json(shiftPlanSchema),
    staleTime: 60 * 60_000,
  });
  return data ?? defaultPlan;
}
