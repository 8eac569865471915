import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { createApi } from '#client/lib/api.ts';
import { KioskDatabase } from '#client/features/requests/kiosk-db.ts';
import {
  createKioskSender,
  discardRequest,
  loadMachines,
  retryRequest,
  saveRequest,
} from '#client/features/requests/kiosk-outbox.ts';
import type { Account } from '../server/helpers/app.ts';
import { pngFile } from './helpers/changes.ts';
import { createNetwork, startLiveServer } from './helpers/live-server.ts';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let engineer: Account;
let machine: { _id: string; name: string };
let db: KioskDatabase;
let network: ReturnType<typeof createNetwork>;
let clock: number;

beforeAll(async () => {
  server = await startLiveServer();
  engineer = await server.register('maintenance_engineer');
  machine = await server.createMachine(await server.register('admin'));
});
afterAll(() => server.close());

beforeEach(() => {
  db = new KioskDatabase(`kiosk-${randomUUID()}`);
  // Nobody is signed in on a kiosk.
  network = createNetwork(server.baseUrl, () => null);
  clock = Date.now();
});

const sender = () => createKioskSender(db, createApi(network.transport), randomUUID(), () => clock);
const request = (description: string) => ({
  _id: randomUUID(),
  kind: 'repair' as const,
  machine: machine._id,
  description,
  urgency: 'this shift' as const,
});
const photo = () => ({ _id: randomUUID(), blob: pngFile('leak.png'), name: 'leak.png' });

async function requestsOnServer(description: string) {
  const response = await server.t.app.inject({ url: '/api/requests', headers: engineer.headers });
  return response.json<WorkRequest[]>().filter((candidate) => candidate.description === description);
}

it('keeps a request made offline and sends it, with its photo, exactly once when the network returns', async () => {
  network.isDown = true;
  const made = request(`Oil under gearbox ${randomUUID().slice(0, 6)}`);
  await saveRequest(db, made, photo());
  const kiosk = sender();
  await kiosk.run();
  expect(await db.requests.get(made._id)).toMatchObject({ code: null, error: null, attempts: 1 });

  // Back online, but the first answer is lost on the way back: the request is sent again, same _id.
  network.isDown = false;
  network.loseNextResponses = 2;
  await kiosk.retryNow();
  await kiosk.retryNow();
  await kiosk.retryNow();
  const stored = await db.requests.get(made._id);
  expect(stored).toMatchObject({ status: 'New', error: null, photo: null });
  expect(stored!.code).toMatch(/^[A-Z0-9]{6}$/);

  const onServer = await requestsOnServer(made.description);
  expect(onServer).toHaveLength(1);
  expect(onServer[0]).toMatchObject({ code: stored!.code, photo: { mimeType: 'image/png' } });
  // Nothing left to send: another run sends nothing.
  const calls = network.sent.length;
  await kiosk.retryNow();
  expect(network.sent.length).toBe(calls);
});

it('waits out a 429 and sends the request later, losing nothing', async () => {
  const limited = await startLiveServer({ REQUESTS_RATE_LIMIT_DEVICE: '1' });
  try {
    network = createNetwork(limited.baseUrl, () => null);
    const kiosk = sender();
    // That server has no machines: these requests name none.
    const first = { ...request('First request'), machine: undefined };
    const second = { ...request('Second request'), machine: undefined };
    await saveRequest(db, first, null, new Date(clock - 1000));
    await saveRequest(db, second, null);
    await kiosk.run();
    expect(await db.requests.get(first._id)).toMatchObject({ status: 'New' });
    const waiting = await db.requests.get(second._id);
    expect(waiting).toMatchObject({ code: null, error: null, attempts: 1 });
    expect(waiting!.nextAttemptAt).toBeGreaterThanOrEqual(clock + 59 * 60 * 1000);
    // Not due yet: the next run leaves it waiting.
    await kiosk.run();
    expect((await db.requests.get(second._id))!.attempts).toBe(1);
  } finally {
    await limited.close();
  }
});

it('keeps a refused request visible with the message, and sends it once the user retries', async () => {
  const kiosk = sender();
  const refused = { ...request('Machine gone'), machine: randomUUID() };
  await saveRequest(db, refused, null);
  await kiosk.run();
  expect(await db.requests.get(refused._id)).toMatchObject({
    code: null,
    error: 'The machine was not found: choose it again',
  });
  // Still there after another run; a retry as it stands is refused again; discarding removes it.
  await kiosk.retryNow();
  expect((await db.requests.get(refused._id))!.error).toMatch(/machine was not found/);
  await retryRequest(db, refused._id);
  await kiosk.run();
  expect((await db.requests.get(refused._id))!.error).toMatch(/machine was not found/);
  await discardRequest(db, refused._id);
  expect(await db.requests.count()).toBe(0);
});

it('lists the machines from the server, and from the device when the network is down', async () => {
  const online = await loadMachines(db, createApi(network.transport));
  expect(online.map((candidate) => candidate._id)).toContain(machine._id);
  network.isDown = true;
  const offline = await loadMachines(db, createApi(network.transport));
  expect(offline).toEqual(online);
});
