import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { labourEntry, labourEntryCreate, labourQuery } from '#shared/schemas/labour.ts';
import type { Config } from '#server/config.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { createdOrFound } from '../../record-routes.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['costs'];

/** Hours worked on tickets and maintenance (src/docs/costs.md), each recorded once per `_id`. */
const labour: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const repository = app.repos.labour;

  app.get(
    '/',
    { schema: { tags, querystring: labourQuery, response: { 200: z.array(labourEntry), ...errors } } },
    (request) => repository.list(request.query),
  );

  // Whose hours on which work: the repository checks against the work's people (mayRecordLabourFor).
  app.post(
    '/',
    {
      preHandler: app.requirePermission('labour:record'),
      schema: { tags, body: labourEntryCreate, response: { 200: labourEntry, 201: labourEntry, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(
        reply,
        await repository.create(request.body, request.user, changeContext(request), config.LABOUR_DEFAULT_RATE),
      ),
  );

  app.delete('/:id', { schema: { tags, params: idParams, response: { 200: labourEntry, ...errors } } }, (request) =>
    repository.remove(request.params.id, request.user, changeContext(request)),
  );
};

export default labour;
