import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../shared/schemas/common.ts';
import { syncPage, syncQuery } from '../../../../shared/schemas/sync.ts';
import older from './older/index.ts';

/**
 * What changed since the cursor, oldest change first; call again with the returned cursor while hasMore.
 * `scope=core|history` narrows the feed to the device's working set (src/shared/working-set.ts).
 */
const sync: FastifyPluginAsyncZod = async (app) => {
  await app.register(older, { prefix: '/older' });
  app.get(
    '/',
    { schema: { tags: ['sync'], querystring: syncQuery, response: { 200: syncPage, 400: errorSchema } } },
    (request) => {
      const { cursor, limit, scope, windowDays } = request.query;
      return app.repos.sync.page(Number(cursor || 0), limit, {
        scope,
        userId: request.user._id,
        windowDays,
        now: new Date(),
      });
    },
  );
};

export default sync;
