import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Text answers (JSON, including every sync page, HTML, CSS, JS, SVG) over 1 KB are compressed with
 * brotli or gzip as the client accepts; images, PDFs and other compressed formats are sent as they are.
 * Request bodies are not decompressed: no client of this API sends them compressed, so that would only
 * be one more parser facing the network.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
