import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../../shared/enums.ts';
import { can, deniedMessage, type Action } from '../../../shared/permissions.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

export interface SessionUser {
  _id: string;
  role: Role;
  name: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; role: Role; name: string };
    user: SessionUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requirePermission(action: Action): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueToken(user: SessionUser): string;
  }
}

/** Bearer tokens signed with the JWT secret; role checks from the shared permission table. */
export default fp<{ secret: string; tokenTtl: string }>(
  async (app, { secret, tokenTtl }) => {
    await app.register(jwt, {
      secret,
      sign: { expiresIn: tokenTtl, algorithm: 'HS256' },
      // Cached verification: a repeat request with the same token skips the signature check until it expires.
      verify: { algorithms: ['HS256'], cache: true },
      formatUser: (payload) => ({ _id: payload.sub, role: payload.role, name: payload.name }),
    });

    app.decorate('issueToken', (user: SessionUser) =>
      app.jwt.sign({ sub: user._id, role: user.role, name: user.name }),
    );

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized('Please sign in');
      try {
        await request.jwtVerify();
      } catch {
        throw unauthorized('Your session has expired. Please sign in again.');
      }
    });

    app.decorate('requirePermission', (action: Action) => async (request: FastifyRequest) => {
      if (!can(request.user.role, action)) throw forbidden(deniedMessage(request.user.role, action));
    });
  },
  { name: 'auth' },
);
