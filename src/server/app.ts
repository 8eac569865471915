import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { serializeError } from './lib/log-errors.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { clientErrorHandler, frameworkErrors } from './lib/protocol-errors.ts';
import compression from './plugins/external/compression.ts';
import docs from './plugins/external/docs.ts';
import multipart from './plugins/external/multipart.ts';
import security from './plugins/external/security.ts';
import auth from './plugins/app/auth.ts';
import client from './plugins/app/client.ts';
import databasePlugin from './plugins/app/database.ts';
import earlyAnswers from './plugins/app/early-answers.ts';
import errors from './plugins/app/errors.ts';
import api from './routes/api/index.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Close the database with the app (the server does; tests that share one database do not). */
  closeDatabase?: boolean;
  /** Where request logs go (stdout by default); tests capture them to check nothing secret is written. */
  /** Where log lines go (standard output when absent): a terminal's readable lines, a test's buffer. */
  logStream?: { write(line: string): unknown };
}

const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'res.headers["set-cookie"]',
];

/** The caller's `X-Request-Id` when it is a plain token (it is logged and echoed in a header), else a new one. */
function requestId(request: IncomingMessage) {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : crypto.randomUUID();
}

/** Plugins in order: external, then the app's own, then the routes. */
export async function buildApp({ config, database, closeDatabase = true, logStream }: AppOptions) {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: redactedPaths,
      serializers: { err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      // Node enforces the request timeout only when the headers' timeout is no longer, and checks every 30 s by default.
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS),
    },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  await app.register(security, { corsOrigins: config.CORS_ORIGINS, forceHttps: config.FORCE_HTTPS === '1' });
  await app.register(compression);
  await app.register(multipart);
  await app.register(docs);

  await app.register(earlyAnswers);
  await app.register(databasePlugin, { database, closeDatabase, shutdownWaitMs: config.SHUTDOWN_WAIT_MS });
  await app.register(auth, {
    secret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
    tokenTtl: config.TOKEN_TTL,
    recheckMs: config.ACCOUNT_RECHECK_SECONDS * 1000,
  });
  await app.register(client, { clientDir: config.CLIENT_DIR });

  await app.register(api, { prefix: '/api', config });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
