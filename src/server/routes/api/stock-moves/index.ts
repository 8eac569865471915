import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockMoveColumns } from '#shared/export-columns.ts';
import { moveExportQuery, moveListQuery, stockMove, stockMoveCreate } from '#shared/schemas/part.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { createdOrFound, csvExport, recordErrors } from '../../record-routes.ts';

const errors = recordErrors;
const tags = ['parts'];

/** The stock ledger (src/docs/parts.md): each move applied once per `_id`, never refused for lack of stock. */
const stockMoves: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.stockMoves;

  app.get(
    '/',
    { schema: { tags, querystring: moveListQuery, response: { 200: z.array(stockMove), ...errors } } },
    (request) => repository.list(request.query),
  );

  await app.register(
    csvExport({
      tags,
      file: 'stock-moves',
      query: moveExportQuery,
      columns: stockMoveColumns,
      rows: (query) => repository.exportAll(query),
    }),
  );

  // Receipts, transfers, counts and returns to no work need `part:manage`: the repository checks by kind.
  app.post(
    '/',
    {
      preHandler: app.requirePermission('part:issue'),
      schema: { tags, body: stockMoveCreate, response: { 200: stockMove, 201: stockMove, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(reply, await repository.create(request.body, request.user, changeContext(request))),
  );
};

export default stockMoves;
