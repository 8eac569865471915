import net from 'node:net';
import { once } from 'node:events';

/**
 * A loopback TCP proxy in front of the server that counts the bytes it sends to the browser: what a
 * device downloads, headers and all, whichever page, worker or service worker asked for it.
 */
export async function startByteCounter(target: URL) {
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    upstream.on('data', (chunk: Buffer) => (received += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    reset: () => void (received = 0),
    bytes: () => received,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
