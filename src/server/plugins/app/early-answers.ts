import fp from 'fastify-plugin';

/** Long enough for the answer to reach a client that is still sending before its connection is reset. */
const lingerMs = 1000;

/**
 * An answer sent before its request's body has all arrived (401 or 403 before an upload, 413 past a
 * limit) says `Connection: close` and closes the connection, so the client stops sending: left open,
 * Node would read the rest of the body, all 200 MB of it, to keep the connection for the next request.
 * Closing a socket with bytes still unread resets it, and a client busy sending then loses the answer
 * (Node's own close comes right after the answer). So the server stops reading, ends its side after the
 * answer and closes a moment later, as Go's server does; meanwhile the client's sending stalls.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      // `app.inject`'s requests carry no `complete`: their body is all there.
      if (request.raw.complete !== false) return;
      reply.header('connection', 'close');
      const socket = request.raw.socket;
      // Node calls this once a `Connection: close` answer has been sent.
      socket.destroySoon = () => {
        request.raw.unpipe();
        request.raw.pause();
        socket.end();
        setTimeout(() => socket.destroy(), lingerMs).unref();
      };
    });
  },
  { name: 'early-answers' },
);
