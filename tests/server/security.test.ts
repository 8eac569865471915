import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './helpers/app.ts';
import { errorMessage, type OpenApiPaths } from './helpers/json.ts';

describe('security headers, CORS and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://tablets.plant.example' });
  });
  afterAll(() => t.close());

  it('answers health with the database kind and sends security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens CORS only to the configured origins', async () => {
    const allowed = await t.app.inject({ url: '/api/health', headers: { origin: 'https://tablets.plant.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://tablets.plant.example');
    const other = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from an allowed origin for every method and path of the API', async () => {
    const origin = 'https://tablets.plant.example';
    const requested = ['authorization', 'content-type', 'if-match', 'x-client-time', 'x-change-id'];
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiPaths>().paths;
    const list = (header: unknown) => String(header).toLowerCase().split(/,\s*/);
    const routes = Object.entries(paths).flatMap(([template, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: template.replaceAll(/\{(\w+)\}/g, (_, name: string) =>
          name === 'year' ? '2026' : name === 'month' ? '3' : '0',
        ),
      })),
    );
    expect(new Set(routes.map((route) => route.method))).toEqual(new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    for (const { method, url } of routes) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': requested.join(','),
        },
      });
      expect(preflight.statusCode, `${method} ${url}`).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(list(preflight.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
      expect(list(preflight.headers['access-control-allow-headers']), `${method} ${url}`).toEqual(
        expect.arrayContaining(requested),
      );
    }
    const answer = await t.app.inject({ url: '/api/health', headers: { origin } });
    expect(list(answer.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['etag', 'x-request-id', 'retry-after']),
    );
  });

  it('serves OpenAPI docs generated from the zod schemas', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const spec = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(spec.json<OpenApiPaths>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/machines/', '/api/auth/login', '/api/sync/']));
  });

  it('answers unknown API paths with a JSON 404 that does not echo the URL', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) as string });
    expect(response.body).not.toContain('nothing-here');
  });

  it('asks for a token on protected routes', async () => {
    const none = await t.app.inject({ url: '/api/machines' });
    expect(none.statusCode).toBe(401);
    expect(errorMessage(none)).toBe('Please sign in');
    const forged = await t.app.inject({ url: '/api/machines', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('https-only headers', () => {
  const upgrades = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['content-security-policy']).includes('upgrade-insecure-requests');

  it('are left out over plain HTTP, so a plant can serve the app on a LAN name', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const plain = await t.app.inject({ url: '/api/health', headers: { host: 'imsp.plant.lan' } });
      expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
      expect(upgrades(plain)).toBe(false);
      expect(plain.headers['strict-transport-security']).toBeUndefined();

      const viaTls = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(upgrades(viaTls)).toBe(true);
      expect(viaTls.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await t.close();
    }
  });

  it('ignore X-Forwarded-Proto from an untrusted client and are always sent with FORCE_HTTPS=1', async () => {
    const untrusted = await createTestApp();
    const forced = await createTestApp({ FORCE_HTTPS: '1' });
    try {
      const spoofed = await untrusted.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(upgrades(spoofed)).toBe(false);
      const plain = await forced.app.inject({ url: '/api/health' });
      expect(upgrades(plain)).toBe(true);
      expect(plain.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await untrusted.close();
      await forced.close();
    }
  });
});

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const t = await createTestApp({ LOG_LEVEL: 'trace' }, stream);
    try {
      const account = await registerUser(t.app, 'operator');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: 'correct horse 1' },
      });
      await t.app.inject({ url: '/api/auth/me', headers: account.headers });
      expect(written).toContain('/api/auth/me');
      expect(written).not.toContain('correct horse 1');
      expect(written).not.toContain(account.token);
    } finally {
      await t.close();
    }
  });
});

describe('JWT secret', () => {
  it('is generated once into the data directory when JWT_SECRET is unset', async () => {
    const { readFileSync } = await import('node:fs');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { resolveJwtSecret } = await import('#server/lib/jwt-secret.ts');
    const dir = mkdtempSync(path.join(tmpdir(), 'imsp-secret-'));
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(resolveJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });
});
