import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleLabels } from '../../../../shared/enums.ts';
import { errorSchema } from '../../../../shared/schemas/common.ts';
import {
  authResponse,
  loginBody,
  meResponse,
  profileBody,
  profileResponse,
  registerBody,
} from '../../../../shared/schemas/user.ts';
import type { Config } from '../../../config.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/errors.ts';
import { hashPassword, refuseWhenHashingIsFull, unknownUserHash, verifyPassword } from '../../../lib/passwords.ts';
import { RateLimiter } from '../../../lib/rate-limiter.ts';

const fifteenMinutes = 15 * 60 * 1000;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

const auth: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const perIp = new RateLimiter(config.AUTH_RATE_LIMIT_IP, fifteenMinutes);
  // Only failed logins count per email, so a user's own sign-ins never lock them out.
  const failuresPerEmail = new RateLimiter(config.AUTH_RATE_LIMIT_EMAIL, fifteenMinutes);

  function throwIfBlocked(wait: number) {
    if (wait > 0) {
      throw tooManyRequests(`Too many attempts. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`, wait);
    }
  }

  function countAttempt(ip: string) {
    throwIfBlocked(perIp.blockedFor(ip));
    perIp.count(ip);
  }

  const signIn = (account: { _id: string; role: (typeof config.REGISTRATION_ROLES)[number]; name: string }) =>
    app.issueToken({ _id: account._id, role: account.role, name: account.name });

  app.post(
    '/register',
    {
      // Hashing the password takes no database turn (lib/passwords.ts queues it).
      config: { ownTurns: true },
      schema: { tags: ['auth'], security: [], body: registerBody, response: { 201: authResponse, ...errors } },
    },
    async (request, reply) => {
      countAttempt(request.ip);
      if (!config.REGISTRATION_ROLES.includes(request.body.role)) {
        throw forbidden(`Self-registration as ${roleLabels[request.body.role]} is not allowed at this plant`);
      }
      const { password, ...profile } = request.body;
      const passwordHash = await hashPassword(password);
      const created = await app.turn(() => app.repos.users.create({ ...profile, passwordHash }));
      return reply.code(201).send({ token: signIn(created), user: created });
    },
  );

  app.post(
    '/login',
    {
      config: { ownTurns: true },
      schema: { tags: ['auth'], security: [], body: loginBody, response: { 200: authResponse, ...errors } },
    },
    async (request) => {
      const { email, password } = request.body;
      countAttempt(request.ip);
      throwIfBlocked(failuresPerEmail.blockedFor(email));
      refuseWhenHashingIsFull();
      const account = await app.turn(() => app.repos.users.findByEmail(email));
      const isValid = await verifyPassword(password, account?.passwordHash ?? unknownUserHash);
      if (!account || !isValid) {
        failuresPerEmail.count(email);
        throw unauthorized('Invalid email or password');
      }
      failuresPerEmail.forget(email);
      const signedIn = await app.turn(() => app.repos.users.recordLogin(account.id));
      return { token: signIn(signedIn), user: signedIn };
    },
  );

  app.get(
    '/me',
    { onRequest: app.authenticate, schema: { tags: ['auth'], response: { 200: meResponse, 401: errorSchema } } },
    async (request) => {
      try {
        return { user: await app.repos.users.get(request.user._id) };
      } catch {
        throw unauthorized('Your account no longer exists. Please sign in again.');
      }
    },
  );

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], body: profileBody, response: { 200: profileResponse, ...errors } },
    },
    async (request) => {
      const updated = await app.repos.users.updateProfile(request.user._id, request.body);
      app.forgetAccount(updated._id);
      return { message: 'Profile updated successfully', user: updated };
    },
  );
};

export default auth;
