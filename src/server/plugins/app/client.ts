import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Paths the app's shell never answers: the API, well-known locations and anything named like a file
 * (`/robots.txt`, `/favicon.ico`, a chunk of an older build). Answering those with the shell's HTML and
 * a 200 misleads crawlers, browsers and a lazy import alike.
 */
function isShellPath(url: string) {
  const pathname = url.split('?', 1)[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/.well-known/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * Serves the built app when it exists, with every app navigation answered by its shell. Files come
 * precompressed (`.br`, `.gz` written by the build) when the browser accepts it.
 */
export default fp<{ clientDir: string }>(
  async (app, { clientDir }) => {
    const root = path.resolve(clientDir);
    const hasClient = existsSync(path.join(root, 'index.html'));
    if (hasClient) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Hashed assets never change; the shell and service worker must always be revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      if (hasClient && request.method === 'GET' && isShellPath(request.url)) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found' });
    });
  },
  { name: 'client' },
);
