import type { FastifyReply } from 'fastify';

/** Sends a body that is already JSON text (from the version cache); Fastify passes strings through unserialised. */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
