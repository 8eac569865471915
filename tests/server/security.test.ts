import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './helpers/app.ts';

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
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens CORS only to the configured origins', async () => {
    const allowed = await t.app.inject({ url: '/api/health', headers: { origin: 'https://tablets.plant.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://tablets.plant.example');
    const other = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves OpenAPI docs generated from the zod schemas', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const spec = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/machines/', '/api/auth/login', '/api/sync/']));
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/nothing-here');
  });

  it('asks for a token on protected routes', async () => {
    const none = await t.app.inject({ url: '/api/machines' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Please sign in');
    const forged = await t.app.inject({ url: '/api/machines', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk) => (written += chunk.toString()));
    const t = await createTestApp({ LOG_LEVEL: 'trace' }, stream);
    try {
      const account = await registerUser(t.app, 'operator');
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'correct horse 1' } });
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
    const { resolveJwtSecret } = await import('../../src/server/lib/jwt-secret.ts');
    const dir = mkdtempSync(path.join(tmpdir(), 'imsp-secret-'));
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(resolveJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });
});
