import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  addMachine,
  buildTestApp,
  createScratchDatabase,
  machineInput,
  registerUser,
  useTeamApp,
} from './helpers/app.ts';
import { follow } from './helpers/events.ts';

const t = useTeamApp();

async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('live updates (GET /api/events)', () => {
  it('refuses a request without a valid token with 401 { message }', async () => {
    const none = await t.app.inject({ url: '/api/events' });
    expect(none.statusCode).toBe(401);
    expect(none.json<{ message: string }>().message).toBeTruthy();
    const bad = await t.app.inject({ url: '/api/events', headers: { authorization: 'Bearer nonsense' } });
    expect(bad.statusCode).toBe(401);
  });

  it('streams a changed event after a write, and lets the server close with streams open', async () => {
    const baseUrl = await listening(t.app);
    const device = await follow(baseUrl, t.team.operator.token);
    expect(device.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await device.next('ready');
    await addMachine(t);
    await device.next('changed');
    // A burst of writes makes one event, not one per write.
    await Promise.all([addMachine(t), addMachine(t), addMachine(t)]);
    await device.next('changed');
    device.stop();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live updates across app servers', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('tells a device connected to server A of a change made through server B', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    closers.push(scratch.drop);
    const env = { JWT_SECRET: 'a shared secret of the two app servers, 32+ chars' };
    const [databaseA, databaseB] = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    const [appA, appB] = [await buildTestApp(databaseA, env), await buildTestApp(databaseB, env)];
    closers.push(
      () => databaseA.close(),
      () => databaseB.close(),
      () => appA.close(),
      () => appB.close(),
    );
    const engineer = await registerUser(appB, 'maintenance_engineer');

    const device = await follow(await listening(appA), engineer.token);
    await device.next('ready');
    const created = await appB.inject({
      method: 'POST',
      url: '/api/machines',
      headers: engineer.headers,
      payload: machineInput(),
    });
    expect(created.statusCode, created.body).toBe(201);
    await device.next('changed');
    device.stop();
  });
});
