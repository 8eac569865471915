import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Text answers (JSON, including every sync page, HTML, CSS, JS, SVG) over 1 KB are compressed with
 * brotli or gzip as the client accepts; images, PDFs and other compressed formats are sent as they are.
 * Request bodies are not decompressed: no client of this API sends them compressed, so that would only
 * be one more parser facing the network. Brotli runs at quality 3: a first sync's pages compress about
 * three times faster than at the usual 4, for about a tenth more bytes (the built app is compressed
 * ahead, at the highest quality).
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
