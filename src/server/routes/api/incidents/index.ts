import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { incidentColumns } from '../../../../shared/export-columns.ts';
import { idParams } from '../../../../shared/schemas/common.ts';
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
import { changeContext } from '../../../lib/change-context.ts';
import { numberedRecordRoutes, recordErrors } from '../../numbered-record-routes.ts';

const tags = ['incidents'];

const incidents: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.incidents;

  /** Corrective actions: who may add or change one is checked in the repository on the stored action. */
  const actions: FastifyPluginAsyncZod = async (scope) => {
    scope.post(
      '/:id/actions',
      {
        preHandler: app.requirePermission('incident:investigate'),
        schema: {
          tags,
          params: idParams,
          body: actionCreate,
          response: { 200: incident, 201: incident, ...recordErrors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { record, created } = await repository.addAction(id, request.body, request.user, changeContext(request));
        return reply.code(created ? 201 : 200).send(record);
      },
    );

    // An owner marks their action Done, safety staff verify it.
    scope.patch(
      '/:id/actions/:actionId',
      {
        schema: { tags, params: actionParams, body: actionPatch, response: { 200: incidentUpdated, ...recordErrors } },
      },
      async (request) => {
        const { id, actionId } = request.params;
        const context = changeContext(request);
        const { record, overwritten } = await repository.patchAction(id, actionId, request.body, request.user, context);
        return { ...record, overwritten };
      },
    );
  };

  await app.register(
    numberedRecordRoutes({
      name: 'incidents',
      createPermission: 'incident:create',
      schemas: {
        record: incident,
        page: incidentPage,
        listQuery: incidentListQuery,
        exportQuery: incidentExportQuery,
        create: incidentCreate,
        update: incidentUpdate,
        updated: incidentUpdated,
      },
      exportColumns: incidentColumns,
      repository,
      routes: actions,
    }),
  );
};

export default incidents;
