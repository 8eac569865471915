import { expect, it } from 'vitest';
import { queueChange } from '#client/data/outbox/writes.ts';
import { newTicket } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';

// The server answers 408 to a request whose body has not fully arrived by then.
const device = useLiveDevice('maintenance_engineer', { REQUEST_TIMEOUT_MS: '300' });

it('retries with backoff a change whose body stopped arriving (408), then sends it once', async () => {
  const machine = await device.server.createMachine(device.admin);
  const create = newTicket(device.user(), machine, `Stalled ${crypto.randomUUID().slice(0, 6)}`);
  await queueChange(device.db, create);
  let clock = 1_000_000;
  const replay = device.replayer({ now: () => clock, random: () => 1 });
  device.network.stallNextBody('/tickets');

  await replay.run();
  const [entry] = await device.db.outbox.toArray();
  expect(entry).toMatchObject({ state: 'pending', attempts: 1, waitsForNetwork: false, error: null });
  expect(entry!.nextAttemptAt).toBeGreaterThan(clock);
  expect(device.status.get().isOnline).toBe(true);

  clock = entry!.nextAttemptAt;
  await replay.run();
  replay.stop();
  expect(await device.db.outbox.count()).toBe(0);
  const stored = await device.adminGet(`/api/tickets/${create.recordId}`);
  expect(stored.statusCode).toBe(200);
  expect(device.network.sent.filter((call) => call.method === 'POST')).toHaveLength(2);
});
