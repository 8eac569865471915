import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSummary } from '../../../../shared/schemas/user.ts';

const users: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags: ['users'], response: { 200: z.array(userSummary) } },
      preHandler: app.requirePermission('user:list'),
    },
    () => app.repos.users.listSummaries(),
  );
};

export default users;
