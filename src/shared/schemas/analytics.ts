import { z } from 'zod';

export const dashboardSummary = z.object({
  machines: z.object({ total: z.number(), running: z.number(), down: z.number(), maintenance: z.number() }),
  tickets: z.object({ open: z.number() }),
  incidents: z.object({ open: z.number(), critical: z.number() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const distribution = z.array(z.object({ _id: z.string(), count: z.number() }));
export type Distribution = z.infer<typeof distribution>;

export const monthlyTrend = z.array(
  z.object({ _id: z.object({ year: z.number(), month: z.number() }), count: z.number() }),
);
export type MonthlyTrend = z.infer<typeof monthlyTrend>;

export const mttr = z.object({ mttr: z.number(), totalResolvedTickets: z.number() });
export type Mttr = z.infer<typeof mttr>;

export const completionRate = z.object({ completionRate: z.number(), completed: z.number(), total: z.number() });
export type CompletionRate = z.infer<typeof completionRate>;

/** Corrective and preventive actions over every incident (src/docs/corrective-actions.md). */
export const actionFigures = z.object({
  open: z.number(),
  overdue: z.number(),
  done: z.number(),
  verified: z.number(),
  /** From an action's creation to its verification, in days (one decimal). */
  averageDaysToClose: z.number(),
});
export type ActionFigures = z.infer<typeof actionFigures>;

/** The periods the analytics screen offers, in days: 30 days, 90 days, 12 months. */
export const analyticsPeriods = [30, 90, 365] as const;

/** An optional period: without it each figure keeps its spec window (all time, or its months). */
export const periodQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be 1 to 365')
    .max(365, 'days must be 1 to 365')
    .optional(),
});

/** What the cards' changes compare with (src/docs/analytics.md); null where there was nothing to measure. */
export const previousFigures = z.object({
  days: z.number(),
  /** The start of the period: snapshots are taken here, period figures cover the `days` before it. */
  at: z.string(),
  machines: z
    .object({ total: z.number(), running: z.number(), down: z.number(), maintenance: z.number(), idle: z.number() })
    .nullable(),
  openTickets: z.number().nullable(),
  openIncidents: z.number().nullable(),
  mttr: z.number().nullable(),
  completionRate: z.number().nullable(),
});
export type PreviousFigures = z.infer<typeof previousFigures>;
