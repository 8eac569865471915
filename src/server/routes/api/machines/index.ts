import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams, type Overwrite } from '#shared/schemas/common.ts';
import { downtimeEvent } from '#shared/schemas/downtime.ts';
import {
  machine,
  machineCreate,
  machineListQuery,
  machineStatusBody,
  machineUpdate,
  machineUpdated,
  type Machine,
} from '#shared/schemas/machine.ts';
import { reading, readingBody } from '#shared/schemas/reading.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { sendJson } from '#server/lib/send-json.ts';
import { createdOrFound } from '../../record-routes.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['machines'];

const machines: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: machineListQuery, response: { 200: z.array(machine) } } },
    async (request, reply) => {
      const body = await app.cached(`machines:${JSON.stringify(request.query)}`, () =>
        app.repos.machines.list(request.query),
      );
      return sendJson(reply, body);
    },
  );

  app.get('/:id', { schema: { tags, params: idParams, response: { 200: machine, ...errors } } }, (request) =>
    app.repos.machines.get(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('machine:create'),
      schema: { tags, body: machineCreate, response: { 200: machine, 201: machine, ...errors } },
    },
    async (request, reply) =>
      createdOrFound(reply, await app.repos.machines.create(request.body, changeContext(request))),
  );

  /** The record after the change, with what it overwrote (If-Match). */
  const updated = async (change: Promise<{ record: Machine; overwritten: Overwrite[] }>) => {
    const { record, overwritten } = await change;
    return { ...record, overwritten };
  };

  app.put(
    '/:id',
    {
      preHandler: app.requirePermission('machine:update'),
      schema: { tags, params: idParams, body: machineUpdate, response: { 200: machineUpdated, ...errors } },
    },
    (request) => updated(app.repos.machines.update(request.params.id, request.body, changeContext(request))),
  );

  app.patch(
    '/:id/status',
    {
      preHandler: app.requirePermission('machine:status'),
      schema: { tags, params: idParams, body: machineStatusBody, response: { 200: machineUpdated, ...errors } },
    },
    (request) => updated(app.repos.machines.changeStatus(request.params.id, request.body, changeContext(request))),
  );

  app.post(
    '/:id/readings',
    {
      preHandler: app.requirePermission('machine:reading'),
      schema: { tags, params: idParams, body: readingBody, response: { 200: machineUpdated, ...errors } },
    },
    (request) => updated(app.repos.machines.recordReading(request.params.id, request.body, changeContext(request))),
  );

  app.get(
    '/:id/readings',
    { schema: { tags, params: idParams, response: { 200: z.array(reading), ...errors } } },
    async (request) => {
      await app.repos.machines.get(request.params.id);
      return app.repos.machines.readings(request.params.id);
    },
  );

  app.get(
    '/:id/downtime',
    { schema: { tags, params: idParams, response: { 200: z.array(downtimeEvent), ...errors } } },
    async (request) => {
      await app.repos.machines.get(request.params.id);
      return app.repos.machines.downtime(request.params.id);
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requirePermission('machine:delete'),
      schema: { tags, params: idParams, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await app.repos.machines.remove(request.params.id, changeContext(request));
      return { message: 'Machine deleted' };
    },
  );
};

export default machines;
