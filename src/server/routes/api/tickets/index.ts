import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketColumns } from '../../../../shared/export-columns.ts';
import { idParams } from '../../../../shared/schemas/common.ts';
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
import { changeContext } from '../../../lib/change-context.ts';
import { numberedRecordRoutes, recordErrors } from '../../numbered-record-routes.ts';

const tags = ['tickets'];

const tickets: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.tickets;

  const comments: FastifyPluginAsyncZod = async (scope) => {
    scope.post(
      '/:id/comments',
      {
        preHandler: app.requirePermission('ticket:comment'),
        schema: {
          tags,
          params: idParams,
          body: commentCreate,
          response: { 200: ticket, 201: ticket, ...recordErrors },
        },
      },
      async (request, reply) => {
        const { record, created } = await repository.addComment(
          request.params.id,
          request.body,
          changeContext(request),
        );
        return reply.code(created ? 201 : 200).send(record);
      },
    );
  };

  await app.register(
    numberedRecordRoutes({
      name: 'tickets',
      createPermission: 'ticket:create',
      schemas: {
        record: ticket,
        page: ticketPage,
        listQuery: ticketListQuery,
        exportQuery: ticketExportQuery,
        create: ticketCreate,
        update: ticketUpdate,
        updated: ticketUpdated,
      },
      exportColumns: ticketColumns,
      repository,
      routes: comments,
    }),
  );
};

export default tickets;
