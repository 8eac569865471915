/**
 * The benchmark's yardstick: a minimal Fastify server that answers each path with the exact bytes
 * the real server returned for it, without authentication, validation or database.
 * Env: PORT, BARE_RESPONSES (a JSON file of { [pathname]: { contentType, body } }).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const responses = JSON.parse(readFileSync(process.env.BARE_RESPONSES!, 'utf8')) as Record<
  string,
  { contentType: string; body: string }
>;
const app = Fastify({ logger: false });
for (const [pathname, { contentType, body }] of Object.entries(responses)) {
  const bytes = Buffer.from(body);
  app.get(pathname, (_request, reply) => reply.type(contentType).send(bytes));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
