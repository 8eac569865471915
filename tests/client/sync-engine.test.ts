import { afterEach, expect, it, vi } from 'vitest';
import { createSyncEngine } from '#client/data/sync/sync-engine.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const ignore = () => {};

afterEach(() => vi.unstubAllGlobals());

const firstPagesAsked = () =>
  device.network.sent.filter(
    ({ url }) => url.includes('/api/sync?') && url.includes('snapshot=core') && !url.includes('mark='),
  ).length;

it('goes on with the pull begun at sign-in when the loop starts, and asks for the first page once', async () => {
  const machine = await device.server.createMachine(device.admin);
  vi.stubGlobal('window', new EventTarget());
  const engine = createSyncEngine(device.db, device.network.transport, { lockName: device.lockName() });
  engine.prepare();
  const firstPage = device.network.holdNext('/api/sync');
  engine.pullNow();
  await firstPage.answered;

  // The app's screens have loaded while the first page was on its way: the loop starts.
  const stop = engine.start(
    device.account._id,
    { onOverwritten: ignore, onFailed: ignore, onAuthRequired: ignore },
    () => ignore,
  );
  firstPage.release();
  // A whole first pull: over a second on a loaded machine.
  await vi.waitFor(() => expect(engine.status.get().lastPulledAt).not.toBeNull(), { timeout: 10_000 });
  await engine.syncNow();
  stop();

  expect(firstPagesAsked()).toBe(1);
  expect(await device.db.machines.get(machine._id)).toMatchObject({ _id: machine._id });
});

it('pulls again for a change the server announces while a pull answered before it is on its way', async () => {
  vi.stubGlobal('window', new EventTarget());
  const engine = createSyncEngine(device.db, device.network.transport, { lockName: device.lockName() });
  const stop = engine.start(
    device.account._id,
    { onOverwritten: ignore, onFailed: ignore, onAuthRequired: ignore },
    () => ignore,
  );
  await vi.waitFor(() => expect(engine.status.get().lastPulledAt).not.toBeNull(), { timeout: 10_000 });

  const earlier = device.network.holdNext('/api/sync');
  const pulling = engine.syncNow();
  await earlier.answered;
  const machine = await device.server.createMachine(device.admin);
  const announced = engine.changedOnServer();
  earlier.release();
  await Promise.all([pulling, announced]);
  stop();

  expect(await device.db.machines.get(machine._id)).toMatchObject({ _id: machine._id });
});
