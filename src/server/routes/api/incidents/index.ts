import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { incidentColumns } from '#shared/export-columns.ts';
import {
  incident,
  incidentCreate,
  incidentExportQuery,
  incidentListQuery,
  incidentPage,
  incidentUpdate,
  incidentUpdated,
} from '#shared/schemas/incident.ts';
import { actionCreate, actionParams, actionPatch } from '#shared/schemas/incident-action.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { childCreate, numberedRecordRoutes, recordErrors } from '../../numbered-record-routes.ts';

const tags = ['incidents'];

const incidents: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.incidents;

  // An owner marks their action Done, safety staff verify it: checked in the repository on the stored action.
  const actionChanges: FastifyPluginAsyncZod = async (scope) => {
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
      isAnonymous: (input) => input.anonymous === true,
      children: [
        childCreate({
          path: 'actions',
          permission: 'incident:investigate',
          body: actionCreate,
          add: (id, action, actor, context) => repository.addAction(id, action, actor, context),
        }),
      ],
      routes: actionChanges,
    }),
  );
};

export default incidents;
