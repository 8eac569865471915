import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleLabels } from '#shared/enums.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  authResponse,
  loginBody,
  meResponse,
  profileBody,
  profileResponse,
  registerBody,
  resetPasswordBody,
} from '#shared/schemas/user.ts';
import type { Config } from '#server/config.ts';
import { deactivatedMessage, forbidden, tooManyRequests, unauthorized } from '#server/lib/errors.ts';
import { hashPassword, refuseWhenHashingIsFull, unknownUserHash, verifyPassword } from '#server/lib/passwords.ts';
import { GrowingDelays, RateLimiter } from '#server/lib/rate-limiter.ts';

const fifteenMinutes = 15 * 60 * 1000;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const waitText = (seconds: number) =>
  seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');

function refuseFor(seconds: number, reason: string) {
  if (seconds > 0) throw tooManyRequests(`${reason}. Please wait ${waitText(seconds)} and try again.`, seconds);
}

const auth: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Failed sign-ins and registrations per address: one address trying many emails, or making many accounts.
  const perAddress = new RateLimiter(config.AUTH_RATE_LIMIT_IP, fifteenMinutes);
  // One address guessing one email is slowed down, never locked: the owner signing in from elsewhere is
  // not held up, and their own success clears the count.
  const perEmailAndAddress = new GrowingDelays({
    free: config.AUTH_RATE_LIMIT_EMAIL_IP,
    maxDelayMs: config.AUTH_RATE_LIMIT_MAX_DELAY * 1000,
    forgetMs: fifteenMinutes,
  });
  const refuseAddress = (ip: string) =>
    refuseFor(perAddress.blockedFor(ip), 'Too many failed attempts from this address');

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
      refuseAddress(request.ip);
      perAddress.count(request.ip);
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
      // An address holds no spaces, so no two pairs share a key.
      const pair = `${request.ip} ${email}`;
      refuseAddress(request.ip);
      refuseFor(perEmailAndAddress.admit(pair), 'Too many failed sign-ins for this email from this address');
      refuseWhenHashingIsFull();
      const account = await app.turn(() => app.repos.users.findByEmail(email));
      const isValid = await verifyPassword(password, account?.passwordHash ?? unknownUserHash);
      if (!account || !isValid) {
        perAddress.count(request.ip);
        perEmailAndAddress.fail(pair);
        throw unauthorized('Invalid email or password');
      }
      perEmailAndAddress.forget(pair);
      if (!account.active) throw forbidden(deactivatedMessage);
      const signedIn = await app.turn(() => app.repos.users.recordLogin(account.id));
      return { token: signIn(signedIn), user: signedIn };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { ownTurns: true },
      schema: { tags: ['auth'], security: [], body: resetPasswordBody, response: { 200: authResponse, ...errors } },
    },
    async (request) => {
      const { email, code, password } = request.body;
      refuseAddress(request.ip);
      // Every try counts against the address, so codes cannot be guessed in bulk.
      perAddress.count(request.ip);
      const passwordHash = await hashPassword(password);
      const user = await app.turn(() => app.repos.userAdmin.resetPassword(email, code, passwordHash));
      app.forgetAccount(user._id);
      return { token: signIn(user), user };
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
