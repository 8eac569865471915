import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../shared/schemas/common.ts';
import { syncPage, syncQuery } from '../../../../shared/schemas/sync.ts';

/** Everything that changed since the cursor, oldest change first; call again with the returned cursor while hasMore. */
const sync: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['sync'], querystring: syncQuery, response: { 200: syncPage, 400: errorSchema } } },
    (request) => app.repos.sync.page(Number(request.query.cursor || 0), request.query.limit),
  );
};

export default sync;
