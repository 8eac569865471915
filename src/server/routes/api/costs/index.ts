import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { workCost } from '#shared/schemas/costs.ts';
import type { Config } from '#server/config.ts';

const errors = { 403: errorSchema, 404: errorSchema };
const tags = ['costs'];

/** What a ticket or a maintenance job cost: parts and labour (src/docs/costs.md). */
const costs: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const schema = { tags, params: idParams, response: { 200: workCost, ...errors } };
  const preHandler = app.requirePermission('cost:view');

  app.get('/tickets/:id/cost', { preHandler, schema }, (request) =>
    app.repos.costs.ofWork({ ticket: request.params.id }, config.CURRENCY),
  );
  app.get('/maintenance/:id/cost', { preHandler, schema }, (request) =>
    app.repos.costs.ofWork({ schedule: request.params.id }, config.CURRENCY),
  );
};

export default costs;
