import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { inboxRead } from '#shared/schemas/inbox.ts';

/**
 * The signed-in user's inbox (src/docs/inbox.md). Entries reach devices through /api/sync; this marks
 * them read for every device of the user. Marking twice changes nothing, so a replay is harmless.
 */
const inbox: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/read',
    {
      schema: {
        tags: ['inbox'],
        body: inboxRead,
        response: { 200: z.object({ marked: z.number().int() }), 400: errorSchema },
      },
    },
    async (request) => ({ marked: await app.repos.inbox.markRead(request.user._id, request.body.keys, new Date()) }),
  );
};

export default inbox;
