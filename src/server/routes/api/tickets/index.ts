import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '../../../../shared/schemas/common.ts';
import {
  commentCreate,
  ticket,
  ticketCreate,
  ticketExportQuery,
  ticketListQuery,
  ticketPage,
  ticketUpdate,
  ticketUpdated,
} from '../../../../shared/schemas/ticket.ts';
import { attachmentAndHistoryRoutes } from '../../../lib/attachment-routes.ts';
import { changeContext } from '../../../lib/change-context.ts';
import { sendCsv } from '../../../lib/send-csv.ts';
import { sendJson } from '../../../lib/send-json.ts';
import { ticketColumns } from '../../../../shared/export-columns.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['tickets'];

const tickets: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: ticketListQuery, response: { 200: ticketPage, 400: errorSchema } } },
    async (request, reply) => {
      const body = await app.cached(`tickets:${JSON.stringify(request.query)}`, () =>
        app.repos.tickets.list(request.query),
      );
      return sendJson(reply, body);
    },
  );

  // The whole history on the server that the list's filters and search find, as CSV (all pages).
  app.get(
    '/export',
    { schema: { tags, querystring: ticketExportQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    async (request, reply) => {
      return sendCsv(reply, 'tickets', ticketColumns, app.repos.tickets.exportAll(request.query));
    },
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: ticket, ...errors } } }, (request) =>
    app.repos.tickets.get(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('ticket:create'),
      schema: { tags, body: ticketCreate, response: { 200: ticket, 201: ticket, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await app.repos.tickets.create(request.body, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  // Who may change which field depends on the ticket (its reporter, its status): checked in the repository.
  app.put(
    '/:id',
    { schema: { tags, params: idParams, body: ticketUpdate, response: { 200: ticketUpdated, ...errors } } },
    async (request) => {
      const { record, overwritten } = await app.repos.tickets.update(
        request.params.id,
        request.body,
        request.user,
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );

  app.post(
    '/:id/comments',
    {
      preHandler: app.requirePermission('ticket:comment'),
      schema: { tags, params: idParams, body: commentCreate, response: { 200: ticket, 201: ticket, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await app.repos.tickets.addComment(
        request.params.id,
        request.body,
        changeContext(request),
      );
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  await app.register(
    attachmentAndHistoryRoutes({
      tags,
      record: ticket,
      assertExists: app.repos.tickets.assertExists,
      attach: app.repos.tickets.attach,
      history: app.repos.tickets.history,
    }),
  );
};

export default tickets;
