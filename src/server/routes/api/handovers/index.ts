import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handoverColumns } from '#shared/export-columns.ts';
import { errorSchema, historyEntry, idParams } from '#shared/schemas/common.ts';
import {
  draftQuery,
  handover,
  handoverCreate,
  handoverDraft,
  handoverExportQuery,
  handoverListQuery,
  shiftPlanSchema,
} from '#shared/schemas/handover.ts';
import { shiftPlanOf, type Config } from '../../../config.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { sendCsv } from '#server/lib/send-csv.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['handovers'];

/** The shift log of each department (src/docs/shift-handover.md). */
const handovers: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const repository = app.repos.handovers;
  const plan = shiftPlanOf(config);

  app.get('/plan', { schema: { tags, response: { 200: shiftPlanSchema } } }, () => plan);

  app.get(
    '/draft',
    { schema: { tags, querystring: draftQuery, response: { 200: handoverDraft, ...errors } } },
    (request) => repository.draft(request.query.department, plan, request.query.shiftStart),
  );

  app.get(
    '/',
    { schema: { tags, querystring: handoverListQuery, response: { 200: z.array(handover), ...errors } } },
    (request) => repository.list(request.query),
  );

  app.get(
    '/export',
    { schema: { tags, querystring: handoverExportQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    (request, reply) => sendCsv(reply, 'handovers', handoverColumns, repository.exportAll(request.query.department)),
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: handover, ...errors } } }, (request) =>
    repository.get(request.params.id),
  );

  app.get(
    '/:id/history',
    { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...errors } } },
    (request) => repository.history(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('handover:write'),
      schema: { tags, body: handoverCreate, response: { 200: handover, 201: handover, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await repository.create(request.body, plan, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.post(
    '/:id/acknowledge',
    {
      preHandler: app.requirePermission('handover:acknowledge'),
      schema: { tags, params: idParams, response: { 200: handover, ...errors } },
    },
    async (request) => (await repository.acknowledge(request.params.id, changeContext(request))).record,
  );
};

export default handovers;
