import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { forWorkQuery, partsForWork, reservation, reservationCreate } from '#shared/schemas/part.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { createdOrFound } from '../../record-routes.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['parts'];

/** Parts planned for a ticket or a schedule, and what that work used (src/docs/parts.md). */
const reservations: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.partReservations;

  app.get(
    '/for-work',
    { schema: { tags, querystring: forWorkQuery, response: { 200: partsForWork, ...errors } } },
    (request) => repository.forWork(request.query),
  );

  app.post(
    '/reservations',
    {
      preHandler: app.requirePermission('part:issue'),
      schema: { tags, body: reservationCreate, response: { 200: reservation, 201: reservation, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(reply, await repository.create(request.body, request.user, changeContext(request))),
  );

  app.delete(
    '/reservations/:id',
    { schema: { tags, params: idParams, response: { 200: reservation, ...errors } } },
    (request) => repository.release(request.params.id, request.user, changeContext(request)),
  );
};

export default reservations;
