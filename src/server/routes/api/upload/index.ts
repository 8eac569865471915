import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxFilesPerUpload } from '#shared/files.ts';
import { fileRef, idParams } from '#shared/schemas/common.ts';
import { changeContext } from '#server/lib/change-context.ts';
import { readUploads, uploadErrors } from '#server/lib/read-uploads.ts';

const tags = ['uploads'];
const consumes = ['multipart/form-data'];

/** Types a browser may show in place; everything else is offered as a download. */
const inlineTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8 (RFC 5987). */
function contentDisposition(mimeType: string, name: string): string {
  const kind = inlineTypes.has(mimeType) ? 'inline' : 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Files are stored in the database, so every app server can serve every file. */
const upload: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/single',
    {
      preHandler: app.requirePermission('file:upload'),
      schema: { tags, consumes, response: { 200: fileRef, 201: fileRef, ...uploadErrors } },
    },
    async (request, reply) => {
      const uploads = await readUploads(request, { field: 'file', maxFiles: 1 });
      const { files, created } = await app.repos.files.upload(uploads, changeContext(request));
      return reply.code(created ? 201 : 200).send(files[0]!);
    },
  );

  app.post(
    '/multiple',
    {
      preHandler: app.requirePermission('file:upload'),
      schema: { tags, consumes, response: { 200: z.array(fileRef), 201: z.array(fileRef), ...uploadErrors } },
    },
    async (request, reply) => {
      const uploads = await readUploads(request, { field: 'files', maxFiles: maxFilesPerUpload });
      const { files, created } = await app.repos.files.upload(uploads, changeContext(request));
      return reply.code(created ? 201 : 200).send(files);
    },
  );

  app.get('/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const file = await app.repos.files.download(request.params.id);
    return (
      reply
        .type(file.mimeType)
        .header('content-disposition', contentDisposition(file.mimeType, file.originalName))
        // A file's bytes never change under its id.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data)
    );
  });

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: z.object({ message: z.string() }), ...uploadErrors } } },
    async (request) => {
      await app.repos.files.remove(request.params.id, request.user, changeContext(request));
      return { message: 'File deleted' };
    },
  );
};

export default upload;
