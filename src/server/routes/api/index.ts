import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import auth from './auth/index.ts';
import health from './health/index.ts';
import machines from './machines/index.ts';
import users from './users/index.ts';

/** Public routes first; everything else sits behind the bearer token. */
const api: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(health, { prefix: '/health' });
  await app.register(auth, { prefix: '/auth', config });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(users, { prefix: '/users' });
    await signedIn.register(machines, { prefix: '/machines' });
  });
};

export default api;
