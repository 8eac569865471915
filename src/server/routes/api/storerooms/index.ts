import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { binCreate, storeroom, storeroomCreate } from '#shared/schemas/part.ts';
import { createdOrFound } from '../../record-routes.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['parts'];

/** Storerooms and their bins (src/docs/parts.md). */
const storerooms: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.storerooms;

  app.get('/', { schema: { tags, response: { 200: z.array(storeroom) } } }, () => repository.list());

  app.post(
    '/',
    {
      preHandler: app.requirePermission('part:manage'),
      schema: { tags, body: storeroomCreate, response: { 200: storeroom, 201: storeroom, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(reply, await repository.create(request.body, { userId: request.user._id })),
  );

  app.post(
    '/:id/bins',
    {
      preHandler: app.requirePermission('part:manage'),
      schema: { tags, params: idParams, body: binCreate, response: { 200: storeroom, 201: storeroom, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(
        reply,
        await repository.addBin(request.params.id, request.body, {
          userId: request.user._id,
        }),
      ),
  );
};

export default storerooms;
