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
