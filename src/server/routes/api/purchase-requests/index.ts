import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { purchaseRequestColumns } from '#shared/export-columns.ts';
import { idParams } from '#shared/schemas/common.ts';
import {
  purchaseDecision,
  purchaseReceipt,
  purchaseRequest,
  purchaseRequestCreate,
  purchaseRequestDetail,
  purchaseRequestListQuery,
  purchaseRequestQuery,
} from '#shared/schemas/purchase-request.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { createdOrFound, recordErrors, recordCollection } from '../../record-routes.ts';

const errors = recordErrors;
const tags = ['parts'];

/** Purchase requests (src/docs/parts.md): requested, decided by an admin, received into the ledger. */
const purchaseRequests: FastifyPluginAsyncZod = async (app) => {
  const repository = app.repos.purchaseRequests;

  await app.register(
    recordCollection({
      tags,
      list: {
        query: purchaseRequestListQuery,
        response: z.array(purchaseRequest),
        read: (query) => repository.list(query),
      },
      csv: {
        file: 'purchase-requests',
        query: purchaseRequestQuery,
        columns: purchaseRequestColumns,
        rows: (query) => repository.exportAll(query),
      },
      record: purchaseRequestDetail,
      repository,
    }),
  );

  app.post(
    '/',
    {
      preHandler: app.requirePermission('purchase:request'),
      schema: {
        tags,
        body: purchaseRequestCreate,
        response: { 200: purchaseRequestDetail, 201: purchaseRequestDetail, ...errors },
      },
    },
    async (request, reply) => createdOrFound(reply, await repository.create(request.body, changeContext(request))),
  );

  // Approving and rejecting need `purchase:approve`; the requester may also cancel: the repository checks.
  app.post(
    '/:id/status',
    { schema: { tags, params: idParams, body: purchaseDecision, response: { 200: purchaseRequestDetail, ...errors } } },
    (request) => repository.decide(request.params.id, request.body, request.user, changeContext(request)),
  );

  app.post(
    '/:id/receipts',
    {
      preHandler: app.requirePermission('part:manage'),
      schema: {
        tags,
        params: idParams,
        body: purchaseReceipt,
        response: { 200: purchaseRequestDetail, 201: purchaseRequestDetail, ...errors },
      },
    },
    async (request, reply) =>
      createdOrFound(
        reply,
        await repository.receive(request.params.id, request.body, request.user, changeContext(request)),
      ),
  );
};

export default purchaseRequests;
