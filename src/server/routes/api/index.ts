import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import analytics from './analytics/index.ts';
import costAnalytics from './analytics/costs.ts';
import auth from './auth/index.ts';
import costs from './costs/index.ts';
import events from './events/index.ts';
import handovers from './handovers/index.ts';
import health from './health/index.ts';
import inbox from './inbox/index.ts';
import labour from './labour/index.ts';
import incidents from './incidents/index.ts';
import machines from './machines/index.ts';
import maintenance from './maintenance/index.ts';
import parts from './parts/index.ts';
import permits from './permits/index.ts';
import purchaseRequests from './purchase-requests/index.ts';
import requestFrontDoor from './requests/front-door.ts';
import requests from './requests/index.ts';
import stockMoves from './stock-moves/index.ts';
import storerooms from './storerooms/index.ts';
import sync from './sync/index.ts';
import tickets from './tickets/index.ts';
import upload from './upload/index.ts';
import users from './users/index.ts';

/** Public routes first; everything else sits behind the bearer token. */
const api: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(health, { prefix: '/health' });
  await app.register(auth, { prefix: '/auth', config });
  const requestsOpen = config.REQUESTS_OPEN === '1';
  if (requestsOpen) await app.register(requestFrontDoor, { prefix: '/requests', config });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    if (!requestsOpen) await signedIn.register(requestFrontDoor, { prefix: '/requests', config });
    await signedIn.register(requests, { prefix: '/requests' });
    await signedIn.register(users, { prefix: '/users' });
    await signedIn.register(analytics, { prefix: '/analytics' });
    await signedIn.register(machines, { prefix: '/machines' });
    await signedIn.register(tickets, { prefix: '/tickets' });
    await signedIn.register(incidents, { prefix: '/incidents' });
    await signedIn.register(upload, { prefix: '/upload' });
    await signedIn.register(maintenance, { prefix: '/maintenance' });
    await signedIn.register(sync, { prefix: '/sync' });
    await signedIn.register(events, { prefix: '/events' });
    await signedIn.register(inbox, { prefix: '/inbox' });
    await signedIn.register(handovers, { prefix: '/handovers', config });
    await signedIn.register(permits, { prefix: '/permits' });
    await signedIn.register(parts, { prefix: '/parts' });
    await signedIn.register(stockMoves, { prefix: '/stock-moves' });
    await signedIn.register(storerooms, { prefix: '/storerooms' });
    await signedIn.register(labour, { prefix: '/labour', config });
    await signedIn.register(costs, { config });
    await signedIn.register(costAnalytics, { prefix: '/analytics', config });
    await signedIn.register(purchaseRequests, { prefix: '/purchase-requests' });
  });
};

export default api;
