import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  actionFigures,
  completionRate,
  dashboardSummary,
  distribution,
  monthlyTrend,
  mttr,
  periodQuery,
  previousFigures,
} from '#shared/schemas/analytics.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  departmentAvailability,
  downtimeReasonPareto,
  failureModes,
  machineAvailability,
  windowQuery,
} from '#shared/schemas/downtime.ts';
import { sendJson } from '#server/lib/send-json.ts';

const tags = ['analytics'];

/** Every answer is served from the response cache until the data changes. */
const analytics: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.analytics;
  const mayView = app.requirePermission('analytics:view');
  const mayViewReliability = app.requirePermission('reliability:view');

  /** `days`: the period of the figure, when the screen chose one (periodQuery). */
  function serve(
    path: string,
    response: z.ZodType,
    compute: (now: Date, days: number | undefined) => Promise<unknown>,
    restricted = true,
  ) {
    app.get(
      path,
      {
        ...(restricted ? { preHandler: mayView } : {}),
        schema: { tags, querystring: periodQuery, response: { 200: response, 403: errorSchema } },
      },
      async (request, reply) => {
        const now = new Date();
        const { days } = request.query;
        // Trend windows move with the month and overdue actions with the day, so the day is part of
        // every key; a period moves with the minute.
        const when = now.toISOString().slice(0, days === undefined ? 10 : 16);
        const key = `analytics:${when}:${path}:${days ?? ''}`;
        return sendJson(reply, await app.cached(key, () => compute(now, days)));
      },
    );
  }

  serve('/dashboard', dashboardSummary, () => repo.dashboard(), false);
  serve('/machines/status-distribution', distribution, () => repo.machineStatusDistribution());
  serve('/machines/department-distribution', distribution, () => repo.machineDepartmentDistribution());
  serve('/tickets/trends', monthlyTrend, (now, days) => repo.ticketTrends(days, now));
  serve('/tickets/mttr', mttr, (now, days) => repo.mttr(days, now));
  serve('/incidents/type-trends', distribution, (now, days) => repo.incidentTypeDistribution(days, now));
  serve('/incidents/monthly-trends', monthlyTrend, (now, days) => repo.incidentMonthlyTrends(days, now));
  serve('/maintenance/completion-rate', completionRate, (now, days) => repo.completionRate(days, now));
  serve('/incidents/actions', actionFigures, (now) => repo.actionFigures(now));
  // The dashboard's changes need it too, so every role may read it.
  serve('/previous', previousFigures, (now, days) => repo.previous(days ?? 30, now), false);

  /** Over the last `days` days up to now: cached per minute, as the window moves. */
  function serveWindow(path: string, response: z.ZodType, compute: (days: number, now: Date) => Promise<unknown>) {
    app.get(
      path,
      {
        preHandler: mayViewReliability,
        schema: { tags, querystring: windowQuery, response: { 200: response, 403: errorSchema } },
      },
      async (request, reply) => {
        const now = new Date();
        const key = `analytics:${now.toISOString().slice(0, 16)}:${path}:${request.query.days}`;
        return sendJson(reply, await app.cached(key, () => compute(request.query.days, now)));
      },
    );
  }

  serveWindow('/machines/availability', machineAvailability, (days, now) => repo.downtime.machines(days, now));
  serveWindow('/departments/availability', departmentAvailability, (days, now) => repo.downtime.departments(days, now));
  serveWindow('/downtime/reasons', downtimeReasonPareto, (days, now) => repo.downtime.reasons(days, now));
  serveWindow('/failure-modes', failureModes, (days, now) => repo.downtime.failureModes(days, now));
};

export default analytics;
