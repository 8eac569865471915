import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeCode } from '#shared/requests.ts';
import { errorSchema, fileRef, idSchema } from '#shared/schemas/common.ts';
import {
  codeParams,
  requestCreate,
  requestMachine,
  requestReceipt,
  requestStatusAnswer,
} from '#shared/schemas/request.ts';
import type { Config } from '#server/config.ts';
import { withoutAccount } from '#server/lib/change-context.ts';
import { notFound, tooManyRequests } from '#server/lib/errors.ts';
import { RateLimiter } from '#server/lib/rate-limiter.ts';
import { readUploads, uploadErrors } from '#server/lib/read-uploads.ts';

const hour = 60 * 60 * 1000;
const tags = ['requests'];
const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const deviceId = idSchema.optional().catch(undefined);

const waitText = (seconds: number) => (seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/**
 * The request page's calls (src/docs/work-requests.md): open to anyone on the plant network unless
 * REQUESTS_OPEN=0 puts them behind the sign-in. They reach the requests and nothing else, and every
 * one is counted per address and per device (`X-Device-Id`), in memory only: nothing of the sender is stored.
 */
const frontDoor: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const perAddress = new RateLimiter(config.REQUESTS_RATE_LIMIT_IP, hour);
  const perDevice = new RateLimiter(config.REQUESTS_RATE_LIMIT_DEVICE, hour);
  const lookups = new RateLimiter(config.REQUESTS_LOOKUP_LIMIT_IP, hour);

  /** Counts a request or photo from its address and device, refused with 429 once either has used up its hour. */
  function admit(request: FastifyRequest) {
    const device = deviceId.parse(request.headers['x-device-id']);
    const wait = Math.max(perAddress.blockedFor(request.ip), device ? perDevice.blockedFor(device) : 0);
    if (wait > 0) {
      throw tooManyRequests(
        `Too many requests from this device. It is kept and sent again in ${waitText(wait)}.`,
        wait,
      );
    }
    perAddress.count(request.ip);
    if (device) perDevice.count(device);
  }

  function admitLookup(request: FastifyRequest) {
    const wait = lookups.blockedFor(request.ip);
    if (wait > 0) throw tooManyRequests(`Too many lookups. Please wait ${waitText(wait)} and try again.`, wait);
    lookups.count(request.ip);
  }

  app.post(
    '/',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security: [],
        body: requestCreate,
        response: { 200: requestReceipt, 201: requestReceipt, ...errors },
      },
    },
    async (request, reply) => {
      admit(request);
      const { created, ...receipt } = await app.repos.requests.create(request.body);
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    '/photos',
    {
      schema: {
        tags,
        security: [],
        consumes: ['multipart/form-data'],
        response: { 200: fileRef, 201: fileRef, ...uploadErrors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      admit(request);
      const uploads = await readUploads(request, { field: 'file', maxFiles: 1 });
      const { files, created } = await app.repos.files.upload(uploads, withoutAccount);
      return reply.code(created ? 201 : 200).send(files[0]!);
    },
  );

  app.get(
    '/status/:code',
    { schema: { tags, security: [], params: codeParams, response: { 200: requestStatusAnswer, ...errors } } },
    async (request) => {
      admitLookup(request);
      const code = normalizeCode(request.params.code);
      if (!code) throw notFound('A tracking code has six letters and digits, such as K7M3QX');
      return app.repos.requests.status(code);
    },
  );

  app.get(
    '/machines',
    { schema: { tags, security: [], response: { 200: z.array(requestMachine), 429: errorSchema } } },
    async (request) => {
      admitLookup(request);
      return app.repos.requests.machines();
    },
  );
};

export default frontDoor;
