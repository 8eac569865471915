import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reorderLine } from '#shared/schemas/purchase-request.ts';
import { recordErrors } from '../../record-routes.ts';

/** `GET /api/parts/reorder`: the parts whose free stock is at or below their minimum (src/docs/parts.md). */
const reorder: FastifyPluginAsyncZod = async (app) => {
  app.get('/reorder', { schema: { tags: ['parts'], response: { 200: z.array(reorderLine), ...recordErrors } } }, () =>
    app.repos.purchaseRequests.reorder(),
  );
};

export default reorder;
