import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { Slots } from '../../lib/slots.ts';
import { VersionCache } from '../../lib/version-cache.ts';
import { createRepositories, type Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    repos: Repositories;
    /** Serves a computed JSON body from cache until the data changes. */
    cached(key: string, compute: () => Promise<unknown>): Promise<string>;
    /** Runs database work in a turn, for the handlers of routes whose config says `ownTurns`. */
    turn<T>(task: () => Promise<T>): Promise<T>;
  }
  interface FastifyContextConfig {
    /** The handler takes a turn only around its queries: it spends its time elsewhere (hashing a password). */
    ownTurns?: boolean;
  }
}

export default fp<{ database: Database; closeDatabase: boolean; shutdownWaitMs: number }>(
  async (app, { database, closeDatabase, shutdownWaitMs }) => {
    const cache = new VersionCache();
    app.decorate('database', database);
    const repos = createRepositories(database);
    app.decorate('repos', repos);
    app.addHook('onReady', () => repos.files.dropAbandonedChunks());
    app.decorate('cached', (key: string, compute: () => Promise<unknown>) =>
      cache.get(database.isListening() ? database.version() : undefined, key, compute),
    );
    // A few handlers at a time, first come first served (db/database.ts parallelism): a write's round
    // trips then never queue behind hundreds of requests (bench:load p99: PGlite 5 s -> 1.7 s,
    // PostgreSQL 1.5 s -> 0.7 s). Uploads read their body at the client's pace and do not take a turn.
    const slots = new Slots(database.parallelism);
    app.decorate('turn', <T>(task: () => Promise<T>) => slots.run(task));
    // A handler may still be running when the server has closed: its client hung up, or the request timed
    // out. The database closes only after every handler has finished.
    const running = new Map<Promise<unknown>, string>();
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      const takesTurns = !route.config?.ownTurns && !route.schema?.consumes?.includes('multipart/form-data');
      route.handler = function (request, reply) {
        const result: Promise<unknown> = takesTurns
          ? slots.run(() => handler.call(this, request, reply))
          : Promise.resolve(handler.call(this, request, reply));
        running.set(result, `${request.method} ${request.url}`);
        return result.finally(() => running.delete(result));
      };
    });
    // A stopping server waits for its requests, but not for ever: a tablet that lost its Wi-Fi in the
    // middle of an upload would hold it until the request timeout. After a while they are named and cut.
    let cutting: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      cutting = setTimeout(() => {
        app.log.error(`cutting the connections of unfinished handlers: ${[...running.values()].join(', ')}`);
        app.server.closeAllConnections();
      }, shutdownWaitMs).unref();
    });
    app.addHook('onClose', async () => {
      clearTimeout(cutting);
      if (!closeDatabase) return;
      await Promise.allSettled(running.keys());
      await database.close();
    });
  },
  { name: 'database' },
);
