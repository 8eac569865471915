import { queryOptions, useQuery } from '@tanstack/react-query';
import { previousFigures, type PreviousFigures } from '#shared/schemas/analytics.ts';
import { api } from './api.ts';

const signed = (value: number, suffix = '') =>
  `${value > 0 ? '+' : value < 0 ? '-' : '±'}${String(Number(Math.abs(value).toFixed(1)))}${suffix}`;

/**
 * The change of a figure against the previous period, as the card shows it: '+3', '-0.5h',
 * '+4.2 pts' (percentages change in points). Undefined without a figure to compare with.
 */
export function changeOf(current: number | undefined, previous: number | null | undefined, suffix = '') {
  if (current === undefined || previous === null || previous === undefined) return undefined;
  return signed(current - previous, suffix);
}

export const periodNote = (days: number) => (days === 365 ? '12 months' : `${days} days`);

/**
 * The figures of `days` days ago and of the period before, from the server (GET
 * /api/analytics/previous); the persisted query cache keeps them for an offline start.
 */
export function usePreviousFigures(days: number): PreviousFigures | undefined {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'previous', days],
      queryFn: () => api.get('analytics/previous', { searchParams: { days } }).json(previousFigures),
    }),
  ).data;
}
