import type { FastifyRequest } from 'fastify';
import { isoInstant } from '#shared/schemas/common.ts';
import { changeIdOf } from './change-id.ts';
import { badRequest } from './errors.ts';

/** Who makes a change and from which version of the record (If-Match), as sent by the client. */
export interface ChangeContext {
  userId: string;
  /** The client's id of this change (X-Change-Id): applied once, a replay changes nothing. */
  changeId?: string | null;
  baseVersion?: number | null;
  clientTime?: Date | null;
  /**
   * An anonymous report (src/docs/anonymous-reports.md): the server stores nothing that links the
   * record to `userId`, who is only checked for the right to report.
   */
  anonymous?: boolean;
}

/**
 * A change made on the request page, where nobody signs in: no account is its author, and the
 * all-zero id is never stored (authorOf answers null) nor matches a user.
 */
export const withoutAccount: ChangeContext = { userId: '00000000-0000-0000-0000-000000000000', anonymous: true };

/** What a write stores as its author: nobody for an anonymous report. */
export const authorOf = (context: ChangeContext): string | null => (context.anonymous ? null : context.userId);

/**
 * Who is changing a record, from which version (`If-Match: "<version>"`), and when the client
 * made the change (`X-Client-Time`, sent by the app when it replays an offline change).
 */
export function changeContext(request: FastifyRequest, { anonymous = false } = {}): ChangeContext {
  if (anonymous) return { userId: request.user._id, anonymous: true };
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

const clientTime = isoInstant('X-Client-Time');

function parseClientTime(value: string): Date {
  const parsed = clientTime.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return new Date(parsed.data);
}
