import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `X-Change-Id: <uuid>`: the client's id of an update, so that a replay of it changes nothing. */
export function changeIdOf(request: FastifyRequest): string | null {
  const header = request.headers['x-change-id'];
  if (header === undefined) return null;
  const changeId = String(header).trim();
  if (!uuidPattern.test(changeId)) throw badRequest('X-Change-Id must be a UUID');
  return changeId.toLowerCase();
}
