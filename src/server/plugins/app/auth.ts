import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '#shared/enums.ts';
import { can, deniedMessage, type Action } from '#shared/permissions.ts';
import { deactivatedMessage, forbidden, unauthorized } from '../../lib/errors.ts';
import type { Account } from '../../repositories/users.ts';

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
    /** This server changed or deleted the account: the next request reads it again. */
    forgetAccount(userId: string): void;
  }
}

const units = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function durationMs(ttl: string): number {
  const [, amount, unit] = /^(\d+)([smhd])$/.exec(ttl)!;
  return Number(amount) * units[unit as keyof typeof units];
}

/**
 * Bearer tokens signed with the JWT secret (HS256) carrying the user's id, role and name. The role and
 * name a request acts with are the account's current ones, read from the database at most once per
 * `recheckMs` per user, so a deleted or deactivated account or a role change applies within that time
 * rather than at token expiry. Role checks come from the shared permission table. A cached account keeps the hook
 * synchronous, as it runs on every request.
 */
export default fp<{ secret: string; tokenTtl: string; recheckMs: number }>(
  async (app, { secret, tokenTtl, recheckMs }) => {
    const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: durationMs(tokenTtl) });
    // Cached: a repeat request with the same token skips the signature check (never past the token's expiry).
    const verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 });
    const accounts = new Map<string, { account: Account | undefined; checkedAt: number }>();
    const reads = new Map<string, Promise<Account | undefined>>();

    /** Concurrent requests of one user share one read; a read the account changed under is not kept. */
    function readAccount(userId: string): Promise<Account | undefined> {
      const pending = reads.get(userId);
      if (pending) return pending;
      const isCurrent = () => reads.get(userId) === read;
      const read: Promise<Account | undefined> = app.repos.users.findAccount(userId).then(
        (account) => {
          if (isCurrent()) {
            accounts.set(userId, { account, checkedAt: Date.now() });
            reads.delete(userId);
          }
          return account;
        },
        (error: unknown) => {
          if (isCurrent()) reads.delete(userId);
          throw error;
        },
      );
      reads.set(userId, read);
      return read;
    }

    function admit(
      request: FastifyRequest,
      userId: string,
      account: Account | undefined,
      done: HookHandlerDoneFunction,
    ) {
      if (!account) return done(unauthorized('Your account no longer exists. Please sign in again.'));
      if (!account.active) return done(unauthorized(deactivatedMessage));
      request.user = { _id: userId, role: account.role, name: account.name };
      done();
    }

    app.decorateRequest('user', null as unknown as SessionUser);

    app.decorate('issueToken', (user: SessionUser) => sign({ sub: user._id, role: user.role, name: user.name }));

    app.decorate('forgetAccount', (userId: string) => {
      accounts.delete(userId);
      reads.delete(userId);
    });

    app.decorate('authenticate', ((request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header) return done(unauthorized('Please sign in'));
      let userId: string;
      try {
        userId = (verify(header.replace(/^Bearer\s+/i, '')) as { sub: string }).sub;
      } catch {
        return done(unauthorized('Your session has expired. Please sign in again.'));
      }
      const cached = accounts.get(userId);
      if (cached && Date.now() - cached.checkedAt < recheckMs) return admit(request, userId, cached.account, done);
      readAccount(userId).then((account) => admit(request, userId, account, done), done);
    }) satisfies Hook);

    app.decorate('requirePermission', (action: Action): Hook => (request, _reply, done) => {
      done(can(request.user.role, action) ? undefined : forbidden(deniedMessage(request.user.role, action)));
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
