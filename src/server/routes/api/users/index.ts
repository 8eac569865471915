import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, historyEntry, idParams } from '#shared/schemas/common.ts';
import {
  type ManagedUser,
  managedUser,
  resetCodeResponse,
  roleDecision,
  userListQuery,
  userSummary,
  userUpdate,
} from '#shared/schemas/user.ts';

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
  const changed = { tags, params: idParams, response: { 200: managedUser, ...errors } };
  /** This server acts on the change at once; the others read the account within their recheck. */
  const applied = async (change: Promise<ManagedUser>) => {
    const user = await change;
    app.forgetAccount(user._id);
    return user;
  };

  app.get(
    '/accounts',
    {
      schema: { tags, querystring: userListQuery, response: { 200: z.array(managedUser), ...errors } },
      preHandler: manage,
    },
    (request) => app.repos.userAdmin.list(request.query.search),
  );

  app.patch('/:id', { schema: { ...changed, body: userUpdate }, preHandler: manage }, (request) =>
    applied(app.repos.userAdmin.update(request.params.id, request.body, request.user._id)),
  );

  app.post('/:id/role-request', { schema: { ...changed, body: roleDecision }, preHandler: manage }, (request) =>
    applied(app.repos.userAdmin.decideRoleRequest(request.params.id, request.body, request.user._id)),
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
