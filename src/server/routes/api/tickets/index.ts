import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketColumns } from '#shared/export-columns.ts';
import {
  commentCreate,
  ticket,
  ticketCreate,
  ticketExportQuery,
  ticketListQuery,
  ticketPage,
  ticketUpdate,
  ticketUpdated,
} from '#shared/schemas/ticket.ts';
import { childCreate, numberedRecordRoutes } from '../../numbered-record-routes.ts';

const tickets: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.tickets;
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
      children: [
        childCreate({
          path: 'comments',
          permission: 'ticket:comment',
          body: commentCreate,
          add: (id, comment, _actor, context) => repository.addComment(id, comment, context),
        }),
      ],
    }),
  );
};

export default tickets;
