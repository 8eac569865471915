import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partStockColumns } from '#shared/export-columns.ts';
import { errorSchema, historyEntry, idParams } from '#shared/schemas/common.ts';
import {
  part,
  partCreate,
  partDetail,
  partExportQuery,
  partListQuery,
  partPage,
  partUpdate,
  partUpdated,
} from '#shared/schemas/part.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { sendCsv } from '#server/lib/send-csv.ts';
import reservations from './reservations.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['parts'];

/** Parts with their stock per bin and in total (src/docs/parts.md); reading is open to everyone signed in. */
const parts: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.parts;
  await app.register(reservations);

  app.get('/', { schema: { tags, querystring: partListQuery, response: { 200: partPage, ...errors } } }, (request) =>
    repository.list(request.query),
  );

  app.get(
    '/export',
    { schema: { tags, querystring: partExportQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    (request, reply) => sendCsv(reply, 'stock', partStockColumns, repository.exportStock(request.query)),
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: partDetail, ...errors } } }, (request) =>
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
      preHandler: app.requirePermission('part:manage'),
      schema: { tags, body: partCreate, response: { 200: part, 201: part, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await repository.create(request.body, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.patch(
    '/:id',
    {
      preHandler: app.requirePermission('part:manage'),
      schema: { tags, params: idParams, body: partUpdate, response: { 200: partUpdated, ...errors } },
    },
    async (request) => {
      const { record, overwritten } = await repository.update(request.params.id, request.body, changeContext(request));
      return { ...record, overwritten };
    },
  );
};

export default parts;
