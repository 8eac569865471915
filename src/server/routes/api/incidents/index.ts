import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '../../../../shared/schemas/common.ts';
import {
  incident,
  incidentCreate,
  incidentExportQuery,
  incidentListQuery,
  incidentPage,
  incidentUpdate,
  incidentUpdated,
} from '../../../../shared/schemas/incident.ts';
import { actionCreate, actionParams, actionPatch } from '../../../../shared/schemas/incident-action.ts';
import { attachmentAndHistoryRoutes } from '../../../lib/attachment-routes.ts';
import { changeContext } from '../../../lib/change-context.ts';
import { sendCsv } from '../../../lib/send-csv.ts';
import { sendJson } from '../../../lib/send-json.ts';
import { incidentColumns } from '../../../../shared/export-columns.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['incidents'];

const incidents: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: incidentListQuery, response: { 200: incidentPage, 400: errorSchema } } },
    async (request, reply) => {
      const body = await app.cached(`incidents:${JSON.stringify(request.query)}`, () =>
        app.repos.incidents.list(request.query),
      );
      return sendJson(reply, body);
    },
  );

  // The whole history on the server that the list's filters and search find, as CSV (all pages).
  app.get(
    '/export',
    { schema: { tags, querystring: incidentExportQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    async (request, reply) => {
      return sendCsv(reply, 'incidents', incidentColumns, app.repos.incidents.exportAll(request.query));
    },
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: incident, ...errors } } }, (request) =>
    app.repos.incidents.get(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('incident:create'),
      schema: { tags, body: incidentCreate, response: { 200: incident, 201: incident, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await app.repos.incidents.create(request.body, changeContext(request));
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  // Who may change which field depends on the incident (its reporter, its status): checked in the repository.
  app.put(
    '/:id',
    { schema: { tags, params: idParams, body: incidentUpdate, response: { 200: incidentUpdated, ...errors } } },
    async (request) => {
      const { record, overwritten } = await app.repos.incidents.update(
        request.params.id,
        request.body,
        request.user,
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );

  app.post(
    '/:id/actions',
    {
      preHandler: app.requirePermission('incident:investigate'),
      schema: { tags, params: idParams, body: actionCreate, response: { 200: incident, 201: incident, ...errors } },
    },
    async (request, reply) => {
      const { record, created } = await app.repos.incidents.addAction(
        request.params.id,
        request.body,
        request.user,
        changeContext(request),
      );
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  // An owner marks their action Done, safety staff verify it: checked in the repository on the stored action.
  app.patch(
    '/:id/actions/:actionId',
    { schema: { tags, params: actionParams, body: actionPatch, response: { 200: incidentUpdated, ...errors } } },
    async (request) => {
      const { record, overwritten } = await app.repos.incidents.patchAction(
        request.params.id,
        request.params.actionId,
        request.body,
        request.user,
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );

  await app.register(
    attachmentAndHistoryRoutes({
      tags,
      record: incident,
      assertExists: app.repos.incidents.assertExists,
      attach: app.repos.incidents.attach,
      history: app.repos.incidents.history,
    }),
  );
};

export default incidents;
