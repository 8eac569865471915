import net from 'node:net';
import { once } from 'node:events';

/**
 * Forwards 127.0.0.1:<port> to a PostgreSQL server, and can play an outage: `cut` drops every
 * connection and refuses new ones (nothing listens on the port) until `resume`.
 */
export interface TcpProxy {
  port: number;
  /** `serverUrl` with its host and port pointing at the proxy. */
  urlFor(serverUrl: string): string;
  cut(): Promise<void>;
  resume(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(serverUrl) {
      const url = new URL(serverUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      const closed = server.listening ? once(server, 'close') : Promise.resolve();
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async resume() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
  };
}
