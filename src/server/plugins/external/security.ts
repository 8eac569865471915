import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * `upgrade-insecure-requests` and HSTS only where the browser reached the app over TLS: on a plant LAN
 * served over plain HTTP they would send every asset to an https address nobody answers.
 */
const helmetOptions = (overTls: boolean): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the label scanner compile its WebAssembly decoder; eval stays blocked.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // React and nivo set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: overTls ? [] : null,
    },
  },
  strictTransportSecurity: overTls,
  crossOriginEmbedderPolicy: false,
});

/**
 * Helmet's headers never change between requests, so they are computed once and set from a list
 * (building them per request halved the throughput of cached API answers).
 */
function staticSecurityHeaders(overTls: boolean): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(helmetOptions(overTls))({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}

/** Headers a cross-origin client built for the original app sends and reads. */
const corsHeaders = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'X-Client-Time', 'X-Change-Id', 'X-Request-Id'],
  exposedHeaders: ['ETag', 'X-Request-Id', 'Retry-After'],
};

/**
 * Security headers with a content security policy the app passes, and CORS closed unless configured.
 * A request counts as over TLS when a trusted proxy says so (X-Forwarded-Proto with TRUST_PROXY) or
 * FORCE_HTTPS says every request is.
 */
export default fp<{ corsOrigins: string[]; forceHttps: boolean }>(
  async (app, options) => {
    const tlsHeaders = staticSecurityHeaders(true);
    const plainHeaders = options.forceHttps ? tlsHeaders : staticSecurityHeaders(false);
    app.addHook('onRequest', (request, reply, done) => {
      // The request id is echoed so a user's error report can be matched with the server log.
      reply.headers(request.protocol === 'https' ? tlsHeaders : plainHeaders).header('x-request-id', request.id);
      done();
    });
    if (options.corsOrigins.length > 0) {
      await app.register(cors, { origin: options.corsOrigins, ...corsHeaders });
    }
  },
  { name: 'security' },
);
