import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handoverColumns } from '#shared/export-columns.ts';
import { idParams } from '#shared/schemas/common.ts';
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
import { createdOrFound, csvExport, recordErrors, recordReads } from '../../record-routes.ts';

const errors = recordErrors;
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

  await app.register(
    csvExport({
      tags,
      file: 'handovers',
      query: handoverExportQuery,
      columns: handoverColumns,
      rows: (query) => repository.exportAll(query.department),
    }),
  );
  await app.register(recordReads(tags, handover, repository));

  app.post(
    '/',
    {
      preHandler: app.requirePermission('handover:write'),
      schema: { tags, body: handoverCreate, response: { 200: handover, 201: handover, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(reply, await repository.create(request.body, plan, changeContext(request))),
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
