import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyEntry, idParams, type HistoryEntry } from '../../shared/schemas/common.ts';
import { changeContext, type ChangeContext } from './change-context.ts';
import { readUploads, uploadErrors, type Upload } from './read-uploads.ts';

/**
 * `POST /:id/attachments` (multipart, one file in the field `file`, optionally preceded by its
 * client `_id`) and `GET /:id/history`, the same for tickets and incidents.
 */
export function attachmentAndHistoryRoutes(options: {
  tags: string[];
  /** The response schema: the ticket or incident with its new attachment. */
  record: z.ZodType;
  /** 404 for an unknown record, checked before its file arrives. */
  assertExists(id: string): Promise<void>;
  attach(id: string, upload: Upload, context: ChangeContext): Promise<{ record: unknown; created: boolean }>;
  history(id: string): Promise<HistoryEntry[]>;
}): FastifyPluginAsyncZod {
  const { tags, record } = options;
  return async (app) => {
    app.post(
      '/:id/attachments',
      {
        preHandler: app.requirePermission('file:upload'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: record, 201: record, ...uploadErrors },
        },
      },
      async (request, reply) => {
        await options.assertExists(request.params.id);
        const [upload] = await readUploads(request, { field: 'file', maxFiles: 1 });
        const result = await options.attach(request.params.id, upload!, changeContext(request));
        return reply.code(result.created ? 201 : 200).send(result.record);
      },
    );

    app.get(
      '/:id/history',
      { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...uploadErrors } } },
      (request) => options.history(request.params.id),
    );
  };
}
