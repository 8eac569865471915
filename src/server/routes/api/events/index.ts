import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';

/** Changes within this time make one event: a burst of writes pulls once. */
const debounceMs = 200;
/** A comment this often keeps proxies and tablets' network stacks from dropping a quiet stream. */
const heartbeatMs = 25_000;

/**
 * Server-sent events: `changed` (with the data version) whenever a write commits, on this server or
 * another one (LISTEN/NOTIFY), so devices pull at once instead of waiting for their timer. The stream
 * takes no handler slot (the handler returns as soon as the stream is open) and ends when the server closes.
 */
const events: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  // A stream never ends by itself: closing the server cuts its connection (it would otherwise keep the
  // server open until the keep-alive timeout). Devices reconnect to another server or when it is back.
  app.addHook('preClose', async () => {
    for (const cut of open) cut();
  });

  app.get(
    '/',
    { schema: { tags: ['sync'], produces: ['text/event-stream'], response: { 401: errorSchema } } },
    (request, reply) => {
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      const send = (event: string) => stream.write(`event: ${event}\ndata: ${app.database.version()}\n\n`);
      let pending: NodeJS.Timeout | undefined;
      const stopListening = app.database.onChange(() => {
        pending ??= setTimeout(() => {
          pending = undefined;
          send('changed');
        }, debounceMs);
      });
      const heartbeat = setInterval(() => stream.write(': still here\n\n'), heartbeatMs);
      const end = () => {
        stopListening();
        clearInterval(heartbeat);
        clearTimeout(pending);
        open.delete(cut);
      };
      const cut = () => {
        end();
        stream.destroy();
      };
      open.add(cut);
      request.raw.once('close', end);
      stream.write('retry: 3000\n');
      send('ready');
    },
  );
};

export default events;
