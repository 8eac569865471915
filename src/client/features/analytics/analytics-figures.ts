import type { DashboardSummary, Distribution, MonthlyTrend } from '#shared/schemas/analytics.ts';

/** Spec: running divided by total as a rounded percent, 0 with no machines. */
export function machineUptime({ running, total }: Pick<DashboardSummary['machines'], 'running' | 'total'>): number {
  return total > 0 ? Math.round((running / total) * 100) : 0;
}

/** Hours to at most one decimal: 12.35 -> '12.3' (rounded by toFixed), 4 -> '4', 0 -> '0'. */
export function formatHours(hours: number): string {
  return String(Number(hours.toFixed(1)));
}

/** Spec: months are shown as year-month with a two-digit month, '2026-03'. */
export function monthLabel({ year, month }: { year: number; month: number }): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

// A type rather than an interface, so nivo's bar chart takes it as a record.
export type ChartPoint = { label: string; count: number };

export function distributionPoints(rows: Distribution): ChartPoint[] {
  return rows.map(({ _id, count }) => ({ label: _id, count }));
}

export function trendPoints(rows: MonthlyTrend): ChartPoint[] {
  return rows.map(({ _id, count }) => ({ label: monthLabel(_id), count }));
}

/** What a chart shows, in words, for screen readers: 'Running: 12, Down: 3'. */
export function describePoints(points: readonly ChartPoint[]): string {
  return points.length > 0 ? points.map(({ label, count }) => `${label}: ${count}`).join(', ') : 'No data';
}
