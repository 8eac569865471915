import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, historyEntry, idParams } from '../../../../shared/schemas/common.ts';
import {
  managedUser,
  resetCodeResponse,
  roleDecision,
  userListQuery,
  userSummary,
  userUpdate,
} from '../../../../shared/schemas/user.ts';

const tags = ['users'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * `GET /` lists everyone's name and role for every signed-in user (assignees). The rest is the admins'
 * Users screen; a change applies on this server at once and on the others within the account recheck.
 */
const users: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags, response: { 200: z.array(userSummary) } },
      preHandler: app.requirePermission('user:list'),
    },
    () => app.repos.users.listSummaries(),
  );

  const manage = app.requirePermission('user:manage');

  app.get(
    '/accounts',
    {
      schema: { tags, querystring: userListQuery, response: { 200: z.array(managedUser), ...errors } },
      preHandler: manage,
    },
    (request) => app.repos.userAdmin.list(request.query.search),
  );

  app.patch(
    '/:id',
    {
      schema: { tags, params: idParams, body: userUpdate, response: { 200: managedUser, ...errors } },
      preHandler: manage,
    },
    async (request) => {
      const updated = await app.repos.userAdmin.update(request.params.id, request.body, request.user._id);
      app.forgetAccount(updated._id);
      return updated;
    },
  );

  app.post(
    '/:id/role-request',
    {
      schema: { tags, params: idParams, body: roleDecision, response: { 200: managedUser, ...errors } },
      preHandler: manage,
    },
    async (request) => {
      const decided = await app.repos.userAdmin.decideRoleRequest(request.params.id, request.body, request.user._id);
      app.forgetAccount(decided._id);
      return decided;
    },
  );

  app.post(
    '/:id/reset-code',
    { schema: { tags, params: idParams, response: { 201: resetCodeResponse, ...errors } }, preHandler: manage },
    async (request, reply) =>
      reply.code(201).send(await app.repos.userAdmin.issueResetCode(request.params.id, request.user._id)),
  );

  app.get(
    '/:id/history',
    { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...errors } }, preHandler: manage },
    (request) => app.repos.userAdmin.history(request.params.id),
  );
};

export default users;
