import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the built app when it exists, with every non-API navigation answered by its shell. */
export default fp<{ clientDir: string }>(
  async (app, { clientDir }) => {
    const root = path.resolve(clientDir);
    const hasClient = existsSync(path.join(root, 'index.html'));
    if (hasClient) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        setHeaders: (res, filePath) => {
          // Hashed assets never change; the shell and service worker must always be revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (hasClient && request.method === 'GET' && !isApi) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found' });
    });
  },
  { name: 'client' },
);
