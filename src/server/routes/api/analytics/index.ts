import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  actionFigures,
  completionRate,
  dashboardSummary,
  distribution,
  monthlyTrend,
  mttr,
} from '../../../../shared/schemas/analytics.ts';
import { errorSchema } from '../../../../shared/schemas/common.ts';
import {
  departmentAvailability,
  downtimeReasonPareto,
  machineAvailability,
  windowQuery,
} from '../../../../shared/schemas/downtime.ts';
import { sendJson } from '../../../lib/send-json.ts';

const tags = ['analytics'];

/** Every answer is served from the response cache until the data changes. */
const analytics: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.analytics;
  const mayView = app.requirePermission('analytics:view');

  function serve(path: string, response: z.ZodType, compute: (now: Date) => Promise<unknown>, restricted = true) {
    app.get(
      path,
      {
        ...(restricted ? { preHandler: mayView } : {}),
        schema: { tags, response: { 200: response, 403: errorSchema } },
      },
      async (_request, reply) => {
        const now = new Date();
        // Trend windows move with the month and overdue actions with the day, so the day is part of every key.
        const key = `analytics:${now.toISOString().slice(0, 10)}:${path}`;
        return sendJson(reply, await app.cached(key, () => compute(now)));
      },
    );
  }

  serve('/dashboard', dashboardSummary, () => repo.dashboard(), false);
  serve('/machines/status-distribution', distribution, () => repo.machineStatusDistribution());
  serve('/machines/department-distribution', distribution, () => repo.machineDepartmentDistribution());
  serve('/tickets/trends', monthlyTrend, (now) => repo.ticketTrends(now));
  serve('/tickets/mttr', mttr, () => repo.mttr());
  serve('/incidents/type-trends', distribution, () => repo.incidentTypeDistribution());
  serve('/incidents/monthly-trends', monthlyTrend, (now) => repo.incidentMonthlyTrends(now));
  serve('/maintenance/completion-rate', completionRate, () => repo.completionRate());
  serve('/incidents/actions', actionFigures, (now) => repo.actionFigures(now));

  /** Over the last `days` days up to now: cached per minute, as the window moves. */
  function serveWindow(path: string, response: z.ZodType, compute: (days: number, now: Date) => Promise<unknown>) {
    app.get(
      path,
      {
        preHandler: mayView,
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
};

export default analytics;
