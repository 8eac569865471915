import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { VersionCache } from '../../lib/version-cache.ts';
import { createRepositories, type Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    repos: Repositories;
    /** Serves a computed JSON body from cache until the data changes. */
    cached(key: string, compute: () => Promise<unknown>): Promise<string>;
  }
}

export default fp<{ database: Database; closeDatabase: boolean }>(
  async (app, { database, closeDatabase }) => {
    const cache = new VersionCache();
    app.decorate('database', database);
    const repos = createRepositories(database);
    app.decorate('repos', repos);
    app.addHook('onReady', () => repos.files.dropAbandonedChunks());
    app.decorate('cached', (key: string, compute: () => Promise<unknown>) =>
      cache.get(database.isListening() ? database.version() : undefined, key, compute),
    );
    if (!closeDatabase) return;
    // A handler may still be running when the server has closed: its client hung up, or the request timed
    // out. The database closes only after every handler has finished.
    const running = new Set<Promise<unknown>>();
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function (request, reply) {
        const result: unknown = handler.call(this, request, reply);
        if (!(result instanceof Promise)) return result;
        running.add(result);
        return result.finally(() => running.delete(result));
      };
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled(running);
      await database.close();
    });
  },
  { name: 'database' },
);
