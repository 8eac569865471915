import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChangeContext } from '../repositories/record-changes.ts';
import { changeIdOf } from './change-id.ts';
import { badRequest } from './errors.ts';

/**
 * Who is changing a record, from which version (`If-Match: "<version>"`), and when the client
 * made the change (`X-Client-Time`, sent by the app when it replays an offline change).
 */
export function changeContext(request: FastifyRequest): ChangeContext {
  const ifMatch = request.headers['if-match'];
  let baseVersion: number | null = null;
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(String(ifMatch).trim());
    if (!match) throw badRequest('If-Match must be the version the change was made from, such as "3"');
    baseVersion = Number(match[1]);
  }
  const rawClientTime = request.headers['x-client-time'];
  return {
    userId: request.user._id,
    changeId: changeIdOf(request),
    baseVersion,
    clientTime: rawClientTime === undefined ? null : parseClientTime(String(rawClientTime)),
  };
}

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A full ISO 8601 date-time with its offset and a year from 1970 (a tablet whose clock battery died
 * says 1970) to 9999, so whatever a device sends fits PostgreSQL's timestamptz.
 */
function parseClientTime(value: string): Date {
  if (!isoDateTime.safeParse(value).success || Number(value.slice(0, 4)) < 1970) {
    throw badRequest('X-Client-Time must be an ISO date-time');
  }
  return new Date(value);
}
