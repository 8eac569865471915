import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partStockColumns } from '#shared/export-columns.ts';
import { idParams } from '#shared/schemas/common.ts';
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
import { createdOrFound, recordErrors, recordCollection } from '../../record-routes.ts';
import reorder from '../purchase-requests/reorder.ts';
import reservations from './reservations.ts';

const errors = recordErrors;
const tags = ['parts'];

/** Parts with their stock per bin and in total (src/docs/parts.md); reading is open to everyone signed in. */
const parts: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.parts;
  await app.register(reservations);
  await app.register(reorder);

  await app.register(
    recordCollection({
      tags,
      list: { query: partListQuery, response: partPage, read: (query) => repository.list(query) },
      csv: {
        file: 'stock',
        query: partExportQuery,
        columns: partStockColumns,
        rows: (query) => repository.exportStock(query),
      },
      record: partDetail,
      repository,
    }),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('part:manage'),
      schema: { tags, body: partCreate, response: { 200: part, 201: part, ...errors } },
    },
    async (request, reply) => createdOrFound(reply, await repository.create(request.body, changeContext(request))),
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
