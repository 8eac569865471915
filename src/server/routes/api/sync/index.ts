import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { syncPage, syncQuery } from '#shared/schemas/sync.ts';
import older from './older/index.ts';

/**
 * A device's working set (src/shared/working-set.ts, src/docs/offline-sync.md): a first sync reads it
 * as a snapshot, newest first (`snapshot=core`, then `history`, with the `mark` and `after` each page
 * returns), then the log goes on from the mark (`cursor`), oldest change first, while hasMore. A
 * position past every change of this database (restored from an older backup) answers 410.
 */
const sync: FastifyPluginAsyncZod = async (app) => {
  await app.register(older, { prefix: '/older' });
  app.get(
    '/',
    {
      schema: {
        tags: ['sync'],
        querystring: syncQuery,
        response: { 200: syncPage, 400: errorSchema, 410: errorSchema },
      },
      // The pages are the repositories' typed records, checked by every device as it stores them;
      // checking thousands a page here again cost the server CPU on every first sync. A test holds
      // the pages to the schema (tests/server/sync.test.ts).
      serializerCompiler: () => (page) => JSON.stringify(page),
    },
    (request) => {
      const { cursor, snapshot, mark, after, limit, windowDays } = request.query;
      const feed = { userId: request.user._id, windowDays, now: new Date() };
      if (!snapshot) return app.repos.sync.log(Number(cursor || 0), limit, feed);
      return app.repos.sync.snapshot({ scope: snapshot, mark: mark ? Number(mark) : undefined, after }, limit, feed);
    },
  );
};

export default sync;
