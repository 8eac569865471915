import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockMoveColumns } from '#shared/export-columns.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { moveExportQuery, moveListQuery, stockMove, stockMoveCreate } from '#shared/schemas/part.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { sendCsv } from '#server/lib/send-csv.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['parts'];

/** The stock ledger (src/docs/parts.md): each move applied once per `_id`, never refused for lack of stock. */
const stockMoves: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.stockMoves;

  app.get(
    '/',
    { schema: { tags, querystring: moveListQuery, response: { 200: z.array(stockMove), ...errors } } },
    (request) => repository.list(request.query),
  );

  app.get(
    '/export',
    { schema: { tags, querystring: moveExportQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    (request, reply) => sendCsv(reply, 'stock-moves', stockMoveColumns, repository.exportAll(request.query)),
  );

  // Receipts, transfers, counts and returns to no work need `part:manage`: the repository checks by kind.
  app.post(
    '/',
    {
      preHandler: app.requirePermission('part:issue'),
      schema: { tags, body: stockMoveCreate, response: { 200: stockMove, 201: stockMove, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await repository.create(request.body, request.user, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );
};

export default stockMoves;
