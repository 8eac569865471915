import { useQuery } from '@tanstack/react-query';
import { costAnalytics } from '#shared/schemas/costs.ts';
import { api } from '#client/lib/api.ts';
import { localToday } from '#client/lib/money.ts';

/** The last `days` days up to today on this device, as the cost analytics take them. */
export function periodOf(days: number, until = localToday()) {
  const from = new Date(Date.parse(`${until}T12:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to: until };
}

/** Maintenance cost over the last `days` days (the last copy offline). */
export function useCostFigures(days: number, enabled: boolean) {
  const period = periodOf(days);
  return useQuery({
    queryKey: ['analytics', 'costs', period.from, period.to],
    queryFn: () => api.get('analytics/costs', { searchParams: period }).json(costAnalytics),
    enabled,
  });
}
