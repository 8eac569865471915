import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { maxFileBytes, maxFilesPerUpload } from '#shared/files.ts';

export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: maxFileBytes, files: maxFilesPerUpload, fields: 10, fieldSize: 1024, parts: 20 },
    });
  },
  { name: 'multipart' },
);
