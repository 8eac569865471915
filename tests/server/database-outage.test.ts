import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { buildTestApp, createScratchDatabase, machineInput, registerUser, type Account } from './helpers/app.ts';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const env = { JWT_SECRET: 'outage-test-secret-shared-by-both-app-servers' };

// Two app servers on one PostgreSQL database; the first reaches it through a proxy that can fail.
describe.skipIf(!serverUrl)('PostgreSQL outage under a running server', () => {
  let proxy: TcpProxy;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const databases: Database[] = [];
  let first: App;
  let second: App;
  let admin: Account;
  const logged: { message: string; error?: unknown }[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = await openDatabase({
      url: proxy.urlFor(scratch.url),
      log: (message, error) => logged.push({ message, error }),
    });
    const direct = await openDatabase({ url: scratch.url });
    databases.push(proxied, direct);
    first = await buildTestApp(proxied, env);
    second = await buildTestApp(direct, env);
    admin = await registerUser(second, 'admin');
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await Promise.all(databases.map((database) => database.close()));
    await proxy?.cut();
    await scratch?.drop();
  });

  const machinesOnFirst = () => first.inject({ url: '/api/machines', headers: admin.headers });
  const locationsOnFirst = async () => {
    const response = await machinesOnFirst();
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ location: string }[]>().map((machine) => machine.location);
  };
  const moveMachine = async (id: string, location: string) => {
    const response = await second.inject({
      method: 'PUT',
      url: `/api/machines/${id}`,
      headers: admin.headers,
      payload: { location },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("answers 503 with Retry-After while down, then listens again and shows the other server's changes", async () => {
    const created = await second.inject({
      method: 'POST',
      url: '/api/machines',
      headers: admin.headers,
      payload: machineInput({ location: 'Potroom A' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    expect(await locationsOnFirst()).toEqual(['Potroom A']);

    await proxy.cut();
    await vi.waitFor(
      async () => {
        const response = await machinesOnFirst();
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json()).toEqual({ message: expect.stringMatching(/database/i) as string });
      },
      { timeout: 10_000, interval: 100 },
    );
    const health = await first.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toMatch(/^\d+$/);
    // An export whose query fails is answered like any request, not with a download that breaks off.
    const exported = await first.inject({ url: '/api/tickets/export', headers: admin.headers });
    expect(exported.statusCode).toBe(503);
    expect(exported.headers['retry-after']).toMatch(/^\d+$/);
    expect(exported.json()).toEqual({ message: expect.stringMatching(/database/i) as string });

    await moveMachine(id, 'Potroom B');
    await sleep(2500); // the outage lasts longer than the old single retry after one second
    await proxy.resume();

    await vi.waitFor(async () => expect(await locationsOnFirst()).toEqual(['Potroom B']), {
      timeout: 20_000,
      interval: 200,
    });
    await vi.waitFor(() => expect(first.database.isListening()).toBe(true), { timeout: 20_000, interval: 100 });
    // A change after the outage reaches the first server's cache through LISTEN again.
    await moveMachine(id, 'Potroom C');
    await vi.waitFor(async () => expect(await locationsOnFirst()).toEqual(['Potroom C']), {
      timeout: 20_000,
      interval: 200,
    });
    const failures = logged.filter((entry) => entry.error instanceof Error);
    expect(failures.length, JSON.stringify(logged)).toBeGreaterThanOrEqual(2); // the loss and each failed attempt
    expect(logged.at(-1)!.message).toMatch(/listening again/);
  });
});
