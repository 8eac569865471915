import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permitColumns } from '#shared/export-columns.ts';
import type { Actor } from '#shared/permissions.ts';
import { idParams } from '#shared/schemas/common.ts';
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
import { createdOrFound, recordErrors, recordCollection } from '../../record-routes.ts';

const errors = recordErrors;
const tags = ['permits'];

/** Permits to work and their locks (src/docs/permits.md). */
const permits: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.permits;
  const actorOf = (request: FastifyRequest): Actor => ({ _id: request.user._id, role: request.user.role });

  await app.register(
    recordCollection({
      tags,
      list: { query: permitListQuery, response: z.array(permit), read: (query) => repository.list(query) },
      csv: {
        file: 'permits',
        query: permitExportQuery,
        columns: permitColumns,
        rows: (query) => repository.exportAll(query),
      },
      record: permit,
      repository,
    }),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('permit:request'),
      schema: { tags, body: permitCreate, response: { 200: permit, 201: permit, ...errors } },
    },
    async (request, reply) => createdOrFound(reply, await repository.create(request.body, changeContext(request))),
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
    async (request, reply) =>
      createdOrFound(reply, await repository.addLock(request.params.id, request.body, changeContext(request))),
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
