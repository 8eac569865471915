import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '../../../shared/enums.ts';
import { can, deniedMessage, type Action } from '../../../shared/permissions.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

export interface SessionUser {
  _id: string;
  role: Role;
  name: string;
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser;
  }
  interface FastifyInstance {
    authenticate: Hook;
    requirePermission(action: Action): Hook;
    issueToken(user: SessionUser): string;
  }
}

const units = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function durationMs(ttl: string): number {
  const [, amount, unit] = /^(\d+)([smhd])$/.exec(ttl)!;
  return Number(amount) * units[unit as keyof typeof units];
}

/**
 * Bearer tokens signed with the JWT secret (HS256) carrying the user's id, role and name; role
 * checks come from the shared permission table. Hooks are synchronous because they run on every request.
 */
export default fp<{ secret: string; tokenTtl: string }>(
  async (app, { secret, tokenTtl }) => {
    const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: durationMs(tokenTtl) });
    // Cached: a repeat request with the same token skips the signature check (never past the token's expiry).
    const verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 });

    app.decorateRequest('user', null as unknown as SessionUser);

    app.decorate('issueToken', (user: SessionUser) => sign({ sub: user._id, role: user.role, name: user.name }));

    app.decorate('authenticate', ((request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header) return done(unauthorized('Please sign in'));
      try {
        const payload = verify(header.replace(/^Bearer\s+/i, '')) as { sub: string; role: Role; name: string };
        request.user = { _id: payload.sub, role: payload.role, name: payload.name };
        done();
      } catch {
        done(unauthorized('Your session has expired. Please sign in again.'));
      }
    }) satisfies Hook);

    app.decorate('requirePermission', (action: Action): Hook => (request, _reply, done) => {
      done(can(request.user.role, action) ? undefined : forbidden(deniedMessage(request.user.role, action)));
    });
  },
  { name: 'auth' },
);
