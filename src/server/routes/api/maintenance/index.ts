import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, historyEntry, idParams } from '#shared/schemas/common.ts';
import {
  calendarParams,
  checklistParams,
  checklistPatch,
  schedule,
  scheduleCreate,
  scheduleListQuery,
  scheduleUpdate,
  scheduleUpdated,
} from '#shared/schemas/schedule.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { oneBatch, sendCsv } from '#server/lib/send-csv.ts';
import { scheduleColumns } from '#shared/export-columns.ts';
import { createdOrFound } from '../../record-routes.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['maintenance'];

/**
 * Preventive maintenance schedules. Lists are not cached: a Scheduled item turns Overdue with
 * the clock, not with a write.
 */
const maintenance: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('schedule:manage');

  app.get(
    '/',
    { schema: { tags, querystring: scheduleListQuery, response: { 200: z.array(schedule), 400: errorSchema } } },
    (request) => app.repos.schedules.list(request.query),
  );

  // Every schedule the filters find, the whole history, as CSV in the list's order.
  app.get(
    '/export',
    { schema: { tags, querystring: scheduleListQuery, produces: ['text/csv'], response: { 400: errorSchema } } },
    async (request, reply) => {
      return sendCsv(reply, 'maintenance', scheduleColumns, oneBatch(app.repos.schedules.list(request.query)));
    },
  );

  app.get(
    '/calendar/:year/:month',
    { schema: { tags, params: calendarParams, response: { 200: z.array(schedule), 400: errorSchema } } },
    (request) => app.repos.schedules.calendar(request.params.year, request.params.month),
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: schedule, ...errors } } }, (request) =>
    app.repos.schedules.get(request.params.id),
  );

  app.get(
    '/:id/history',
    { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...errors } } },
    (request) => app.repos.schedules.history(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: manage,
      schema: { tags, body: scheduleCreate, response: { 200: schedule, 201: schedule, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(reply, await app.repos.schedules.create(request.body, changeContext(request))),
  );

  app.put(
    '/:id',
    {
      preHandler: manage,
      schema: { tags, params: idParams, body: scheduleUpdate, response: { 200: scheduleUpdated, ...errors } },
    },
    async (request) => {
      const { record, overwritten } = await app.repos.schedules.update(
        request.params.id,
        request.body,
        request.user,
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );

  // Whoever answers the checklist completes the job (planners may also PUT status Completed).
  app.patch(
    '/:id/complete',
    {
      preHandler: app.requirePermission('checklist:answer'),
      schema: { tags, params: idParams, response: { 200: scheduleUpdated, ...errors } },
    },
    async (request) => {
      const { record, overwritten } = await app.repos.schedules.complete(
        request.params.id,
        request.user,
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );

  app.patch(
    '/:id/checklist/:itemId',
    {
      preHandler: app.requirePermission('checklist:answer'),
      schema: { tags, params: checklistParams, body: checklistPatch, response: { 200: scheduleUpdated, ...errors } },
    },
    async (request) => {
      const { record, overwritten } = await app.repos.schedules.patchChecklistItem(
        request.params.id,
        request.params.itemId,
        request.body,
        request.user,
        changeContext(request),
      );
      return { ...record, overwritten };
    },
  );
};

export default maintenance;
