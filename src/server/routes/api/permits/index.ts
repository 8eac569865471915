import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permitColumns } from '#shared/export-columns.ts';
import type { Actor } from '#shared/permissions.ts';
import { errorSchema, historyEntry, idParams } from '#shared/schemas/common.ts';
import {
  lockCreate,
  lockParams,
  lockUpdate,
  permit,
  permitCreate,
  permitExportQuery,
  permitListQuery,
  permitUpdate,
  permitUpdated,
} from '#shared/schemas/permit.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { sendCsv } from '#server/lib/send-csv.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['permits'];

/** Permits to work and their locks (src/docs/permits.md). */
const permits: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.permits;
  const actorOf = (request: FastifyRequest): Actor => ({ _id: request.user._id, role: request.user.role });

  app.get(
    '/',
    { schema: { tags, querystring: permitListQuery, response: { 200: z.array(permit), ...errors } } },
    (request) => repository.list(request.query),
  );

  app.get(
    '/export',
    { schema: { tags, querystring: permitExportQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    (request, reply) => sendCsv(reply, 'permits', permitColumns, repository.exportAll(request.query)),
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: permit, ...errors } } }, (request) =>
    repository.get(request.params.id),
  );

  app.get(
    '/:id/history',
    { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...errors } } },
    (request) => repository.history(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('permit:request'),
      schema: { tags, body: permitCreate, response: { 200: permit, 201: permit, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await repository.create(request.body, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.patch(
    '/:id',
    { schema: { tags, params: idParams, body: permitUpdate, response: { 200: permitUpdated, ...errors } } },
    async (request) => {
      const { record, overwritten } = await repository.update(
        request.params.id,
        request.body,
        actorOf(request),
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );

  app.post(
    '/:id/locks',
    {
      preHandler: app.requirePermission('permit:request'),
      schema: { tags, params: idParams, body: lockCreate, response: { 200: permit, 201: permit, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await repository.addLock(request.params.id, request.body, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.patch(
    '/:id/locks/:lockId',
    { schema: { tags, params: lockParams, body: lockUpdate, response: { 200: permit, ...errors } } },
    async (request) =>
      (
        await repository.updateLock(
          request.params.id,
          request.params.lockId,
          request.body,
          actorOf(request),
          changeContext(request),
        )
      ).record,
  );
};

export default permits;
