import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '#server/db/schema.ts';
import type { Role } from '#shared/enums.ts';
import { createTestApp, registerUser, type TestApp } from './helpers/app.ts';
import type { OpenApiPaths } from './helpers/json.ts';

const setRole = (t: TestApp, userId: string, role: Role) =>
  t.database.db.update(users).set({ role }).where(eq(users.id, userId));

describe('a deleted account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ACCOUNT_RECHECK_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('gets 401 on every route that needs a token', async () => {
    const account = await registerUser(t.app, 'admin');
    expect((await t.app.inject({ url: '/api/machines', headers: account.headers })).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, account._id));

    const paths = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiPaths<{ security?: unknown[] }>>().paths;
    const routes = Object.entries(paths).flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.length !== 0)
        .map(([method]) => ({
          method: method.toUpperCase() as 'GET',
          url: template.replaceAll(/\{\w+\}/g, crypto.randomUUID()),
        })),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      const response = await t.app.inject({
        method,
        url,
        headers: account.headers,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Your account no longer exists. Please sign in again.' });
    }
  });
});

describe('a role change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const analytics = (headers: { authorization: string }) =>
    t.app.inject({ url: '/api/analytics/tickets/mttr', headers }).then((response) => response.statusCode);

  it('applies within a minute, without signing in again', async () => {
    const account = await registerUser(t.app, 'operator');
    expect(await analytics(account.headers)).toBe(403);

    await setRole(t, account._id, 'safety_officer');
    // Read once a minute, not on every request.
    expect(await analytics(account.headers)).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    expect(await analytics(account.headers)).toBe(200);

    await setRole(t, account._id, 'operator');
    vi.setSystemTime(Date.now() + 60_000);
    expect(await analytics(account.headers)).toBe(403);
  });
});
