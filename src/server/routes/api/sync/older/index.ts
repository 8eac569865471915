import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { incidentPage } from '#shared/schemas/incident.ts';
import { olderIncidentsQuery, olderTicketsQuery } from '#shared/schemas/sync.ts';
import { ticketPage } from '#shared/schemas/ticket.ts';

const tags = ['sync'];

/**
 * The tickets and incidents a device does not keep (outside its working set of `windowDays`) that match
 * the list's filters, paged as the list calls page: how the lists offer older records online.
 */
const older: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets',
    { schema: { tags, querystring: olderTicketsQuery, response: { 200: ticketPage, 400: errorSchema } } },
    (request) => app.repos.sync.olderTickets(request.query, { windowDays: request.query.windowDays, now: new Date() }),
  );

  app.get(
    '/incidents',
    { schema: { tags, querystring: olderIncidentsQuery, response: { 200: incidentPage, 400: errorSchema } } },
    (request) =>
      app.repos.sync.olderIncidents(request.query, { windowDays: request.query.windowDays, now: new Date() }),
  );
};

export default older;
