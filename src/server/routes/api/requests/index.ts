import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { requestAccept, requestListQuery, requestMerge, requestReject, workRequest } from '#shared/schemas/request.ts';
import { changeContext } from '#server/lib/change-context.ts';

const tags = ['requests'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Triage of the work requests by engineers and admins (src/docs/work-requests.md). */
const requests: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('request:triage'));

  app.get(
    '/',
    { schema: { tags, querystring: requestListQuery, response: { 200: z.array(workRequest), ...errors } } },
    async (request) => app.repos.requests.list(request.query.status),
  );

  app.post(
    '/:id/accept',
    { schema: { tags, params: idParams, body: requestAccept, response: { 200: workRequest, ...errors } } },
    async (request) => app.repos.requests.accept(request.params.id, request.body, changeContext(request)),
  );

  app.post(
    '/:id/merge',
    { schema: { tags, params: idParams, body: requestMerge, response: { 200: workRequest, ...errors } } },
    async (request) => app.repos.requests.merge(request.params.id, request.body.ticket, changeContext(request)),
  );

  app.post(
    '/:id/reject',
    { schema: { tags, params: idParams, body: requestReject, response: { 200: workRequest, ...errors } } },
    async (request) => app.repos.requests.reject(request.params.id, request.body.reason, changeContext(request)),
  );
};

export default requests;
