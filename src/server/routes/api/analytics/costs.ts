import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { costAnalytics, costQuery } from '#shared/schemas/costs.ts';
import type { Config } from '#server/config.ts';

/** `GET /api/analytics/costs`: maintenance cost per machine and department, parts used, stock value. */
const costs: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/costs',
    {
      preHandler: app.requirePermission('cost:view'),
      schema: {
        tags: ['analytics'],
        querystring: costQuery,
        response: { 200: costAnalytics, 400: errorSchema, 403: errorSchema },
      },
    },
    (request) =>
      app.repos.costAnalytics(request.query, { currency: config.CURRENCY, timeZone: config.PLANT_TIME_ZONE }),
  );
};

export default costs;
