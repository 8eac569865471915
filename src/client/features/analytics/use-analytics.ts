import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  actionFigures,
  completionRate,
  dashboardSummary,
  distribution,
  monthlyTrend,
  mttr,
  type ActionFigures,
  type CompletionRate,
  type DashboardSummary,
  type Distribution,
  type MonthlyTrend,
  type Mttr,
} from '#shared/schemas/analytics.ts';
import { api } from '#client/lib/api.ts';

/**
 * One query per endpoint, over the period for the figures that have one; the persisted query cache
 * keeps the last answers for an offline start.
 */
function analyticsQuery<Schema extends z.ZodType>(path: string, schema: Schema, days?: number) {
  return queryOptions({
    queryKey: ['analytics', path, ...(days === undefined ? [] : [days])],
    queryFn: () => api.get(`analytics/${path}`, days === undefined ? {} : { searchParams: { days } }).json(schema),
  });
}

export interface AnalyticsData {
  summary: DashboardSummary;
  statusDistribution: Distribution;
  departmentDistribution: Distribution;
  ticketTrends: MonthlyTrend;
  mttr: Mttr;
  incidentTypes: Distribution;
  incidentTrends: MonthlyTrend;
  completion: CompletionRate;
  actions: ActionFigures;
  /** When the oldest of the shown figures was loaded (ms), or null while none has loaded. */
  loadedAt: number | null;
}

// Spec: fetch errors are not shown; missing data falls back to 0 or empty.
const noSummary: DashboardSummary = {
  machines: { total: 0, running: 0, down: 0, maintenance: 0 },
  tickets: { open: 0 },
  incidents: { open: 0, critical: 0 },
};
const noMttr: Mttr = { mttr: 0, totalResolvedTickets: 0 };
const noCompletion: CompletionRate = { completionRate: 0, completed: 0, total: 0 };
const noActions: ActionFigures = { open: 0, overdue: 0, done: 0, verified: 0, averageDaysToClose: 0 };

/** The figures of the screen; trends, MTTR, incident types and completion over the last `days` days. */
export function useAnalytics(days: number): AnalyticsData {
  const summary = useQuery(analyticsQuery('dashboard', dashboardSummary));
  const statusDistribution = useQuery(analyticsQuery('machines/status-distribution', distribution));
  const departmentDistribution = useQuery(analyticsQuery('machines/department-distribution', distribution));
  const ticketTrends = useQuery(analyticsQuery('tickets/trends', monthlyTrend, days));
  const repairTime = useQuery(analyticsQuery('tickets/mttr', mttr, days));
  const incidentTypes = useQuery(analyticsQuery('incidents/type-trends', distribution, days));
  const incidentTrends = useQuery(analyticsQuery('incidents/monthly-trends', monthlyTrend, days));
  const completion = useQuery(analyticsQuery('maintenance/completion-rate', completionRate, days));
  const actions = useQuery(analyticsQuery('incidents/actions', actionFigures));

  const loadTimes = [
    summary,
    statusDistribution,
    departmentDistribution,
    ticketTrends,
    repairTime,
    incidentTypes,
    incidentTrends,
    completion,
    actions,
  ]
    .map((query) => query.dataUpdatedAt)
    .filter((time) => time > 0);

  return {
    summary: summary.data ?? noSummary,
    statusDistribution: statusDistribution.data ?? [],
    departmentDistribution: departmentDistribution.data ?? [],
    ticketTrends: ticketTrends.data ?? [],
    mttr: repairTime.data ?? noMttr,
    incidentTypes: incidentTypes.data ?? [],
    incidentTrends: incidentTrends.data ?? [],
    completion: completion.data ?? noCompletion,
    actions: actions.data ?? noActions,
    loadedAt: loadTimes.length > 0 ? Math.min(...loadTimes) : null,
  };
}
